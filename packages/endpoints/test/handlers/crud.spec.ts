/** GET, LIST, CREATE, UPDATE, DELETE and DELETECOLLECTION through real HTTP. */
import t from 'tap';
import { startTestServer } from '../helpers/server.js';

const cm = (name: string, data: Record<string, string> = { a: '1' }, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, ...extra }, data });
const JSON_CT = { 'Content-Type': 'application/json' };
const base = '/api/v1/namespaces/default/configmaps';

t.test('create, get, list, update, delete', async (t) => {
  const s = await startTestServer();
  t.teardown(() => s.close());

  const created = await s.request('POST', base, { body: cm('one'), headers: JSON_CT });
  t.equal(created.status, 201);
  t.equal(created.headers['content-type'], 'application/json');
  const obj = created.json();
  t.match(obj, { kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: 'one', namespace: 'default', resourceVersion: '11' }, data: { a: '1' } });

  const got = await s.request('GET', `${base}/one`);
  t.equal(got.status, 200);
  t.match(got.json(), { metadata: { name: 'one', uid: 'uid-one' } });

  const yaml = await s.request('GET', `${base}/one`, { headers: { Accept: 'application/yaml' } });
  t.equal(yaml.headers['content-type'], 'application/yaml');
  t.match(yaml.text, /kind: ConfigMap/);

  const pb = await s.request('GET', `${base}/one`, { headers: { Accept: 'application/vnd.kubernetes.protobuf' } });
  t.equal(pb.headers['content-type'], 'application/vnd.kubernetes.protobuf');
  t.same([...pb.body.subarray(0, 4)], [0x6b, 0x38, 0x73, 0x00], 'k8s\\0 envelope');

  const pretty = await s.request('GET', `${base}/one?pretty=true`);
  t.match(pretty.text, /^\{\n {2}"kind": "ConfigMap"/);
  const curl = await s.request('GET', `${base}/one`, { headers: { 'User-Agent': 'curl/8.0' } });
  t.match(curl.text, /\n {2}"kind"/, 'curl gets pretty JSON');

  await s.request('POST', base, { body: cm('two', { b: '2' }, { labels: { app: 'x' } }), headers: JSON_CT });
  const list = await s.request('GET', base);
  t.equal(list.status, 200);
  t.match(list.json(), { kind: 'ConfigMapList', apiVersion: 'v1', metadata: { resourceVersion: '12' } });
  t.equal((list.json().items as unknown[]).length, 2);
  const selected = await s.request('GET', `${base}?labelSelector=app%3Dx`);
  t.same((selected.json().items as { metadata: { name: string } }[]).map((i) => i.metadata.name), ['two']);
  const byField = await s.request('GET', `${base}?fieldSelector=metadata.name%3Done`);
  t.same((byField.json().items as { metadata: { name: string } }[]).map((i) => i.metadata.name), ['one']);
  const phase = await s.request('GET', '/api/v1/namespaces?fieldSelector=status.phase%3DActive');
  t.equal(phase.status, 200, 'extra field label of Namespace accepted');
  const all = await s.request('GET', '/api/v1/configmaps');
  t.equal((all.json().items as unknown[]).length, 2, 'all-namespaces list');
  const other = await s.request('GET', '/api/v1/namespaces/other/configmaps');
  t.same(other.json().items, [], 'empty list has items: []');

  const updated = await s.request('PUT', `${base}/one`, { body: cm('one', { a: '2' }), headers: JSON_CT });
  t.equal(updated.status, 200);
  t.match(updated.json(), { data: { a: '2' }, metadata: { resourceVersion: '13' } });

  const stale = await s.request('PUT', `${base}/one`, { body: cm('one', { a: '3' }, { resourceVersion: '11' }), headers: JSON_CT });
  t.equal(stale.status, 409);
  t.match(stale.json(), { kind: 'Status', reason: 'Conflict', code: 409 });

  const deleted = await s.request('DELETE', `${base}/one`);
  t.equal(deleted.status, 200);
  t.match(deleted.json(), { kind: 'ConfigMap', metadata: { name: 'one' } });
  const missing = await s.request('GET', `${base}/one`);
  t.equal(missing.status, 404);
  t.same(missing.json(), {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: 'configmaps "one" not found',
    reason: 'NotFound',
    details: { name: 'one', kind: 'configmaps' },
    code: 404,
  });
});

