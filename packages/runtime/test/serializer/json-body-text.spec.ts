import t from 'tap';
import { parseJSONObject } from '../../src/serializer/json.js';

/** What parseJSONObject gave before its ASCII shortcut: the fatal decoder's text, parsed. */
function viaDecoder(data: Uint8Array): unknown {
  const text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  return JSON.parse(text);
}

function outcome(f: () => unknown): unknown {
  try {
    return { value: f() };
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) };
  }
}

t.test('JSON bytes decode as the fatal UTF-8 decoder reads them, ASCII or not', async (t) => {
  const enc = new TextEncoder();
  const texts = ['{}', '{"a":"b","n":1}', '{"é":"€","e":"😀"}', '{"x":"\\u00e9"}', `{"long":"${'v'.repeat(5000)}"}`];
  for (const text of texts) {
    const bytes = enc.encode(text);
    t.same(parseJSONObject(bytes), viaDecoder(bytes), text.slice(0, 20));
  }
  const bom = Uint8Array.of(0xef, 0xbb, 0xbf, ...enc.encode('{"bom":true}'));
  t.same(parseJSONObject(bom), { bom: true }, 'a BOM is dropped, as the decoder drops it');
  const framed = enc.encode('xx{"window":1}yy').subarray(2, 14);
  t.same(parseJSONObject(framed), { window: 1 }, 'a view decodes its own bytes only');
  const invalid = Uint8Array.of(0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d);
  const failed = outcome(() => parseJSONObject(invalid)) as { error?: string };
  const decoderError = outcome(() => new TextDecoder('utf-8', { fatal: true }).decode(invalid)) as { error?: string };
  t.ok(failed.error?.includes(decoderError.error ?? '<none>'), 'invalid UTF-8 still fails with the decoder\'s message');
});
