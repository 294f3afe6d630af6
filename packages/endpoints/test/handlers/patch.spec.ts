/** PATCH through real HTTP: JSON patch, merge patch, strategic merge patch; 415 for unknown types (apply: apply*.test.ts). */
import t from 'tap';
import { startTestServer } from '../helpers/server.js';

const cmPath = '/api/v1/namespaces/default/configmaps';
const depPath = '/apis/apps/v1/namespaces/default/deployments';
const JSON_CT = { 'Content-Type': 'application/json' };
const JP = { 'Content-Type': 'application/json-patch+json' };
const MP = { 'Content-Type': 'application/merge-patch+json' };
const SMP = { 'Content-Type': 'application/strategic-merge-patch+json' };

const deployment = JSON.stringify({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', labels: { app: 'web', tier: 'fe' } },
  spec: {
    replicas: 1,
    selector: { matchLabels: { app: 'web' } },
    template: {
      metadata: { labels: { app: 'web' } },
      spec: { containers: [{ name: 'a', image: 'a:1' }, { name: 'b', image: 'b:1' }] },
    },
  },
});

type Dep = { spec: { replicas: number; template: { spec: { containers: { name: string; image: string }[] } } }; metadata: { labels: Record<string, string> } };

t.test('the three patch types', async (t) => {
  const s = await startTestServer();
  t.teardown(() => s.close());
  t.equal((await s.request('POST', depPath, { body: deployment, headers: JSON_CT })).status, 201);
  await s.request('POST', cmPath, { body: JSON.stringify({ metadata: { name: 'c' }, data: { a: '1', b: '2' } }), headers: JSON_CT });

  const jp = await s.request('PATCH', `${cmPath}/c`, {
    body: JSON.stringify([{ op: 'replace', path: '/data/a', value: 'x' }, { op: 'remove', path: '/data/b' }, { op: 'add', path: '/data/c~1d', value: '3' }, { op: 'test', path: '/data/a', value: 'x' }]),
    headers: JP,
  });
  t.equal(jp.status, 200);
  t.same(jp.json().data, { a: 'x', 'c/d': '3' });

  const mp = await s.request('PATCH', `${cmPath}/c`, { body: JSON.stringify({ data: { a: null, e: '5' } }), headers: MP });
  t.equal(mp.status, 200);
  t.same(mp.json().data, { 'c/d': '3', e: '5' });

  const smp = await s.request('PATCH', `${depPath}/web`, {
    body: JSON.stringify({ metadata: { labels: { tier: null } }, spec: { replicas: 3, template: { spec: { containers: [{ name: 'b', image: 'b:2' }, { name: 'c', image: 'c:1' }] } } } }),
    headers: SMP,
  });
  t.equal(smp.status, 200);
  const d = smp.json() as unknown as Dep;
  t.equal(d.spec.replicas, 3);
  t.same(d.metadata.labels, { app: 'web' });
  t.same(d.spec.template.spec.containers.map((c) => `${c.name}=${c.image}`), ['a=a:1', 'b=b:2', 'c=c:1'], 'containers merged by name');

  const del = await s.request('PATCH', `${depPath}/web`, {
    body: JSON.stringify({ spec: { template: { spec: { containers: [{ name: 'a', $patch: 'delete' }], '$setElementOrder/containers': [{ name: 'c' }, { name: 'b' }] } } } }),
    headers: SMP,
  });
  t.same((del.json() as unknown as Dep).spec.template.spec.containers.map((c) => c.name), ['c', 'b'], '$patch: delete and $setElementOrder');

  const replace = await s.request('PATCH', `${depPath}/web`, {
    body: JSON.stringify({ spec: { template: { spec: { containers: [{ name: 'z', image: 'z:1' }, { $patch: 'replace' }] } } } }),
    headers: SMP,
  });
  t.same((replace.json() as unknown as Dep).spec.template.spec.containers.map((c) => `${c.name}=${c.image}`), ['z=z:1'], '$patch: replace on a list');

  const mergeReplacesLists = await s.request('PATCH', `${depPath}/web`, {
    body: JSON.stringify({ spec: { template: { spec: { containers: [{ name: 'only', image: 'o:1' }] } } } }),
    headers: MP,
  });
  t.same((mergeReplacesLists.json() as unknown as Dep).spec.template.spec.containers.map((c) => c.name), ['only'], 'merge patch replaces lists');
});