t.test('update can create (201) where the storage allows it', async (t) => {
  const s = await startTestServer();
  t.teardown(() => s.close());
  const body = JSON.stringify({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: { replicas: 1 } });
  const res = await s.request('PUT', '/apis/apps/v1/namespaces/default/deployments/web', { body, headers: JSON_CT });
  t.equal(res.status, 201);
  t.match(res.json(), { kind: 'Deployment', apiVersion: 'apps/v1', metadata: { namespace: 'default' } });
  const cmMissing = await s.request('PUT', `${base}/nope`, { body: cm('nope'), headers: JSON_CT });
  t.equal(cmMissing.status, 404);
});

t.test('cluster-scoped create clears the namespace; dry run stores nothing', async (t) => {
  const s = await startTestServer();
  t.teardown(() => s.close());
  const ns = JSON.stringify({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'team', namespace: 'x' } });
  const res = await s.request('POST', '/api/v1/namespaces', { body: ns, headers: JSON_CT });
  t.equal(res.status, 201);
  t.notOk((res.json().metadata as Record<string, unknown>).namespace);
  const dry = await s.request('POST', `${base}?dryRun=All`, { body: cm('dry'), headers: JSON_CT });
  t.equal(dry.status, 201);
  t.equal(s.configmaps.size, 0, 'dry run stored nothing');
  const badDry = await s.request('POST', `${base}?dryRun=Some`, { body: cm('dry'), headers: JSON_CT });
  t.equal(badDry.status, 422);
  t.match(badDry.json(), { reason: 'Invalid', message: /^CreateOptions\.meta\.k8s\.io "" is invalid: dryRun: Unsupported value: "Some"/ });
});

t.test('system fields are wiped on create', async (t) => {
  const s = await startTestServer();
  t.teardown(() => s.close());
  const res = await s.request('POST', base, {
    body: cm('w', {}, { uid: 'mine', creationTimestamp: '1999-01-01T00:00:00Z', selfLink: '/x' }),
    headers: JSON_CT,
  });
  t.equal(res.status, 201);
  t.match(res.json(), { metadata: { uid: 'uid-w', creationTimestamp: '2025-01-01T00:00:00Z' } });
  t.notOk((res.json().metadata as Record<string, unknown>).selfLink);
});

t.test('delete options, graceful 202, deletecollection', async (t) => {
  const s = await startTestServer();
  t.teardown(() => s.close());
  for (const n of ['a', 'b', 'c']) await s.request('POST', base, { body: cm(n), headers: JSON_CT });
  s.configmaps.graceful = true;
  const pending = await s.request('DELETE', `${base}/a?orphanDependents=false`);
  t.equal(pending.status, 202, 'pending graceful deletion with orphanDependents=false');
  t.ok((pending.json().metadata as Record<string, unknown>).deletionTimestamp);
  const pending200 = await s.request('DELETE', `${base}/a`);
  t.equal(pending200.status, 200);
  const body = JSON.stringify({ kind: 'DeleteOptions', apiVersion: 'v1', gracePeriodSeconds: 0 });
  const now = await s.request('DELETE', `${base}/b?gracePeriodSeconds=30`, { body, headers: JSON_CT });
  t.equal(now.status, 200, 'body options win over the query');
  t.equal(s.configmaps.size, 2);
  s.configmaps.graceful = false;
  const both = await s.request('DELETE', `${base}/a?orphanDependents=true&propagationPolicy=Background`);
  t.equal(both.status, 422);
  t.match(both.json(), { message: /DeleteOptions\.meta\.k8s\.io "" is invalid/ });
  const badPolicy = await s.request('DELETE', `${base}/a?propagationPolicy=Sideways`);
  t.equal(badPolicy.status, 422);
  const negative = await s.request('DELETE', `${base}/a?gracePeriodSeconds=-1`);
  t.equal(negative.status, 422);
  const badGrace = await s.request('DELETE', `${base}/a?gracePeriodSeconds=soon`);
  t.equal(badGrace.status, 400);
  const wrongKind = await s.request('DELETE', `${base}/a`, { body: JSON.stringify({ kind: 'Pod', apiVersion: 'v1' }), headers: JSON_CT });
  t.equal(wrongKind.status, 422);
  const coll = await s.request('DELETE', base);
  t.equal(coll.status, 200);
  t.match(coll.json(), { kind: 'ConfigMapList' });
  t.equal(s.configmaps.size, 0);
  const unsafe = await s.request('DELETE', `${base}?ignoreStoreReadErrorWithClusterBreakingPotential=true`);
  t.equal(unsafe.status, 422);
});

