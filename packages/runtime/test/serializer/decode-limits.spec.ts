/**
 * Issue #19 for JSON bodies (deep and huge bodies are refused or decoded in linear time; every failure is a
 * DecodeError, which the handlers answer with a 400) and for the Go text forms used in YAML errors.
 */
import fc from 'fast-check';
import t from 'tap';
import { newBuiltinScheme } from '../../src/apis/register.js';
import { DecodeError } from '../../src/runtime/scheme-errors.js';
import { CodecFactory } from '../../src/serializer/codec-factory.js';
import { goFormatFloat, goQuote, goSyntax } from '../../src/serializer/go-syntax.js';

const codecs = new CodecFactory(newBuiltinScheme());

function elapsed(fn: () => void): number {
  const started = performance.now();
  fn();
  return performance.now() - started;
}

t.test('deep JSON is refused by a pre-scan that stops at the first level past the limit', async (t) => {
  const deep = (n: number) => Buffer.from(`{"a":${'['.repeat(n)}1${']'.repeat(n)}}`);
  const body = deep(1_600_000);
  const took = elapsed(() => t.throws(() => codecs.json.decode(body), { name: 'DecodeError', message: "couldn't get version/kind; json parse error: invalid character '[' exceeded max depth" }));
  t.comment(`1,600,000 levels (${body.length} bytes): ${took.toFixed(1)} ms`);
  t.ok(took < 2000, 'refused without parsing the body');
});

t.test('a JSON map of 24,000 keys decodes in linear time', async (t) => {
  const body = (n: number) => Buffer.from(JSON.stringify({ kind: 'ConfigMap', apiVersion: 'v1', data: Object.fromEntries(Array.from({ length: n }, (_, i) => [`key-${i}`, `value-${i}`])) }));
  const small = elapsed(() => codecs.json.decode(body(3000)));
  const large = elapsed(() => codecs.json.decode(body(24_000)));
  t.comment(`3,000 keys: ${small.toFixed(1)} ms, 24,000 keys: ${large.toFixed(1)} ms`);
  t.equal(Object.keys(codecs.json.decode(body(24_000)).data as object).length, 24_000);
});

t.test('property: any bytes decode to an object or fail with a DecodeError (JSON, YAML, protobuf)', async (t) => {
  const jsonish = fc.oneof(
    fc.uint8Array({ maxLength: 200 }),
    fc.string({ maxLength: 200 }).map((s) => Buffer.from(s)),
    fc.json({ maxDepth: 6 }).map((s) => Buffer.from(s)),
    fc.json({ maxDepth: 6 }).chain((s) => fc.nat(s.length).map((cut) => Buffer.from(s.slice(0, cut)))),
    fc.array(fc.constantFrom('{', '[', '"a":', ':', ',', '}', ']', '1', '- ', '? ', '&a ', '*a', '!!binary ', '<<: ', '\n', '  ', '---\n', '~'), { maxLength: 60 }).map((parts) => Buffer.from(parts.join(''))),
  );
  for (const serializer of [codecs.json, codecs.yaml, codecs.protobuf]) {
    fc.assert(
      fc.property(jsonish, (bytes) => {
        try {
          const obj = serializer.decode(bytes);
          return typeof obj === 'object' && obj !== null && !Array.isArray(obj);
        } catch (err) {
          return err instanceof DecodeError;
        }
      }),
      { numRuns: 200 },
    );
  }
  t.pass('only objects or DecodeErrors');
});

t.test('Go text forms: strconv.Quote, FormatFloat, %#v', async (t) => {
  t.equal(goQuote('a"b\\c\n\x01\u00e9'), '"a\\"b\\\\c\\n\\x01\u00e9"');
  t.equal(goFormatFloat(1.5, 32), '1.5');
  t.equal(goFormatFloat(0.1, 32), '0.1');
  t.equal(goFormatFloat(1e6, 32), '1e+06');
  t.equal(goFormatFloat(123456, 32), '123456');
  t.equal(goFormatFloat(1.0000001, 32), '1.0000001');
  t.equal(goFormatFloat(0.00001, 64), '1e-05');
  t.equal(goFormatFloat(0.0001, 64), '0.0001');
  t.equal(goFormatFloat(1234567, 64), '1.234567e+06');
  t.equal(goFormatFloat(-2.5e-10, 64), '-2.5e-10');
  t.equal(goFormatFloat(Number.POSITIVE_INFINITY), '+Inf');
  t.equal(goFormatFloat(Number.NaN), 'NaN');
  t.equal(goFormatFloat(-0), '-0');
  t.equal(goSyntax(null), '<nil>');
  t.equal(goSyntax([1, 'a', null, true, 2.5]), '[]interface {}{1, "a", interface {}(nil), true, 2.5}');
  t.equal(goSyntax({ b: 1, a: [] }), 'map[interface {}]interface {}{"a":[]interface {}{}, "b":1}');
});

t.test('protobuf: objects embedded in RawExtensions nest at most 512 levels, refused before the stack runs out', async (t) => {
  const varint = (n: number) => {
    const out: number[] = [];
    for (; n > 127; n >>>= 7) out.push((n & 127) | 128);
    out.push(n);
    return out;
  };
  const field = (id: number, bytes: Buffer) => Buffer.concat([Buffer.from([(id << 3) | 2, ...varint(bytes.length)]), bytes]);
  const envelope = (raw: Buffer) => Buffer.concat([Buffer.from('k8s\0', 'latin1'), field(1, Buffer.concat([field(1, Buffer.from('v1')), field(2, Buffer.from('List'))])), field(2, raw)]);
  // A v1 List whose only item (field 2, a RawExtension with its raw bytes in field 1) is the next List.
  const nestedLists = (levels: number) => {
    let body = envelope(Buffer.alloc(0));
    for (let i = 0; i < levels; i++) body = envelope(field(2, field(1, body)));
    return body;
  };
  t.equal(codecs.protobuf.decode(nestedLists(255)).kind, 'List', '255 embedded lists: 511 JSON levels');
  for (const levels of [256, 300, 2000]) {
    t.throws(() => codecs.protobuf.decode(nestedLists(levels)), { name: 'DecodeError', message: 'protobuf: exceeded max depth of 512' }, `${levels} levels`);
  }
  t.equal(codecs.protobuf.decode(nestedLists(3)).kind, 'List', 'the serializer is usable after a refused body');
});
