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
  const patches: [string, string][] = [
    ['application/merge-patch+json', '{"data":{"k":5}}'],
    ['application/strategic-merge-patch+json', '{"data":{"k":{"a":1}}}'],
    ['application/json-patch+json', '[{"op":"replace","path":"/data","value":[1]}]'],
    ['application/merge-patch+json', '{"metadata":{"labels":"x"}}'],
  ];
  for (const [type, body] of patches) {
    const res = await s.request('PATCH', `${base}/p`, { body, headers: { 'Content-Type': type } });
    t.equal(res.status, 422, `${type} ${body}`);
    t.match(res.json(), { kind: 'Status', code: 422, reason: 'Invalid', message: /patch: Invalid value: .*must be/, details: { causes: [{ field: 'patch' }] } });
  }
  const after = await s.request('GET', `${base}/p`);
  t.same(after.json().data, { k: 'v' }, 'the object is unchanged');
});
