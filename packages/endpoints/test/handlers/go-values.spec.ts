/**
 * Regressions (issue #19, values as Go holds them): JSON nulls inside typed bodies were stored as null (then every
 * protobuf read failed) or crashed validation; numbers Go refuses for integer fields were stored rounded; inherited
 * member names passed as declared fields; a `__proto__` data key was lost.
 */
import t from 'tap';
import { startTestServer, type TestServer } from '../helpers/server.js';

const base = '/api/v1/namespaces/default/configmaps';
const JSON_TYPE = { 'Content-Type': 'application/json' };
const PROTOBUF = 'application/vnd.kubernetes.protobuf';

async function server(t: { teardown(fn: () => unknown): void }): Promise<TestServer> {
  const s = await startTestServer();
  t.teardown(() => s.close());
  return s;
}

t.test('JSON nulls in map values and slice elements are stored as Go zero values, struct fields as absent', async (t) => {
  const s = await server(t);
  const body = '{"metadata":{"name":"n","labels":{"a":null},"annotations":{"b":null},"ownerReferences":[null],"generation":null},"data":{"k":null},"immutable":null}';
  const res = await s.request('POST', base, { body, headers: JSON_TYPE });
  t.equal(res.status, 201);
  t.match(res.json(), { metadata: { labels: { a: '' }, annotations: { b: '' }, ownerReferences: [{ apiVersion: '', kind: '', name: '', uid: '' }] }, data: { k: '' } });
  t.notOk('immutable' in res.json());
  const pb = await s.request('GET', base, { headers: { Accept: PROTOBUF } });
  t.equal(pb.status, 200, 'protobuf lists still answer (they were 500)');
  const yaml = await s.request('POST', base, { body: 'metadata:\n  name: yy\ndata:\n  a: !!null ~\n', headers: { 'Content-Type': 'application/yaml' } });
  t.same(yaml.json().data, { a: '' }, 'YAML null too');
  const patched = await s.request('PATCH', `${base}/yy`, { body: '[{"op":"add","path":"/data/z","value":null}]', headers: { 'Content-Type': 'application/json-patch+json' } });
  t.same(patched.json().data, { a: '', z: '' }, 'a patch adding a null');
});

t.test('numbers Go refuses for integer fields are a 400 with its message (1e30, 2^63 and 2^53+1 were stored)', async (t) => {
  const s = await server(t);
  const field = 'into Go struct field ObjectMeta.metadata.generation of type int64';
  const cases: [string, string][] = [
    ['1e30', `json: cannot unmarshal number 1e30 ${field}`],
    ['9223372036854775808', `json: cannot unmarshal number 9223372036854775808 ${field}`],
    ['1.0', `json: cannot unmarshal number 1.0 ${field}`],
    ['9007199254740993', `json: cannot unmarshal number 9007199254740993 ${field}: this server holds integers exactly only between -9007199254740991 and 9007199254740991`],
  ];
  for (const [literal, message] of cases) {
    const res = await s.request('POST', base, { body: `{"metadata":{"name":"g","generation":${literal}}}`, headers: JSON_TYPE });
    t.equal(res.status, 400, literal);
    t.equal(res.json().message, `ConfigMap in version "v1" cannot be handled as a ConfigMap: ${message}`);
  }
  const replicas = await s.request('POST', '/apis/apps/v1/namespaces/default/deployments', { body: '{"metadata":{"name":"d"},"spec":{"replicas":2147483648}}', headers: JSON_TYPE });
  t.equal(replicas.json().message, 'Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal number 2147483648 into Go struct field DeploymentSpec.spec.replicas of type int32');
  const yaml = await s.request('POST', base, { body: 'metadata:\n  name: g\n  generation: 9223372036854775808\n', headers: { 'Content-Type': 'application/yaml' } });
  t.equal(yaml.status, 400, 'YAML refuses the same value');
  const ok = await s.request('POST', base, { body: '{"metadata":{"name":"g","generation":9007199254740991}}', headers: JSON_TYPE });
  t.equal(ok.status, 201);
  const patch = await s.request('PATCH', `${base}/g`, { body: '{"metadata":{"generation":1e30}}', headers: { 'Content-Type': 'application/merge-patch+json' } });
  t.equal(patch.status, 422, 'a patch: 422 on patch, as a wrong JSON type');
  t.match(patch.json().message, /cannot unmarshal number .* into Go struct field ObjectMeta\.metadata\.generation of type int64/);
});

t.test('inherited member names are unknown fields: Strict refuses, Warn drops with a warning', async (t) => {
  const s = await server(t);
  const strict = await s.request('POST', `${base}?fieldValidation=Strict`, { body: '{"metadata":{"name":"c","valueOf":1},"constructor":1}', headers: JSON_TYPE });
  t.equal(strict.status, 400);
  t.equal(strict.json().message, 'ConfigMap in version "v1" cannot be handled as a ConfigMap: strict decoding error: unknown field "metadata.valueOf", unknown field "constructor"');
  const warn = await s.request('POST', `${base}?fieldValidation=Warn`, { body: '{"metadata":{"name":"c"},"toString":1,"hasOwnProperty":2}', headers: JSON_TYPE });
  t.equal(warn.status, 201);
  t.equal(warn.headers.warning, '299 - "unknown field \\"toString\\"", 299 - "unknown field \\"hasOwnProperty\\""');
  t.notOk(Object.hasOwn(warn.json(), 'toString'), 'dropped');
});

t.test('a __proto__ data key round-trips through JSON and protobuf', async (t) => {
  const s = await server(t);
  const res = await s.request('POST', base, { body: '{"metadata":{"name":"p"},"data":{"__proto__":"x"}}', headers: JSON_TYPE });
  t.equal(res.status, 201);
  t.match(res.text, /"data":\{"__proto__":"x"\}/);
  const pretty = await s.request('GET', `${base}/p?pretty=true`);
  t.match(pretty.text, /"__proto__": "x"/);
  const pb = await s.request('GET', `${base}/p`, { headers: { Accept: PROTOBUF } });
  const info = s.codecs.serializerForMediaType(PROTOBUF);
  const decoded = info?.serializer.decode(pb.body) as { data: object };
  t.equal(Object.getOwnPropertyDescriptor(decoded.data, '__proto__')?.value, 'x');
  const put = await s.request('PUT', `${base}/p`, { body: info?.serializer.encode(decoded as never) ?? new Uint8Array(), headers: { 'Content-Type': PROTOBUF } });
  t.equal(put.status, 200);
  t.match(put.text, /"data":\{"__proto__":"x"\}/);
});