t.test('patch errors', async (t) => {
  const s = await startTestServer();
  t.teardown(() => s.close());
  await s.request('POST', cmPath, { body: JSON.stringify({ metadata: { name: 'c' }, data: { a: '1' } }), headers: JSON_CT });
  const cases: { name: string; body: string; headers: Record<string, string>; path?: string; status: number; message?: RegExp | string }[] = [
    { name: 'apply without fieldManager', body: 'metadata: {}', headers: { 'Content-Type': 'application/apply-patch+yaml' }, status: 422, message: 'PatchOptions.meta.k8s.io "" is invalid: fieldManager: Required value: is required for apply patch' },
    { name: 'plain JSON', body: '{}', headers: JSON_CT, status: 415 },
    { name: 'missing object', body: '{}', headers: MP, path: `${cmPath}/nope`, status: 404, message: 'configmaps "nope" not found' },
    { name: 'malformed JSON patch', body: '{"op":', headers: JP, status: 400 },
    { name: 'JSON patch not an array', body: '{"op":"add"}', headers: JP, status: 400 },
    { name: 'JSON patch failing test', body: '[{"op":"test","path":"/data/a","value":"2"}]', headers: JP, status: 422, message: 'the server rejected our request due to an error in our request' },
    { name: 'JSON patch missing path', body: '[{"op":"remove","path":"/data/zz"}]', headers: JP, status: 422 },
    { name: 'JSON patch replacing the root with a list', body: '[{"op":"replace","path":"","value":[1]}]', headers: JP, status: 422 },
    { name: 'malformed merge patch', body: '{', headers: MP, status: 400 },
    { name: 'strategic patch not an object', body: '[1]', headers: SMP, status: 400 },
    { name: 'unknown $patch directive', body: '{"data":{"$patch":"explode"}}', headers: SMP, status: 400 },
    { name: 'rename through a patch', body: '{"metadata":{"name":"d"}}', headers: MP, status: 400, message: 'the name of the object (d) does not match the name on the URL (c)' },
    { name: 'kind change', body: '{"kind":"Secret"}', headers: MP, status: 422, message: /: converting \(v1\.Secret\) to \(core\.ConfigMap\): unknown conversion$/ },
    { name: 'force on a non-apply patch', body: '{}', headers: MP, path: `${cmPath}/c?force=true`, status: 422, message: /force: Forbidden: may not be specified for non-apply patch/ },
    { name: 'strict unknown field', body: '{"spec":{"x":1}}', headers: MP, path: `${cmPath}/c?fieldValidation=Strict`, status: 422, message: /strict decoding error: unknown field "spec"/ },
    { name: 'stale resourceVersion', body: '{"metadata":{"resourceVersion":"1"}}', headers: MP, status: 409 },
  ];
  for (const c of cases) {
    const res = await s.request('PATCH', c.path ?? `${cmPath}/c`, { body: c.body, headers: c.headers });
    t.equal(res.status, c.status, `${c.name}: status`);
    t.match(res.json(), { kind: 'Status', code: c.status }, `${c.name}: Status`);
    if (c.message !== undefined) t.match(res.json().message, c.message, `${c.name}: message`);
  }
  const after = await s.request('GET', `${cmPath}/c`);
  t.same(after.json().data, { a: '1' }, 'nothing changed');
  const warn = await s.request('PATCH', `${cmPath}/c`, { body: '{"spec":{"x":1}}', headers: MP });
  t.equal(warn.status, 200);
  t.match(warn.headers.warning, /unknown field \\"spec\\"/);
  const dry = await s.request('PATCH', `${cmPath}/c?dryRun=All`, { body: '{"data":{"a":"dry"}}', headers: MP });
  t.same(dry.json().data, { a: 'dry' });
  t.same((await s.request('GET', `${cmPath}/c`)).json().data, { a: '1' }, 'dry run not stored');
});

t.test('a patched object that does not decode: 422 on `patch` with no kind or name, as upstream patchers answer', async (t) => {
  const s = await startTestServer();
  t.teardown(() => s.close());
  t.equal((await s.request('POST', cmPath, { body: JSON.stringify({ metadata: { name: 'u' }, data: { a: '1' } }), headers: JSON_CT })).status, 201);
  const strictMerge = await s.request('PATCH', `${cmPath}/u?fieldValidation=Strict`, { body: '{"bogus":1}', headers: MP });
  t.equal(strictMerge.status, 422);
  const merged = strictMerge.json() as { message: string; details: Record<string, unknown> };
  // jsonPatcher shows the patched object's JSON; kubectl prints such a Status as "The request is invalid: patch: …".
  t.match(merged.message, /^ "" is invalid: patch: Invalid value: "\{.*\\"bogus\\":1\}": strict decoding error: unknown field "bogus"$/);
  t.match(merged.message, /\\"name\\":\\"u\\"/, 'the value is the patched object, not the patch');
  t.same(Object.keys(merged.details), ['causes'], 'no kind and no name in the details');
  t.match(merged.details, { causes: [{ reason: 'FieldValueInvalid', field: 'patch' }] });

  const strictSMP = await s.request('PATCH', `${cmPath}/u?fieldValidation=Strict`, { body: '{"data":{"b":"2"},"bogus":{"x":[1,2.5,null,true,"s"]}}', headers: SMP });
  t.equal(strictSMP.status, 422);
  // smpPatcher shows the patch as Go prints the decoded map (keys sorted, integers as int64).
  t.equal(
    (strictSMP.json() as { message: string }).message,
    ' "" is invalid: patch: Invalid value: "map[bogus:map[x:[1 2.5 <nil> true s]] data:map[b:2]]": strict decoding error: unknown field "bogus"',
  );

  const wrongType = await s.request('PATCH', `${cmPath}/u`, { body: JSON.stringify([{ op: 'replace', path: '/data', value: 5 }]), headers: JP });
  t.equal(wrongType.status, 422);
  t.match((wrongType.json() as { message: string }).message, /^ "" is invalid: patch: Invalid value: "\{.*\\"data\\":5.*\}": /);
  t.same((await s.request('GET', `${cmPath}/u`)).json().data, { a: '1' }, 'nothing stored');
});
