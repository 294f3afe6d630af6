/**
 * Regression (issue #8 hostile inputs): bodies nested a few thousand levels deep overflowed the stack in the
 * recursive patch and managed-fields code (a 500). Decoding now stops at MAX_NESTING_DEPTH with Go's
 * `exceeded max depth` error: a 400 for bodies and patches, before anything recursive runs.
 */
import { MAX_NESTING_DEPTH } from '@apiserver/runtime';
import t from 'tap';
import { startTestServer } from '../helpers/server.js';

const base = '/api/v1/namespaces/default/configmaps';
const deep = (n: number): string => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
const fieldsV1 = (v: string): string => `{"metadata":{"name":"d","managedFields":[{"manager":"m","operation":"Update","apiVersion":"v1","fieldsType":"FieldsV1","fieldsV1":${v}}]}}`;

t.test('bodies and patches nested past the limit are a 400 with Go\'s max-depth message', async (t) => {
  const s = await startTestServer();
  t.teardown(() => s.close());
  t.equal((await s.request('POST', base, { body: '{"metadata":{"name":"p"},"data":{"k":"v"}}', headers: { 'Content-Type': 'application/json' } })).status, 201);
  const cases: [string, string, string, string, RegExp][] = [
    ['POST', base, 'application/json', fieldsV1(deep(2000)), /^the object provided is unrecognized \(must be of type ConfigMap\): couldn't get version\/kind; json parse error: invalid character '\{' exceeded max depth \(\{"metadata":\{"name":"d","manag \.\.\.\)$/],
    ['POST', base, 'application/yaml', `metadata:\n  name: d\ndata: ${'['.repeat(2000)}1${']'.repeat(2000)}\n`, /yaml: exceeded max depth of 512/],
    ['PATCH', `${base}/p`, 'application/merge-patch+json', `{"data":${deep(2000)}}`, /^error decoding patch: invalid character '\{' exceeded max depth$/],
    ['PATCH', `${base}/p`, 'application/strategic-merge-patch+json', `{"data":${deep(10_000)}}`, /^invalid character '\{' exceeded max depth$/],
    ['PATCH', `${base}/p`, 'application/json-patch+json', `[{"op":"add","path":"/data/x","value":${deep(2000)}}]`, /^invalid character '\{' exceeded max depth$/],
  ];
  for (const [method, path, type, body, message] of cases) {
    const res = await s.request(method, path, { body, headers: { 'Content-Type': type } });
    t.equal(res.status, 400, `${method} ${type}`);
    t.match(res.json(), { kind: 'Status', apiVersion: 'v1', code: 400, reason: 'BadRequest', message }, `${method} ${type}: message`);
  }
  const atLimit = await s.request('POST', base, { body: fieldsV1(deep(MAX_NESTING_DEPTH - 4)), headers: { 'Content-Type': 'application/json' } });
  t.equal(atLimit.status, 201, 'nesting within the limit is still accepted');
});
