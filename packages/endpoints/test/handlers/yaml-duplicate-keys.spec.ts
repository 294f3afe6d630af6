/**
 * Repeated keys in a YAML body (issue #19): Go's non-strict decode keeps the last value; a strict decode
 * (`fieldValidation=Strict|Warn`) reports yaml.v2's `key "a" already set in map`, which Strict turns into a 400
 * `strict decoding error` and nothing is stored.
 */
import t from 'tap';
import { startTestServer } from '../helpers/server.js';

const base = '/api/v1/namespaces/default/configmaps';
const YAML_CT = { 'Content-Type': 'application/yaml' };
const body = (name: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\ndata:\n  a: "1"\n  a: "2"\n`;

t.test('Strict refuses a repeated YAML key with the strict decoder error and stores nothing', async (t) => {
  const s = await startTestServer();
  t.teardown(() => s.close());
  const res = await s.request('POST', `${base}?fieldValidation=Strict`, { body: body('strict'), headers: YAML_CT });
  t.equal(res.status, 400);
  t.match(res.json(), {
    reason: 'BadRequest',
    message: /^ConfigMap in version "v1" cannot be handled as a ConfigMap: strict decoding error: yaml: unmarshal errors:\n {2}line 7: key "a" already set in map$/,
  });
  t.equal(s.configmaps.size, 0);
});

for (const mode of ['Warn', 'Ignore']) {
  t.test(`${mode} keeps the last value of a repeated YAML key, as Go's decode does`, async (t) => {
    const s = await startTestServer();
    t.teardown(() => s.close());
    const res = await s.request('POST', `${base}?fieldValidation=${mode}`, { body: body(mode.toLowerCase()), headers: { ...YAML_CT, Accept: 'application/json' } });
    t.equal(res.status, 201);
    t.same(res.json().data, { a: '2' });
  });
}
