/** Bad input always answers the right Status (never a 500) and stores nothing. */
import { readFileSync } from 'node:fs';
import t from 'tap';
import { startTestServer } from '../helpers/server.js';

const base = '/api/v1/namespaces/default/configmaps';
const JSON_CT = { 'Content-Type': 'application/json' };

interface Case {
  readonly name: string;
  readonly method: string;
  readonly path: string;
  readonly body?: string | Uint8Array;
  readonly headers?: Record<string, string>;
  readonly status: number;
  readonly reason?: string;
  readonly message?: RegExp | string;
}

const cases: readonly Case[] = [
  {
    name: 'malformed JSON',
    method: 'POST',
    path: base,
    body: '{"metadata":',
    headers: JSON_CT,
    status: 400,
    reason: 'BadRequest',
    message: 'the object provided is unrecognized (must be of type ConfigMap): couldn\'t get version/kind; json parse error: unexpected end of JSON input ({"metadata":)',
  },
  {
    name: 'JSON with a trailing comma',
    method: 'POST',
    path: base,
    body: '{"metadata":{"name":"x"},}',
    headers: JSON_CT,
    status: 400,
    message: 'the object provided is unrecognized (must be of type ConfigMap): couldn\'t get version/kind; json parse error: invalid character \'}\' looking for beginning of object key string ({"metadata":{"name":"x"},})',
  },
  {
    name: 'not JSON, summarized in hex',
    method: 'POST',
    path: base,
    body: 'apiVersion: v1 kind: ConfigMap metadata: {}',
    headers: JSON_CT,
    status: 400,
    message:
      "the object provided is unrecognized (must be of type ConfigMap): couldn't get version/kind; json parse error: invalid character 'a' looking for beginning of value (61706956657273696f6e3a207631206b696e643a20436f6e6669674d6170 ...)",
  },
  {
    name: 'a kind that is not a string',
    method: 'POST',
    path: base,
    body: '{"kind":1,"apiVersion":"v1","metadata":{"name":"x"}}',
    headers: JSON_CT,
    status: 400,
    message:
      'the object provided is unrecognized (must be of type ConfigMap): couldn\'t get version/kind; json parse error: json: cannot unmarshal number into Go struct field .kind of type string ({"kind":1,"apiVersion":"v1","m ...)',
  },
  { name: 'JSON array body', method: 'POST', path: base, body: '[1,2]', headers: JSON_CT, status: 400, reason: 'BadRequest' },
  { name: 'malformed protobuf', method: 'POST', path: base, body: new Uint8Array([0x6b, 0x38, 0x73, 0x00, 0xff, 0xff]), headers: { 'Content-Type': 'application/vnd.kubernetes.protobuf' }, status: 400, reason: 'BadRequest' },
  { name: 'protobuf without magic', method: 'POST', path: base, body: 'hello', headers: { 'Content-Type': 'application/vnd.kubernetes.protobuf' }, status: 400 },
  { name: 'malformed YAML', method: 'POST', path: base, body: 'metadata: [', headers: { 'Content-Type': 'application/yaml' }, status: 400 },
  { name: 'wrong apiVersion', method: 'POST', path: base, body: '{"apiVersion":"apps/v1","kind":"ConfigMap","metadata":{"name":"x"}}', headers: JSON_CT, status: 400, message: 'ConfigMap in version "v1" cannot be handled as a ConfigMap: no kind "ConfigMap" is registered for version "apps/v1" in scheme "pkg/api/legacyscheme/scheme.go:30"' },
  { name: 'bad apiVersion', method: 'POST', path: base, body: '{"apiVersion":"a/b/c","kind":"ConfigMap","metadata":{"name":"x"}}', headers: JSON_CT, status: 400, message: 'the object provided is unrecognized (must be of type ConfigMap): unexpected GroupVersion string: a/b/c ({"apiVersion":"a/b/c","kind":" ...)' },
  { name: 'wrong kind', method: 'POST', path: base, body: '{"apiVersion":"v1","kind":"Secret","metadata":{"name":"x"}}', headers: JSON_CT, status: 400, message: 'Secret in version "v1" cannot be handled as a ConfigMap: converting (v1.Secret) to (core.ConfigMap): unknown conversion' },
  { name: 'binaryData not base64', method: 'POST', path: base, body: '{"metadata":{"name":"x"},"binaryData":{"a":"not base64!"}}', headers: JSON_CT, status: 400, message: 'ConfigMap in version "v1" cannot be handled as a ConfigMap: illegal base64 data at input byte 3' },
  { name: 'wrong field type', method: 'POST', path: base, body: '{"metadata":{"name":"x"},"data":{"a":1}}', headers: JSON_CT, status: 400, message: /cannot be handled as a ConfigMap/ },
  { name: 'metadata not an object', method: 'POST', path: base, body: '{"metadata":"x"}', headers: JSON_CT, status: 400 },
  { name: 'namespace mismatch', method: 'POST', path: base, body: '{"metadata":{"name":"x","namespace":"other"}}', headers: JSON_CT, status: 400, message: 'the namespace of the provided object does not match the namespace sent on the request' },
  { name: 'name with slash', method: 'POST', path: base, body: '{"metadata":{"name":"a/b"}}', headers: JSON_CT, status: 422, reason: 'Invalid', message: /may not contain '\/'/ },
  { name: 'name ..', method: 'POST', path: base, body: '{"metadata":{"name":".."}}', headers: JSON_CT, status: 422 },
  { name: 'missing name', method: 'POST', path: base, body: '{"metadata":{}}', headers: JSON_CT, status: 422 },
  { name: 'unknown content type', method: 'POST', path: base, body: 'x', headers: { 'Content-Type': 'text/plain' }, status: 415, reason: 'UnsupportedMediaType', message: 'the body of the request was in an unknown format - accepted media types include: application/json, application/yaml, application/vnd.kubernetes.protobuf' },
  { name: 'unacceptable Accept', method: 'GET', path: base, headers: { Accept: 'text/html' }, status: 406, reason: 'NotAcceptable', message: /^406: Not Acceptable\n\nAvailable representations: application\/json/ },
  { name: 'unacceptable conversion', method: 'GET', path: base, headers: { Accept: 'application/json;as=Foo;g=x;v=v1' }, status: 406, reason: 'NotAcceptable', message: 'only the following media types are accepted: application/json, application/yaml, application/vnd.kubernetes.protobuf' },
  { name: 'update name mismatch', method: 'PUT', path: `${base}/a`, body: '{"metadata":{"name":"b"}}', headers: JSON_CT, status: 400, message: 'the name of the object (b) does not match the name on the URL (a)' },
  { name: 'update without name', method: 'PUT', path: `${base}/a`, body: '{"metadata":{}}', headers: JSON_CT, status: 400 },
  { name: 'invalid label selector', method: 'GET', path: `${base}?labelSelector=a%20b%20c`, status: 400, reason: 'BadRequest' },
  { name: 'invalid field selector', method: 'GET', path: `${base}?fieldSelector=a`, status: 400 },
  { name: 'unknown field selector', method: 'GET', path: `${base}?fieldSelector=spec.foo%3D1`, status: 400, message: '"spec.foo" is not a known field selector: only "metadata.name", "metadata.namespace"' },
  { name: 'unsupported field label of a kind with extras', method: 'GET', path: '/api/v1/namespaces?fieldSelector=spec.x%3D1', status: 400, message: 'field label not supported: spec.x' },
  { name: 'bad limit', method: 'GET', path: `${base}?limit=ten`, status: 400 },
  { name: 'bad timeoutSeconds', method: 'GET', path: `${base}?watch=true&timeoutSeconds=x`, status: 400 },
  { name: 'resourceVersionMatch without resourceVersion', method: 'GET', path: `${base}?resourceVersionMatch=Exact`, status: 422, message: /^ListOptions\.meta\.k8s\.io "" is invalid/ },
  { name: 'sendInitialEvents on a list', method: 'GET', path: `${base}?sendInitialEvents=true`, status: 422 },
  { name: 'bad fieldValidation', method: 'POST', path: `${base}?fieldValidation=Loose`, body: '{"metadata":{"name":"x"}}', headers: JSON_CT, status: 422 },
  { name: 'fieldManager too long', method: 'POST', path: `${base}?fieldManager=${'m'.repeat(129)}`, body: '{"metadata":{"name":"x"}}', headers: JSON_CT, status: 422 },
  { name: 'export=true', method: 'GET', path: `${base}/a?export=true`, status: 400, message: 'the export parameter, deprecated since v1.14, is no longer supported' },
  { name: 'Strict unknown field', method: 'POST', path: `${base}?fieldValidation=Strict`, body: '{"metadata":{"name":"x"},"spec":{"foo":1}}', headers: JSON_CT, status: 400, message: 'ConfigMap in version "v1" cannot be handled as a ConfigMap: strict decoding error: unknown field "spec"' },
  { name: 'Strict duplicate field', method: 'POST', path: `${base}?fieldValidation=Strict`, body: '{"metadata":{"name":"x","name":"y"}}', headers: JSON_CT, status: 400, message: 'strict decoding error: duplicate field "metadata.name"' },
  { name: 'unknown route', method: 'GET', path: '/api/v1/foos', status: 404, reason: 'NotFound', message: 'the server could not find the requested resource' },
  { name: 'unsupported method', method: 'POST', path: `${base}/a`, body: '{}', headers: JSON_CT, status: 405, reason: 'MethodNotAllowed', message: 'the server does not allow this method on the requested resource' },
];

