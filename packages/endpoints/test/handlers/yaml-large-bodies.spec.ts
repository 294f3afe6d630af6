/**
 * Issue #19: YAML bodies of YAML_OFF_THREAD_CHARS characters or more are converted in runtime's YAML decoding
 * thread, off the event loop. Create, update, delete and apply answer a large body exactly as the same body
 * converted in place: same status, same Go messages (with their line numbers), same warnings (the strict
 * decoding warnings hold a line break, which the warning recorder drops, as upstream's does).
 */
import { YAML_OFF_THREAD_CHARS, yamlDecodeThread } from '@apiserver/runtime';
import t from 'tap';
import { startTestServer, type TestServer } from '../helpers/server.js';

const base = '/api/v1/namespaces/default/configmaps';
const YAML_CT = { 'Content-Type': 'application/yaml', Accept: 'application/json' };
const APPLY = { 'Content-Type': 'application/apply-patch+yaml', Accept: 'application/json' };

/** A trailing comment taking a body over the thread's threshold: no value, key or line of the body changes. */
const large = (body: string): string => `${body}#${'x'.repeat(YAML_OFF_THREAD_CHARS)}\n`;
const small = (body: string): string => body;
const configMap = (name: string, data: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\ndata:\n${data}`;

/** What a test compares of an answer: status, the Status message or the object's data, and the warnings. */
async function answer(s: TestServer, method: string, path: string, body: string, headers: Record<string, string>) {
  const res = await s.request(method, path, { body, headers });
  const json = res.json();
  return { status: res.status, message: json.message, data: json.data, warning: res.headers.warning };
}

/** The requests of a scenario, each body shaped by `size`. */
async function scenario(size: (body: string) => string): Promise<unknown[]> {
  const s = await startTestServer();
  try {
    const duplicated = configMap('dup', '  a: "1"\n  a: "2"\n');
    return [
      await answer(s, 'POST', `${base}?fieldValidation=Strict`, size(duplicated), YAML_CT),
      await answer(s, 'POST', `${base}?fieldValidation=Warn`, size(duplicated), YAML_CT),
      await answer(s, 'POST', base, size('apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n   bad: 1\ndata: {}\n'), YAML_CT),
      await answer(s, 'POST', base, size('- a\n- b\n'), YAML_CT),
      await answer(s, 'PUT', `${base}/dup?fieldValidation=Strict`, size(configMap('dup', '  b: "3"\n  b: "4"\n')), YAML_CT),
      await answer(s, 'PUT', `${base}/dup`, size(configMap('dup', '  b: "3"\n')), YAML_CT),
      await answer(s, 'DELETE', `${base}/dup`, size('kind: Pod\n'), YAML_CT),
      await answer(s, 'DELETE', `${base}/dup`, size('kind: DeleteOptions\napiVersion: v1\ngracePeriodSeconds: 0\n'), YAML_CT),
      await answer(s, 'PATCH', `${base}/applied?fieldManager=m&fieldValidation=Strict`, size(configMap('applied', '  a: "1"\n  a: "2"\n')), APPLY),
      await answer(s, 'PATCH', `${base}/applied?fieldManager=m&fieldValidation=Warn`, size(configMap('applied', '  a: "1"\n  a: "2"\n')), APPLY),
      await answer(s, 'PATCH', `${base}/applied?fieldManager=m`, size('metadata:\n  name: x\n labels: 1\n'), APPLY),
      await answer(s, 'PATCH', `${base}/applied?fieldManager=m`, size('- 1\n'), APPLY),
    ];
  } finally {
    await s.close();
  }
}

t.test('large YAML bodies are converted in the thread and answered as the same bodies converted in place', async (t) => {
  const inPlace = await scenario(small);
  const conversionsBefore = yamlDecodeThread().conversions;
  const offThread = await scenario(large);
  t.equal(yamlDecodeThread().conversions - conversionsBefore, inPlace.length, 'every large body went to the thread');
  t.same(offThread, inPlace);
  t.match(inPlace, [
    { status: 400, message: /strict decoding error: yaml: unmarshal errors:\n {2}line 7: key "a" already set in map$/ },
    { status: 201, data: { a: '2' } },
    { status: 400, message: 'ConfigMap in version "v1" cannot be handled as a ConfigMap: yaml: line 4: Nested mappings are not allowed in compact mappings' },
    { status: 400, message: /the document is not an object/ },
    { status: 400, message: /line 7: key "b" already set in map$/ },
    { status: 200, data: { b: '3' } },
    { status: 422, message: /must be DeleteOptions/ },
    { status: 200 },
    { status: 400, message: /^error strict decoding YAML: error converting YAML to JSON: yaml: unmarshal errors:\n {2}line 7: key "a" already set in map$/ },
    { status: 201, data: { a: '2' } },
    { status: 400, message: 'error decoding YAML: error converting YAML to JSON: yaml: line 3: All mapping items must start at the same column' },
    { status: 400, message: /^error decoding YAML: error unmarshaling JSON: .*cannot unmarshal array/ },
  ]);
});
