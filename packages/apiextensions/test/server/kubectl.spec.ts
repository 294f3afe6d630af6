import { writeFile } from 'node:fs/promises';
import { findKubectl, runKubectl, tempDir } from '@apiserver/testing';
import t from 'tap';
import { cronTabCRD, startChain, writeKubeconfig } from './harness.js';

const CRD_YAML = JSON.stringify(cronTabCRD());
const CT = (name: string, spec: Record<string, unknown>) => JSON.stringify({ apiVersion: 'stable.example.com/v1', kind: 'CronTab', metadata: { name }, spec });

const found = await findKubectl();
t.test('kubectl applies a CRD, then applies, gets, edits, explains and deletes custom objects', { skip: 'reason' in found ? found.reason : false }, async (t) => {
  if (!('binary' in found)) return;
  const { url } = await startChain(t);
  const work = await tempDir('apiextensions-kubectl-');
  t.teardown(work.remove);
  const kubeconfig = await writeKubeconfig(work.path, url);
  const kubectl = async (args: string[], expectCode = 0) => {
    const res = await runKubectl(found.binary, args, { kubeconfig, cacheDir: `${work.path}/cache`, timeoutMs: 30_000 });
    t.equal(res.code, expectCode, `kubectl ${args.join(' ')}: ${res.stderr}`);
    return res;
  };
  await writeFile(`${work.path}/crd.json`, CRD_YAML);
  t.match((await kubectl(['apply', '-f', `${work.path}/crd.json`])).stdout, /customresourcedefinition.apiextensions.k8s.io\/crontabs.stable.example.com created/);
  await kubectl(['wait', '--for=condition=Established', 'crd/crontabs.stable.example.com', '--timeout=10s']);

  await writeFile(`${work.path}/ct.json`, CT('c1', { cronSpec: '* * * * */5', image: 'img' }));
  t.match((await kubectl(['apply', '-f', `${work.path}/ct.json`])).stdout, /crontab.stable.example.com\/c1 created/);
  await writeFile(`${work.path}/ct.json`, CT('c1', { cronSpec: '* * * * */5', image: 'img2' }));
  t.match((await kubectl(['apply', '-f', `${work.path}/ct.json`])).stdout, /crontab.stable.example.com\/c1 configured/);

  const table = (await kubectl(['get', 'ct'])).stdout;
  t.match(table, /NAME\s+SPEC\s+REPLICAS/);
  t.match(table, /c1\s+\* \* \* \* \*\/5\s+1/);
  const obj = JSON.parse((await kubectl(['get', 'crontab', 'c1', '-o', 'json'])).stdout);
  t.equal(obj.spec.image, 'img2');
  t.match((await kubectl(['get', 'all'])).stdout, /c1\s+\* \* \* \* \*\/5/, 'the all category lists crontabs');

  const editor = `${work.path}/editor.sh`;
  await writeFile(editor, '#!/bin/sh\nsed -i "s/img2/img3/" "$1"\n', { mode: 0o755 });
  const edited = await runKubectl(found.binary, ['edit', 'crontab', 'c1'], { kubeconfig, cacheDir: `${work.path}/cache`, timeoutMs: 30_000, env: { ...process.env, KUBE_EDITOR: editor } });
  t.equal(edited.code, 0, edited.stderr);
  t.equal(JSON.parse((await kubectl(['get', 'crontab', 'c1', '-o', 'json'])).stdout).spec.image, 'img3');

  const changed = cronTabCRD();
  const version = (changed.spec as { versions: Record<string, unknown>[] }).versions[0] as { additionalPrinterColumns: unknown[] };
  version.additionalPrinterColumns = [...version.additionalPrinterColumns, { name: 'Image', type: 'string', jsonPath: '.spec.image' }];
  await writeFile(`${work.path}/crd.json`, JSON.stringify(changed));
  t.match((await kubectl(['apply', '-f', `${work.path}/crd.json`])).stdout, /crontabs.stable.example.com configured/);
  let printed = '';
  for (let i = 0; i < 20 && !/IMAGE/.test(printed); i++) printed = (await kubectl(['get', 'crontabs'])).stdout;
  t.match(printed, /c1\s+\* \* \* \* \*\/5\s+1\s+img3/, 'the changed CRD is served');

  await kubectl(['scale', 'crontab', 'c1', '--replicas=4']);
  t.equal(JSON.parse((await kubectl(['get', 'crontab', 'c1', '-o', 'json'])).stdout).spec.replicas, 4);

  const explain = (await kubectl(['explain', 'crontab.spec'])).stdout;
  t.match(explain, /KIND:\s+CronTab/);
  t.match(explain, /cronSpec\s+<string> -required-/);
  t.match(explain, /The cron expression/);

  await writeFile(`${work.path}/bad.json`, CT('c2', { cronSpec: '* * * * */5', bogus: 1 }));
  const strict = await kubectl(['apply', '-f', `${work.path}/bad.json`], 1);
  t.match(strict.stderr, /unknown field "spec.bogus"/);

  t.match((await kubectl(['delete', 'crontab', 'c1'])).stdout, /crontab.stable.example.com "c1" deleted/);
  t.match((await kubectl(['delete', '-f', `${work.path}/crd.json`])).stdout, /deleted/);
  const gone = await kubectl(['get', 'crontabs'], 1);
  t.match(gone.stderr, /the server doesn't have a resource type "crontabs"|the server could not find the requested resource/);
});