t.test('bad input', async (t) => {
  const s = await startTestServer();
  t.teardown(() => s.close());
  for (const c of cases) {
    const res = await s.request(c.method, c.path, { ...(c.body === undefined ? {} : { body: c.body }), ...(c.headers === undefined ? {} : { headers: c.headers }) });
    t.equal(res.status, c.status, `${c.name}: status`);
    const status = res.json();
    t.match(status, { kind: 'Status', apiVersion: 'v1', status: 'Failure', code: c.status }, `${c.name}: a Status`);
    if (c.reason !== undefined) t.equal(status.reason, c.reason, `${c.name}: reason`);
    if (c.message !== undefined) t.match(status.message, c.message, `${c.name}: message`);
  }
  t.equal(s.configmaps.size, 0, 'nothing stored');
});

t.test('Warn mode: unknown and duplicate fields become Warning headers', async (t) => {
  const s = await startTestServer();
  t.teardown(() => s.close());
  const res = await s.request('POST', base, { body: '{"metadata":{"name":"w","labels":{"a":"1","a":"2"}},"spec":{}}', headers: JSON_CT });
  t.equal(res.status, 201);
  t.same(res.headers.warning, '299 - "duplicate field \\"metadata.labels.a\\"", 299 - "unknown field \\"spec\\""');
  const ignore = await s.request('POST', `${base}?fieldValidation=Ignore`, { body: '{"metadata":{"name":"i"},"spec":{}}', headers: JSON_CT });
  t.equal(ignore.status, 201);
  t.notOk(ignore.headers.warning);
  // Go decodes into the typed struct: unknown fields are dropped, never stored, whatever the directive.
  t.notOk('spec' in res.json(), 'Warn: the unknown field is not in the answer');
  t.notOk('spec' in ignore.json(), 'Ignore: the unknown field is not in the answer');
  const stored = await s.request('GET', `${base}/i`);
  t.same(Object.keys(stored.json()).sort(), ['apiVersion', 'kind', 'metadata']);
  const patched = await s.request('PATCH', `${base}/i?fieldValidation=Ignore`, {
    body: '{"data":{"k":"v"},"extra":{"x":1}}',
    headers: { 'Content-Type': 'application/merge-patch+json' },
  });
  t.equal(patched.status, 200);
  t.same(Object.keys(patched.json()).sort(), ['apiVersion', 'data', 'kind', 'metadata'], 'PATCH drops unknown fields too');
});

