/** Server-side apply through real HTTP: create, merge, conflicts, force, pruning, Update tracking, encodings. */
import t from 'tap';
import { startTestServer, type TestServer } from '../helpers/server.js';

const cmPath = '/api/v1/namespaces/default/configmaps';
const depPath = '/apis/apps/v1/namespaces/default/deployments';
const APPLY = { 'Content-Type': 'application/apply-patch+yaml' };
const JSON_CT = { 'Content-Type': 'application/json' };

type Entry = { manager: string; operation: string; apiVersion: string; time?: string; fieldsType: string; fieldsV1: Record<string, unknown> };
type Obj = { metadata: { managedFields?: Entry[]; labels?: Record<string, string> }; data?: Record<string, string> };

const applyCM = (s: TestServer, manager: string, body: string, query = '') =>
  s.request('PATCH', `${cmPath}/cm?fieldManager=${manager}${query}`, { body, headers: APPLY });
const entries = (o: unknown) => ((o as Obj).metadata.managedFields ?? []).map((e) => `${e.manager}/${e.operation}`);

t.test('apply creates (201), then updates (200) with an Apply entry', async (t) => {
  const s = await startTestServer();
  t.teardown(() => s.close());
  const yaml = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm\n  labels:\n    app: demo\ndata:\n  a: "1"\n  b: "2"\n';
  const created = await applyCM(s, 'alice', yaml);
  t.equal(created.status, 201);
  const obj = created.json() as unknown as Obj;
  t.same(obj.data, { a: '1', b: '2' });
  const [entry] = obj.metadata.managedFields ?? [];
  t.match(entry, { manager: 'alice', operation: 'Apply', apiVersion: 'v1', fieldsType: 'FieldsV1', time: /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/ });
  t.same(entry?.fieldsV1, { 'f:data': { 'f:a': {}, 'f:b': {} }, 'f:metadata': { 'f:labels': { 'f:app': {} } } });
  const again = await applyCM(s, 'alice', JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm' }, data: { a: '1', b: '2' } }));
  t.equal(again.status, 200, 'JSON is YAML too');
  t.same((again.json() as unknown as Obj).metadata.labels, undefined, 'a label no longer applied is removed');
  const get = await s.request('GET', `${cmPath}/cm`);
  t.same(entries(get.json()), ['alice/Apply'], 'managedFields are stored');
});

t.test('a second manager conflicts (409) unless force=true', async (t) => {
  const s = await startTestServer();
  t.teardown(() => s.close());
  await applyCM(s, 'alice', '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"cm"},"data":{"a":"1","b":"2"}}');
  const conflict = await applyCM(s, 'bob', '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"cm"},"data":{"a":"x","c":"3"}}', '&force=false');
  t.equal(conflict.status, 409);
  t.match(conflict.json(), {
    kind: 'Status',
    status: 'Failure',
    reason: 'Conflict',
    code: 409,
    message: 'Apply failed with 1 conflict: conflict with "alice": .data.a',
    details: { causes: [{ reason: 'FieldManagerConflict', message: 'conflict with "alice"', field: '.data.a' }] },
  });
  t.same((await s.request('GET', `${cmPath}/cm`)).json().data, { a: '1', b: '2' }, 'nothing changed');
  const forced = await applyCM(s, 'bob', '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"cm"},"data":{"a":"x","c":"3"}}', '&force=true');
  t.equal(forced.status, 200);
  const obj = forced.json() as unknown as Obj;
  t.same(obj.data, { a: 'x', b: '2', c: '3' });
  t.same(
    obj.metadata.managedFields?.map((e) => [e.manager, e.fieldsV1]),
    [
      ['alice', { 'f:data': { 'f:b': {} } }],
      ['bob', { 'f:data': { 'f:a': {}, 'f:c': {} } }],
    ],
  );
});

t.test('writes record Update entries; apply conflicts with them by apiVersion', async (t) => {
  const s = await startTestServer();
  t.teardown(() => s.close());
  const post = await s.request('POST', `${cmPath}?fieldManager=kubectl-create`, { body: JSON.stringify({ metadata: { name: 'cm' }, data: { a: '1' } }), headers: JSON_CT });
  t.equal(post.status, 201);
  const created = post.json() as unknown as Obj;
  t.match(created.metadata.managedFields, [{ manager: 'kubectl-create', operation: 'Update', apiVersion: 'v1', fieldsType: 'FieldsV1', fieldsV1: { 'f:data': { '.': {}, 'f:a': {} } } }]);
  const merge = await s.request('PATCH', `${cmPath}/cm`, { body: '{"data":{"b":"2"}}', headers: { 'Content-Type': 'application/merge-patch+json', 'User-Agent': 'kubectl/v1.32.5 (linux/amd64) kubernetes/9894294' } });
  t.equal(merge.status, 200);
  t.same(entries(merge.json()).sort(), ['kubectl-create/Update', 'kubectl/Update'], 'manager from the User-Agent prefix');
  const current = (await s.request('GET', `${cmPath}/cm`)).json();
  const put = await s.request('PUT', `${cmPath}/cm?fieldManager=replacer`, { body: JSON.stringify({ ...current, data: { a: '1', b: '2', c: '3' } }), headers: JSON_CT });
  t.equal(put.status, 200);
  t.same(entries(put.json()).sort(), ['kubectl-create/Update', 'kubectl/Update', 'replacer/Update']);
  const conflict = await applyCM(s, 'ssa', '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"cm"},"data":{"a":"9","b":"9"}}');
  t.equal(conflict.status, 409);
  t.equal(conflict.json().message, 'Apply failed with 2 conflicts: conflicts with "kubectl" using v1:\n- .data.b\nconflicts with "kubectl-create" using v1:\n- .data.a');
  t.same(
    ((conflict.json().details as { causes: { message: string; field: string }[] }).causes).map((c) => `${c.message} ${c.field}`),
    ['conflict with "kubectl" using v1 .data.b', 'conflict with "kubectl-create" using v1 .data.a'],
  );
});

t.test('deployments: containers merge by name, a dropped container is pruned', async (t) => {
  const s = await startTestServer();
  t.teardown(() => s.close());
  const dep = (containers: unknown[]) =>
    JSON.stringify({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web' },
      spec: { selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers } } },
    });
  const names = (r: { json(): Record<string, unknown> }) =>
    (r.json() as { spec: { template: { spec: { containers: { name: string; image: string }[] } } } }).spec.template.spec.containers.map((c) => `${c.name}=${c.image}`);
  const a = await s.request('PATCH', `${depPath}/web?fieldManager=ci`, { body: dep([{ name: 'app', image: 'app:1', ports: [{ containerPort: 80 }] }, { name: 'log', image: 'log:1' }]), headers: APPLY });
  t.equal(a.status, 201);
  const b = await s.request('PATCH', `${depPath}/web?fieldManager=mesh`, { body: dep([{ name: 'proxy', image: 'proxy:1' }]), headers: APPLY });
  t.same(names(b), ['app=app:1', 'log=log:1', 'proxy=proxy:1']);
  const c = await s.request('PATCH', `${depPath}/web?fieldManager=ci`, { body: dep([{ name: 'app', image: 'app:2', ports: [{ containerPort: 80 }] }]), headers: APPLY });
  t.equal(c.status, 200);
  t.same(names(c), ['app=app:2', 'proxy=proxy:1'], 'ci dropped log; mesh keeps proxy');
});

