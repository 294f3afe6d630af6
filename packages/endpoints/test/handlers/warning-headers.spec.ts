/**
 * Warning headers carry user text (unknown field names): they are written as upstream's warning recorder writes
 * them, and can never fail a response after its object was stored (issue #19: a field named `日本` answered 500
 * while the ConfigMap was created).
 */
import t from 'tap';
import { newWarningHeader, utf8HeaderValue, WARNING_ITEM_RUNES, WARNING_TOTAL_RUNES, warningHeaderValues } from '../../src/handlers/warning-headers.js';
import { startTestServer } from '../helpers/server.js';

const base = '/api/v1/namespaces/default/configmaps';
const JSON_CT = { 'Content-Type': 'application/json' };

/** The Warning header texts as a Go client reads them (UTF-8 bytes; node's client decodes header bytes as latin1). */
function warnings(header: string | string[] | undefined): string {
  return Buffer.from(String(header ?? ''), 'latin1').toString('utf8');
}

t.test('net.NewWarningHeader: quotes and backslashes escaped, control characters and invalid UTF-8 refused', async (t) => {
  t.equal(newWarningHeader('unknown field "a\\b"'), '299 - "unknown field \\"a\\\\b\\""');
  t.equal(newWarningHeader('日本 😀'), '299 - "日本 😀"', 'non-ASCII text is kept as is');
  for (const bad of ['a\nb', 'tab\there', '\u0000', 'del\u007f', 'c1\u0085', 'lone \ud800 surrogate', 'lone \udc00']) {
    t.equal(newWarningHeader(bad), undefined, JSON.stringify(bad));
  }
  t.equal(utf8HeaderValue('ascii'), 'ascii');
  t.equal(utf8HeaderValue('日'), '\u00e6\u0097\u00a5', 'UTF-8 bytes as latin1 characters');
});

t.test('the warning recorder dedupes, drops invalid texts and truncates past 4096 runes', async (t) => {
  t.same(warningHeaderValues(['a', '', 'a', 'b\n', 'c']), ['299 - "a"', '299 - "c"']);
  const long = 'x'.repeat(3000);
  const fits = warningHeaderValues([long, 'y'.repeat(WARNING_TOTAL_RUNES - 3000)]);
  t.equal(fits.length, 2, 'exactly 4096 runes are written whole');
  const over = warningHeaderValues([long, 'y'.repeat(2000), 'z'.repeat(10)]);
  t.same(
    over,
    [`299 - "${'x'.repeat(WARNING_ITEM_RUNES)}"`, `299 - "${'y'.repeat(WARNING_ITEM_RUNES)}"`, `299 - "${'z'.repeat(10)}"`],
    'past the total every text is cut to 256 runes',
  );
  const emoji = '😀'.repeat(300);
  t.same(warningHeaderValues(['a'.repeat(4000), emoji]), [`299 - "${'a'.repeat(256)}"`, `299 - "${'😀'.repeat(256)}"`], 'runes, not UTF-16 units');
  const many = Array.from({ length: 100 }, (_, i) => `${i}`.padEnd(256, '.'));
  const cut = warningHeaderValues(many);
  // 16 texts fill 4096 runes; the 17th starts truncation (all 17 replayed, 4352 runes); later ones are dropped.
  t.equal(cut.length, 17, 'none added once 4096 runes were written while truncating');
});

t.test('unknown fields with non-Latin-1 names: 201, the object stored once, UTF-8 Warning headers', async (t) => {
  const s = await startTestServer();
  t.teardown(() => s.close());
  for (const [name, field] of [
    ['jp', '日本'],
    ['emoji', '😀'],
    ['quote', 'a"b\\c'],
  ] as const) {
    const res = await s.request('POST', base, { body: JSON.stringify({ metadata: { name }, [field]: 1 }), headers: JSON_CT });
    t.equal(res.status, 201, `${name}: created`);
    t.equal(warnings(res.headers.warning), `299 - "unknown field ${JSON.stringify(JSON.stringify(field)).slice(1, -1)}"`, `${name}: warning`);
    const again = await s.request('POST', base, { body: JSON.stringify({ metadata: { name } }), headers: JSON_CT });
    t.equal(again.status, 409, `${name}: stored once`);
  }
  const patched = await s.request('PATCH', `${base}/jp`, { body: JSON.stringify({ 日本語: 1 }), headers: { 'Content-Type': 'application/merge-patch+json' } });
  t.equal(patched.status, 200, 'merge patch with a non-Latin-1 unknown field');
  t.equal(warnings(patched.headers.warning), '299 - "unknown field \\"日本語\\""');
});

t.test('a YAML !!binary key answers a Status, not a header error', async (t) => {
  const s = await startTestServer();
  t.teardown(() => s.close());
  for (const body of ['metadata:\n  name: bin\n? !!binary ~\n: 1\n', 'metadata:\n  name: bin2\n!!binary 5pel5pys: 1\n']) {
    const res = await s.request('POST', base, { body, headers: { 'Content-Type': 'application/yaml' } });
    t.ok(res.status < 500, `${JSON.stringify(body)}: ${res.status}`);
    t.match(res.json(), { kind: res.status === 201 ? 'ConfigMap' : 'Status' });
  }
});