t.test('huge bodies are 413 and not stored', async (t) => {
  const s = await startTestServer({ maxRequestBodyBytes: 1024 });
  t.teardown(() => s.close());
  const big = JSON.stringify({ metadata: { name: 'big' }, data: { a: 'x'.repeat(2048) } });
  const res = await s.request('POST', base, { body: big, headers: JSON_CT });
  t.equal(res.status, 413);
  t.match(res.json(), { reason: 'RequestEntityTooLarge', message: 'Request entity too large: limit is 1024' });
  t.equal(s.configmaps.size, 0);
});

t.test('protobuf request bodies from kubectl 1.32 decode', async (t) => {
  const s = await startTestServer();
  t.teardown(() => s.close());
  const dir = new URL('../../../runtime/test/fixtures/kubectl-bodies/kubectl-1.32-protobuf/', import.meta.url);
  const nsBody = readFileSync(new URL('01_api_v1_namespaces.pb', dir));
  const ns = await s.request('POST', '/api/v1/namespaces', { body: nsBody, headers: { 'Content-Type': 'application/vnd.kubernetes.protobuf', Accept: 'application/json' } });
  t.equal(ns.status, 201);
  t.match(ns.json(), { kind: 'Namespace' });
  const cmBody = readFileSync(new URL('02_api_v1_namespaces_default_configmaps.pb', dir));
  const created = await s.request('POST', base, { body: cmBody, headers: { 'Content-Type': 'application/vnd.kubernetes.protobuf', Accept: 'application/vnd.kubernetes.protobuf,application/json' } });
  t.equal(created.status, 201);
  t.equal(created.headers['content-type'], 'application/vnd.kubernetes.protobuf');
  t.equal(s.configmaps.size, 1);
});

t.test('base64 that Go decodes is stored as Go writes the bytes back', async (t) => {
  const s = await startTestServer();
  t.teardown(() => s.close());
  const res = await s.request('POST', base, { body: '{"metadata":{"name":"b"},"binaryData":{"a":"YW\\nJj","b":"YR=="}}', headers: JSON_CT });
  t.equal(res.status, 201);
  t.same(res.json().binaryData, { a: 'YWJj', b: 'YQ==' });
  const patched = await s.request('PATCH', `${base}/b`, { body: '{"binaryData":{"c":"%%%"}}', headers: { 'Content-Type': 'application/strategic-merge-patch+json' } });
  t.equal(patched.status, 422);
  t.match(patched.json().message, /": error decoding from json: illegal base64 data at input byte 0$/, "a strategic merge patch: the converter's words");
  const merged = await s.request('PATCH', `${base}/b`, { body: '{"binaryData":{"c":"%%%"}}', headers: { 'Content-Type': 'application/merge-patch+json' } });
  t.match(merged.json().message, /": illegal base64 data at input byte 0$/, "a merge patch: Go's JSON decoder's");
});