t.test('large responses are gzipped when accepted', async (t) => {
  const s = await startTestServer();
  t.teardown(() => s.close());
  for (let i = 0; i < 3; i++) await s.request('POST', base, { body: cm(`big${i}`, { v: 'x'.repeat(60 * 1024) }), headers: JSON_CT });
  const gz = await s.request('GET', base, { headers: { 'Accept-Encoding': 'gzip' } });
  t.equal(gz.headers['content-encoding'], 'gzip');
  t.equal(gz.headers.vary, 'Accept-Encoding');
  const { gunzipSync } = await import('node:zlib');
  t.equal((JSON.parse(gunzipSync(gz.body).toString()).items as unknown[]).length, 3);
  const plain = await s.request('GET', base, { headers: { 'Accept-Encoding': 'gzip;q=0, br' } });
  t.notOk(plain.headers['content-encoding']);
  const small = await s.request('GET', `${base}/big0`, { headers: { 'Accept-Encoding': 'gzip' } });
  t.notOk(small.headers['content-encoding'], 'small bodies are not compressed');
});

t.test('Table and PartialObjectMetadata output', async (t) => {
  const s = await startTestServer();
  t.teardown(() => s.close());
  await s.request('POST', base, { body: cm('t1'), headers: JSON_CT });
  const tableAccept = 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json';
  const table = await s.request('GET', base, { headers: { Accept: tableAccept } });
  t.equal(table.status, 200);
  const tj = table.json();
  t.match(tj, { kind: 'Table', apiVersion: 'meta.k8s.io/v1' });
  t.same((tj.columnDefinitions as { name: string }[]).map((c) => c.name), ['Name', 'Created At']);
  t.match(tj.rows, [{ cells: ['t1', '2025-01-01T00:00:00Z'], object: { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: { name: 't1' } } }]);
  const full = await s.request('GET', `${base}?includeObject=Object`, { headers: { Accept: tableAccept } });
  t.match(full.json().rows, [{ object: { kind: 'ConfigMap', data: { a: '1' } } }]);
  const none = await s.request('GET', `${base}/t1?includeObject=None`, { headers: { Accept: tableAccept } });
  t.notOk((none.json().rows as Record<string, unknown>[])[0]?.object);
  const bad = await s.request('GET', `${base}?includeObject=Everything`, { headers: { Accept: tableAccept } });
  t.equal(bad.status, 400);
  const pbTable = await s.request('GET', base, { headers: { Accept: 'application/vnd.kubernetes.protobuf;as=Table;v=v1;g=meta.k8s.io' } });
  t.equal(pbTable.status, 406, 'Table is JSON/YAML only');
  const pom = await s.request('GET', `${base}/t1`, { headers: { Accept: 'application/json;as=PartialObjectMetadata;v=v1;g=meta.k8s.io' } });
  t.match(pom.json(), { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: { name: 't1' } });
  t.notOk(pom.json().data);
  const poml = await s.request('GET', base, { headers: { Accept: 'application/json;as=PartialObjectMetadataList;v=v1;g=meta.k8s.io' } });
  t.match(poml.json(), { kind: 'PartialObjectMetadataList', items: [{ kind: 'PartialObjectMetadata' }] });
  const mismatch = await s.request('GET', base, { headers: { Accept: 'application/json;as=PartialObjectMetadata;v=v1;g=meta.k8s.io' } });
  t.equal(mismatch.status, 406);
  t.match(mismatch.json(), { message: 'you requested PartialObjectMetadata, but the requested object is a list' });
});
