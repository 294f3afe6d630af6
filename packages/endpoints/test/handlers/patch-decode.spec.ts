/**
 * Merge and strategic merge patches that are not JSON objects are refused as upstream's patchers refuse them:
 * `jsonPatcher` decodes a merge patch strictly first unless `fieldValidation=Ignore`, then evanphx/json-patch's
 * `MergePatch` answers `Invalid JSON Patch`; `strategicPatchObject` answers encoding/json's text alone, and takes
 * `null` as a patch that changes nothing.
 */
import t from 'tap';
import { startTestServer } from '../helpers/server.js';

const base = '/api/v1/namespaces/default/configmaps';
const MERGE = 'application/merge-patch+json';
const STRATEGIC = 'application/strategic-merge-patch+json';
const NOT_A_MAP = (value: string) => `json: cannot unmarshal ${value} into Go value of type map[string]interface {}`;

t.test('bad merge and strategic merge patches, per fieldValidation', async (t) => {
  const s = await startTestServer();
  t.teardown(() => s.close());
  t.equal((await s.request('POST', base, { body: '{"metadata":{"name":"p"},"data":{"k":"v"}}', headers: { 'Content-Type': 'application/json' } })).status, 201);
  const cases: [string, string, string, number, string][] = [
    // type, query, body, status, message
    [MERGE, '', '{"a":', 400, 'error decoding patch: unexpected end of JSON input'],
    [MERGE, '', 'null', 400, 'Invalid JSON Patch'],
    [MERGE, '', '"bar"', 400, `error decoding patch: ${NOT_A_MAP('string')}`],
    [MERGE, '?fieldValidation=Strict', '5', 400, `error decoding patch: ${NOT_A_MAP('number')}`],
    [MERGE, '?fieldValidation=Warn', '[1,2]', 400, `error decoding patch: ${NOT_A_MAP('array')}`],
    [MERGE, '?fieldValidation=Ignore', '{"a":', 400, 'Invalid JSON Patch'],
    [MERGE, '?fieldValidation=Ignore', 'null', 400, 'Invalid JSON Patch'],
    [MERGE, '?fieldValidation=Ignore', '"bar"', 400, 'Invalid JSON Patch'],
    [MERGE, '?fieldValidation=Ignore', 'true', 400, 'Invalid JSON Patch'],
    [STRATEGIC, '', '{"a":', 400, 'unexpected end of JSON input'],
    [STRATEGIC, '?fieldValidation=Ignore', '{"a" 1}', 400, "invalid character '1' after object key"],
    [STRATEGIC, '', '"bar"', 400, NOT_A_MAP('string')],
    [STRATEGIC, '?fieldValidation=Ignore', '[1,2]', 400, NOT_A_MAP('array')],
    [STRATEGIC, '', 'false', 400, NOT_A_MAP('bool')],
  ];
  for (const [type, query, body, status, message] of cases) {
    const res = await s.request('PATCH', `${base}/p${query}`, { body, headers: { 'Content-Type': type } });
    t.equal(res.status, status, `${type}${query} ${body}: status`);
    t.match(res.json(), { kind: 'Status', code: status, reason: 'BadRequest', message }, `${type}${query} ${body}: message`);
    t.equal(res.json().message, message, `${type}${query} ${body}: the whole message`);
  }
});

t.test('a merge patch that is an array, under fieldValidation=Ignore, is the patched document (a 422 on patch)', async (t) => {
  const s = await startTestServer();
  t.teardown(() => s.close());
  t.equal((await s.request('POST', base, { body: '{"metadata":{"name":"p"}}', headers: { 'Content-Type': 'application/json' } })).status, 201);
  const res = await s.request('PATCH', `${base}/p?fieldValidation=Ignore`, { body: '[1,null,{"a":null,"b":2}]', headers: { 'Content-Type': MERGE } });
  t.equal(res.status, 422);
  t.match(res.json(), { reason: 'Invalid', details: { causes: [{ field: 'patch' }] } });
  t.match(String(res.json().message), 'Invalid value: "[1,{\\"b\\":2}]"', 'the array without its nulls, as json-patch v4 prunes them');
});

t.test('a strategic merge patch of null is an empty patch', async (t) => {
  const s = await startTestServer();
  t.teardown(() => s.close());
  t.equal((await s.request('POST', base, { body: '{"metadata":{"name":"p","labels":{"a":"b"}},"data":{"k":"v"}}', headers: { 'Content-Type': 'application/json' } })).status, 201);
  const patched = async (body: string) => {
    const res = await s.request('PATCH', `${base}/p`, { body, headers: { 'Content-Type': STRATEGIC } });
    t.equal(res.status, 200, `${body}: status`);
    const { data, metadata } = res.json() as { data: unknown; metadata: { labels?: unknown; managedFields?: unknown } };
    return { data, labels: metadata.labels, managedFields: metadata.managedFields };
  };
  const empty = await patched('{}');
  t.same(empty.data, { k: 'v' });
  t.same(await patched('null'), empty, 'the same object as after {}');
});
