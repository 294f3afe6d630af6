import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { findKubectl, runKubectl, tempDir } from '@apiserver/testing';
import t from 'tap';
import { startSampleAPIServer } from './sample-apiserver/server.js';
import { eventually, fetchText, json, startAggregator } from './fixtures.js';

const lookup = await findKubectl();

t.test('kubectl through the aggregator', { skip: 'reason' in lookup ? lookup.reason : false }, async (t) => {
  if (!('binary' in lookup)) return;
  const sample = await startSampleAPIServer();
  const f = await startAggregator();
  const dir = await tempDir('aggregator-kubectl-');
  t.teardown(async () => {
    await f.stop();
    await sample.stop();
    await dir.remove();
  });
  f.services.set('default/api:443', sample.url);
  const kubeconfig = path.join(dir.path, 'kubeconfig');
  await writeFile(
    kubeconfig,
    `apiVersion: v1\nkind: Config\nclusters:\n- name: c\n  cluster:\n    server: ${f.url}\ncontexts:\n- name: c\n  context:\n    cluster: c\n    user: u\ncurrent-context: c\nusers:\n- name: u\n  user: {}\n`,
  );
  const options = { kubeconfig, cacheDir: path.join(dir.path, 'cache'), timeoutMs: 60_000 };
  const kubectl = (...args: string[]) => runKubectl(lookup.binary, args, options);
  const file = async (name: string, text: string): Promise<string> => {
    await writeFile(path.join(dir.path, name), text);
    return path.join(dir.path, name);
  };

  const apiServiceYAML = [
    'apiVersion: apiregistration.k8s.io/v1',
    'kind: APIService',
    'metadata:',
    '  name: v1alpha1.wardle.example.com',
    'spec:',
    '  group: wardle.example.com',
    '  version: v1alpha1',
    '  groupPriorityMinimum: 1000',
    '  versionPriority: 15',
    '  insecureSkipTLSVerify: true',
    '  service:',
    '    namespace: default',
    '    name: api',
    '',
  ].join('\n');
  const created = await kubectl('create', '-f', await file('apiservice.yaml', apiServiceYAML));
  t.equal(created.code, 0, created.stderr);
  t.equal(created.stdout.trim(), 'apiservice.apiregistration.k8s.io/v1alpha1.wardle.example.com created');
  t.ok(
    await eventually(async () => {
      const obj = json(await fetchText(`${f.url}/apis/apiregistration.k8s.io/v1/apiservices/v1alpha1.wardle.example.com`)) as {
        status?: { conditions?: Array<{ status: string }> };
      };
      return obj.status?.conditions?.[0]?.status === 'True';
    }),
  );

  const apiservices = await kubectl('get', 'apiservices');
  t.equal(apiservices.code, 0, apiservices.stderr);
  t.match(apiservices.stdout, /^NAME\s+SERVICE\s+AVAILABLE\s+AGE\n/);
  t.match(apiservices.stdout, /\nv1\.\s+Local\s+True\s+\S+\n/, 'auto-registered core group');
  t.match(apiservices.stdout, /\nv1\.apps\s+Local\s+True\s+/);
  t.match(apiservices.stdout, /\nv1alpha1\.wardle\.example\.com\s+default\/api\s+True\s+/);

  const resources = await kubectl('api-resources');
  t.equal(resources.code, 0, resources.stderr);
  t.match(resources.stdout, /\nflunders\s+fl\s+wardle\.example\.com\/v1alpha1\s+true\s+Flunder\n/);
  t.match(resources.stdout, /\napiservices\s+apiregistration\.k8s\.io\/v1\s+false\s+APIService\n/);
  t.match(resources.stdout, /\ndeployments\s+apps\/v1\s+true\s+Deployment\n/);

  const explain = await kubectl('explain', 'flunders.spec');
  t.equal(explain.code, 0, explain.stderr);
  t.match(explain.stdout, /GROUP:\s+wardle\.example\.com/);
  t.match(explain.stdout, /KIND:\s+Flunder/);
  t.match(explain.stdout, /reference\s+<string>/);

  const flunderYAML = 'apiVersion: wardle.example.com/v1alpha1\nkind: Flunder\nmetadata:\n  name: my-flunder\n  namespace: default\nspec:\n  reference: other\n';
  const made = await kubectl('create', '-f', await file('flunder.yaml', flunderYAML));
  t.equal(made.code, 0, made.stderr);
  t.equal(made.stdout.trim(), 'flunder.wardle.example.com/my-flunder created');

  const flunders = await kubectl('get', 'flunders', '-n', 'default');
  t.equal(flunders.code, 0, flunders.stderr);
  t.match(flunders.stdout, /^NAME\s+CREATED AT\nmy-flunder\s+\S+/);
  const short = await kubectl('get', 'fl', 'my-flunder', '-n', 'default', '-o', 'jsonpath={.spec.reference}');
  t.equal(short.stdout, 'other', short.stderr);

  await sample.stop();
  t.ok(
    await eventually(async () => {
      const r = await kubectl('get', 'apiservices', 'v1alpha1.wardle.example.com', '--no-headers');
      return /False \(FailedDiscoveryCheck\)/.test(r.stdout);
    }, 10_000),
  );
  const down = await kubectl('get', 'flunders', '-n', 'default');
  t.not(down.code, 0);
  t.match(down.stderr, /ServiceUnavailable|service unavailable|unable to handle the request/);
});