t.test('apply errors', async (t) => {
  const s = await startTestServer();
  t.teardown(() => s.close());
  const cm = '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"cm"}}';
  const cases: { name: string; path: string; body: string; headers?: Record<string, string>; status: number; message: string | RegExp }[] = [
    { name: 'no fieldManager', path: `${cmPath}/cm`, body: cm, status: 422, message: 'PatchOptions.meta.k8s.io "" is invalid: fieldManager: Required value: is required for apply patch' },
    { name: 'force on merge patch', path: `${cmPath}/cm?force=true`, body: '{}', headers: { 'Content-Type': 'application/merge-patch+json' }, status: 422, message: 'PatchOptions.meta.k8s.io "" is invalid: force: Forbidden: may not be specified for non-apply patch' },
    { name: 'bad YAML', path: `${cmPath}/cm?fieldManager=m`, body: 'a: [', status: 400, message: /^error decoding YAML: / },
    { name: 'a list', path: `${cmPath}/cm?fieldManager=m`, body: '- a', status: 400, message: /^error decoding YAML: / },
    { name: 'other version', path: `${cmPath}/cm?fieldManager=m`, body: '{"apiVersion":"v2","kind":"ConfigMap","metadata":{"name":"cm"}}', status: 400, message: 'invalid object type: /v2, Kind=ConfigMap' },
    { name: 'no kind', path: `${cmPath}/cm?fieldManager=m`, body: '{"metadata":{"name":"cm"}}', status: 400, message: 'invalid object type: /, Kind=' },
    { name: 'managedFields set', path: `${cmPath}/cm?fieldManager=m`, body: '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"cm","managedFields":[{"manager":"x"}]}}', status: 400, message: 'metadata.managedFields must be nil' },
    { name: 'name mismatch', path: `${cmPath}/other?fieldManager=m`, body: cm, status: 400, message: 'the name of the object (cm) does not match the name on the URL (other)' },
    { name: 'namespace mismatch', path: `${cmPath}/cm?fieldManager=m`, body: '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"cm","namespace":"x"}}', status: 400, message: 'the namespace of the provided object does not match the namespace sent on the request' },
    { name: 'undeclared field', path: `${cmPath}/cm?fieldManager=m`, body: '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"cm"},"spec":{}}', status: 500, message: 'failed to create typed patch object (/cm; /v1, Kind=ConfigMap): .spec: field not declared in schema' },
    { name: 'duplicate key, Strict', path: `${cmPath}/cm?fieldManager=m&fieldValidation=Strict`, body: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm\ndata:\n  a: "1"\n  a: "2"\n', status: 400, message: /^error strict decoding YAML: / },
  ];
  for (const c of cases) {
    const res = await s.request('PATCH', c.path, { body: c.body, headers: c.headers ?? APPLY });
    t.equal(res.status, c.status, `${c.name}: status`);
    t.match(res.json(), { kind: 'Status', code: c.status, message: c.message }, `${c.name}: Status`);
  }
  t.equal((await s.request('GET', `${cmPath}/cm`)).status, 404, 'nothing was created');
  const warned = await s.request('PATCH', `${cmPath}/cm?fieldManager=m`, { body: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm\ndata:\n  a: "1"\n  a: "2"\n', headers: APPLY });
  t.equal(warned.status, 201, 'duplicate keys only warn by default');
  // The YAML error spans lines (upstream's too: `yaml: unmarshal errors:\n  line 7: …`), and net.NewWarningHeader
  // refuses control characters, so upstream's recorder drops this warning: no Warning header.
  t.equal(warned.headers.warning, undefined, 'a multi-line warning is dropped as upstream drops it');
  const dry = await s.request('PATCH', `${cmPath}/dry?fieldManager=m&dryRun=All`, { body: '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"dry"}}', headers: APPLY });
  t.equal(dry.status, 201);
  t.equal((await s.request('GET', `${cmPath}/dry`)).status, 404, 'dry run apply is not stored');
});

t.test('managedFields round-trip through YAML and protobuf', async (t) => {
  const s = await startTestServer();
  t.teardown(() => s.close());
  await applyCM(s, 'alice', '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"cm"},"data":{"a":"1"}}');
  const json = (await s.request('GET', `${cmPath}/cm`)).json() as unknown as Obj;
  const yaml = await s.request('GET', `${cmPath}/cm`, { headers: { Accept: 'application/yaml' } });
  t.match(yaml.text, /managedFields:\n +- apiVersion: v1\n +fieldsType: FieldsV1\n +fieldsV1:\n +f:data:\n +f:a: \{\}\n +manager: alice\n +operation: Apply\n/);
  const pb = await s.request('GET', `${cmPath}/cm`, { headers: { Accept: 'application/vnd.kubernetes.protobuf' } });
  const info = s.codecs.serializerForMediaType('application/vnd.kubernetes.protobuf');
  const decoded = info?.serializer.decode(pb.body) as unknown as Obj;
  t.same(decoded.metadata.managedFields, json.metadata.managedFields, 'protobuf carries managedFields with FieldsV1');
  const back = await s.request('PUT', `${cmPath}/cm?fieldManager=pb`, {
    body: info?.serializer.encode({ ...(decoded as object), data: { a: '1', b: '2' } } as never) ?? new Uint8Array(),
    headers: { 'Content-Type': 'application/vnd.kubernetes.protobuf' },
  });
  t.equal(back.status, 200);
  t.same(entries(back.json()), ['alice/Apply', 'pb/Update']);
});

t.test('status is a reset field of the main resource: not owned, no conflicts', async (t) => {
  const s = await startTestServer();
  t.teardown(() => s.close());
  const dep = (replicas: number) =>
    JSON.stringify({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web' },
      spec: { selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'a', image: 'a:1' }] } } },
      status: { replicas },
    });
  const a = await s.request('PATCH', `${depPath}/web?fieldManager=ci`, { body: dep(1), headers: APPLY });
  t.equal(a.status, 201);
  t.notMatch(JSON.stringify((a.json() as unknown as Obj).metadata.managedFields), /f:status/);
  const b = await s.request('PATCH', `${depPath}/web?fieldManager=controller`, { body: '{"status":{"replicas":3}}', headers: { 'Content-Type': 'application/merge-patch+json' } });
  t.equal(b.status, 200);
  const c = await s.request('PATCH', `${depPath}/web?fieldManager=ci`, { body: dep(1), headers: APPLY });
  t.equal(c.status, 200, 'no conflict on status');
});
