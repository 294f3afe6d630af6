import { spawn, spawnSync } from 'node:child_process';
import { findKubectl, runKubectl } from '@apiserver/testing';
import t from 'tap';
import { KUBE_LITE_BIN, waitFor } from './cli-process.js';

const bin = KUBE_LITE_BIN;

t.test('invalid --runtime-config values: every error with the other flag errors, exit 1, nothing started', async (t) => {
  const r = spawnSync(process.execPath, [bin, '--runtime-config=nope/v1=false,apps/v1=maybe', '--port=70000', '--runtime-config', 'apps/v9=false,apps/v1/Deployments=false,api/all=off'], {
    encoding: 'utf8',
    timeout: 20_000,
  });
  t.equal(r.status, 1);
  t.equal(
    r.stderr,
    [
      'Error: --port 70000 must be between 0 and 65535, inclusive (-1 disables)',
      'Error: invalid value of apps/v1: maybe, err: strconv.ParseBool: parsing "maybe": invalid syntax',
      'Error: group version apps/v9 that has not been registered',
      'Error: invalid key apps/v1/Deployments: group/version/resource and resource is always lowercase plural, not "Deployments"',
      'Error: invalid value api/all=off',
      'Error: unknown api groups nope',
      'Run "kube-lite --help" for usage.',
      '',
    ].join('\n'),
  );
  t.equal(r.stdout, '');
  const alone = spawnSync(process.execPath, [bin, '--runtime-config=api/all=false'], { encoding: 'utf8', timeout: 20_000 });
  t.equal(alone.status, 1);
  t.match(alone.stderr, /^Error: invalid key with only api\/all=false\n/);
});

const found = await findKubectl();

t.test('kubectl api-resources does not list disabled resources or groups', { skip: 'reason' in found ? found.reason : false }, async (t) => {
  if (!('binary' in found)) return;
  const dataDir = t.testdir();
  const child = spawn(process.execPath, [bin, '--port=0', `--data-dir=${dataDir}`, '--runtime-config=apps/v1/deployments=false,coordination.k8s.io/v1=false,v1/pods=false'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  t.teardown(() => {
    child.kill('SIGKILL');
  });
  await waitFor(child, /kubeconfig: .*\n/);
  const options = { kubeconfig: `${dataDir}/kubeconfig`, cacheDir: `${dataDir}/kube-cache` };
  const r = await runKubectl(found.binary, ['api-resources', '-o', 'name'], options);
  t.equal(r.code, 0, r.stderr);
  const listed = r.stdout.trim().split('\n');
  t.ok(listed.includes('replicasets.apps'), 'replicasets stay');
  t.ok(listed.includes('configmaps'), 'core stays');
  t.notOk(listed.includes('deployments.apps'), 'deployments are gone');
  t.notOk(listed.includes('pods'), 'pods are gone');
  t.notOk(listed.some((n) => n.endsWith('.coordination.k8s.io')), 'the coordination group is gone');
  const get = await runKubectl(found.binary, ['get', 'deployments.apps'], options);
  t.not(get.code, 0);
  t.match(get.stderr, /the server doesn't have a resource type "deployments"/);
});
