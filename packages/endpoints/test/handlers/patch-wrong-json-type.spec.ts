/**
 * Regression (issue #8 hostile inputs): a patch whose result has a wrong JSON type for a field (a number where the
 * schema wants a string) is a 422 on `patch`, as upstream's jsonPatcher reports its failed typed decode; it was a
 * stored object that no client could decode.
 */
import t from 'tap';
import { startTestServer } from '../helpers/server.js';

const base = '/api/v1/namespaces/default/configmaps';

t.test('a patch producing a wrong JSON type is a 422 and changes nothing', async (t) => {
  const s = await startTestServer();
  t.teardown(() => s.close());
  const created = await s.request('POST', base, { body: '{"metadata":{"name":"p"},"data":{"k":"v"}}', headers: { 'Content-Type': 'application/json' } });
  t.equal(created.status, 201);
  // JSON and merge patches: Go's JSON decoder's words; strategic merge patches: the unstructured converter's.
  const patches: [string, string, string][] = [
    ['application/merge-patch+json', '{"data":{"k":5}}', 'json: cannot unmarshal number into Go struct field ConfigMap.data of type string'],
    ['application/strategic-merge-patch+json', '{"data":{"k":{"a":1}}}', 'unrecognized type: string'],
    ['application/json-patch+json', '[{"op":"replace","path":"/data","value":[1]}]', 'json: cannot unmarshal array into Go struct field ConfigMap.data of type map[string]string'],
    ['application/merge-patch+json', '{"metadata":{"labels":"x"}}', 'json: cannot unmarshal string into Go struct field ObjectMeta.metadata.labels of type map[string]string'],
    ['application/strategic-merge-patch+json', '{"metadata":{"labels":"x"}}', 'cannot restore map from string'],
    ['application/strategic-merge-patch+json', '{"data":{"k":5}}', 'cannot convert int64 to string'],
  ];
  for (const [type, body, words] of patches) {
    const res = await s.request('PATCH', `${base}/p`, { body, headers: { 'Content-Type': type } });
    t.equal(res.status, 422, `${type} ${body}`);
    const status = res.json();
    t.match(status, { kind: 'Status', code: 422, reason: 'Invalid', details: { causes: [{ field: 'patch' }] } });
    const message = String(status.message);
    t.ok(message.startsWith(' "" is invalid: patch: Invalid value: '), `${type} ${body}: the patch field`);
    t.ok(message.endsWith(`": ${words}`), `${type} ${body}: ${message.slice(-120)}`);
  }
  const after = await s.request('GET', `${base}/p`);
  t.same(after.json().data, { k: 'v' }, 'the object is unchanged');
});

t.test('a strategic merge patch of the wrong type into a struct, a list or a number', async (t) => {
  const s = await startTestServer();
  t.teardown(() => s.close());
  const deployments = '/apis/apps/v1/namespaces/default/deployments';
  const created = await s.request('POST', deployments, { body: '{"metadata":{"name":"d"},"spec":{"replicas":1}}', headers: { 'Content-Type': 'application/json' } });
  t.equal(created.status, 201);
  const smp = { 'Content-Type': 'application/strategic-merge-patch+json' };
  const cases: [string, string][] = [
    ['{"spec":{"replicas":"3"}}', 'unrecognized type: int32'],
    ['{"spec":{"replicas":1.5}}', 'cannot convert float64 to int32'],
    ['{"spec":"x"}', 'cannot restore struct from: string'],
    ['{"metadata":{"finalizers":"x"}}', 'cannot restore slice from string'],
    ['{"spec":{"paused":"true"}}', 'unrecognized type: bool'],
  ];
  for (const [body, words] of cases) {
    const res = await s.request('PATCH', `${deployments}/d`, { body, headers: smp });
    t.equal(res.status, 422, body);
    const message = String(res.json().message);
    t.ok(message.endsWith(`": ${words}`), `${body}: ${message}`);
  }
  t.equal(s.deployments.size, 1);
});
