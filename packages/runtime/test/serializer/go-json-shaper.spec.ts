import fc from 'fast-check';
import t from 'tap';
import { Type, type TSchema } from 'typebox';
import { newBuiltinScheme } from '../../src/apis/register.js';
import { gvkFromAPIVersionAndKind } from '../../src/runtime/group-version.js';
import type { KubeObject } from '../../src/runtime/scheme.js';
import { NEEDS_WRITER, shapeForJSON } from '../../src/serializer/go-json-shaper.js';
import { writeGoJSON, writeRawJSON } from '../../src/serializer/go-json-writer.js';
import { isRecord } from '../../src/serializer/go-json.js';
import { escapeGoJSON, JSONSerializer, schemaOfObject, writeObjectJSON } from '../../src/serializer/json.js';
import { X_GO_OMIT } from '../../src/schema/extensions.js';
import { bytesSchema, MicroTimeSchema, QuantitySchema, RawExtensionSchema, TimeSchema } from '../../src/schema/special-types.js';
import { builtinObject } from '../helpers/arbitraries.js';

const scheme = newBuiltinScheme();

/** The reference: every object through the string writer (what writeObjectJSON did before the shaper). */
function viaWriter(obj: KubeObject): string {
  const { apiVersion, kind } = obj;
  const schema =
    typeof apiVersion === 'string' && typeof kind === 'string' ? scheme.lookup(gvkFromAPIVersionAndKind(apiVersion, kind))?.schema : undefined;
  if (schema === undefined) return writeObjectJSON(scheme, obj);
  return writeGoJSON(schema, obj, (v) => (isRecord(v) ? viaWriter(v) : writeRawJSON(v))) ?? 'null';
}

/** The shaper's text for a schema, or the marker. */
function shapedText(schema: TSchema, value: unknown): string | typeof NEEDS_WRITER | undefined {
  const shaped = shapeForJSON(schema, value);
  if (shaped === NEEDS_WRITER) return shaped;
  const text: string | undefined = JSON.stringify(shaped);
  return text === undefined ? text : escapeGoJSON(text);
}

t.test('property: the shaped copy writes the same bytes as the string writer, and leaves the object as it was', async (t) => {
  fc.assert(
    fc.property(builtinObject, (obj) => {
      const before = structuredClone(obj);
      const same = writeObjectJSON(scheme, obj) === viaWriter(obj);
      t.same(obj, before);
      return same;
    }),
    { numRuns: 200 },
  );
  // Arbitrary JSON-ish values anywhere, integer-like and `__proto__` keys included (those take the writer).
  const key = fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('0', '7', '10', '4294967295', '__proto__', 'toJSON'));
  const junk = fc.letrec((tie) => ({
    v: fc.oneof(
      { depthSize: 'small' },
      fc.constantFrom(null, undefined, 0, -0, 1.5, Number.NaN, Infinity, true, false, '', '<a&b>', 'x\u2028"\\', '\ud800'),
      fc.string({ maxLength: 8 }),
      fc.array(tie('v'), { maxLength: 3 }),
      fc.dictionary(key, tie('v'), { maxKeys: 3 }).map((d) => JSON.parse(JSON.stringify(d)) as unknown),
    ),
  })).v;
  const fields = ['metadata', 'spec', 'status', 'x<y>'];
  fc.assert(
    fc.property(fc.dictionary(fc.constantFrom(...fields), junk), fc.dictionary(key, junk, { maxKeys: 4 }), (top, meta) => {
      const obj = { kind: 'Deployment', apiVersion: 'apps/v1', ...top, metadata: { ...meta, name: 'n' } };
      return writeObjectJSON(scheme, obj) === viaWriter(obj);
    }),
    { numRuns: 500 },
  );
  t.pass('arbitrary values under Deployment');
});

t.test('parts already in Go form are shared, others copied', async (t) => {
  const M = Type.Record(Type.String(), Type.String());
  const sorted = { a: '1', b: '<' };
  t.equal(shapeForJSON(M, sorted), sorted, 'a map with sorted keys is reused');
  const unsorted = { b: '1', a: '2' };
  const copy = shapeForJSON(M, unsorted);
  t.not(copy, unsorted);
  t.same(Object.keys(copy as object), ['a', 'b']);
  const A = Type.Array(Type.String());
  const list = ['a', null, undefined];
  t.equal(shapeForJSON(A, list), list, 'an array of plain values is reused');
  const T = Type.Array(TimeSchema);
  const times = ['2026-11-20T10:00:00Z', '2026-11-20T12:00:00+02:00'];
  t.same(shapeForJSON(T, times), ['2026-11-20T10:00:00Z', '2026-11-20T10:00:00Z'], 'a time that changes makes a copy');
  t.same(times[1], '2026-11-20T12:00:00+02:00', 'the input is untouched');
  const B = Type.Record(Type.String(), bytesSchema());
  t.same(shapeForJSON(B, { a: 'x', b: Uint8Array.of(1) }), { a: 'x', b: 'AQ==' }, 'bytes are base64, keys before them kept');
});

t.test('what only the string writer can write', async (t) => {
  const M = Type.Record(Type.String(), Type.Integer());
  t.equal(shapeForJSON(M, { 9: 1, a: 2 }), NEEDS_WRITER, 'integer-like map keys');
  t.equal(shapeForJSON(M, JSON.parse('{"b":1,"__proto__":2}')), NEEDS_WRITER, 'a __proto__ key in a map that must be copied');
  t.same(shapedText(M, JSON.parse('{"__proto__":2,"b":1}')), '{"__proto__":2,"b":1}', 'kept when the map is reused');
  const S = Type.Object({ a: Type.String() });
  t.equal(shapeForJSON(S, JSON.parse('{"a":"x","__proto__":1}')), NEEDS_WRITER, 'a __proto__ key unknown to a struct');
  t.equal(shapeForJSON(Type.Object({ 1: Type.String() }), { 1: 'x' }), NEEDS_WRITER, 'a struct field named like an index');
  t.equal(shapeForJSON(Type.Object({ ['__proto__']: Type.String() }), {}), NEEDS_WRITER, 'a struct field named __proto__');
  const obj = { kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: 'a', labels: { 10: 'x', 9: 'y' } } };
  t.equal(writeObjectJSON(scheme, obj), '{"kind":"ConfigMap","apiVersion":"v1","metadata":{"name":"a","creationTimestamp":null,"labels":{"10":"x","9":"y"}}}');
  const table = {
    kind: 'Table',
    apiVersion: 'meta.k8s.io/v1',
    rows: [{ cells: [], object: { kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: 'a' }, data: { 2: 'b', 1: 'a' } } }],
  };
  t.equal(writeObjectJSON(scheme, table), viaWriter(table), 'an embedded object needing the writer sends the whole object there');
  t.match(writeObjectJSON(scheme, table), '"data":{"1":"a","2":"b"}');
});

t.test('values JSON.stringify would write differently are copied, never shared', async (t) => {
  const when = new Date(Date.UTC(2026, 10, 20));
  const M = Type.Record(Type.String(), Type.String());
  t.same(shapedText(M, when), '{}', 'a Date as a map has no keys, as the writer writes it');
  t.equal(writeGoJSON(M, when), '{}');
  const A = Type.Array(Type.String());
  class Listy extends Array<string> {
    toJSON(): string {
      return 'listy';
    }
  }
  const listy = Listy.from(['a']);
  t.equal(shapedText(A, listy), writeGoJSON(A, listy));
  const S = Type.Object({ t: TimeSchema, m: MicroTimeSchema, q: QuantitySchema, raw: RawExtensionSchema, n: Type.String({ [X_GO_OMIT]: 'never' }) });
  for (const value of [{ t: when, m: when, q: 1.5, raw: { b: 1, a: 2 } }, { q: Number.NaN, raw: when, n: null }, { z: () => 1, y: undefined }]) {
    t.equal(shapedText(S, value), writeGoJSON(S, value), JSON.stringify(value));
  }
  t.throws(() => shapeForJSON(RawExtensionSchema, { a: 1 }, () => { throw new Error('embed failed'); }), /embed failed/, 'other errors pass through');
  t.equal(shapedText(S, null), 'null');
  t.equal(shapedText(S, undefined), undefined);
});

t.test('encoded bytes: ASCII and non-ASCII text, remembered apiVersions', async (t) => {
  const json = new JSONSerializer(scheme);
  const utf8 = new TextEncoder();
  const texts = ['plain', 'café', 'emoji 😀', 'lone \ud800', '<&>', '\u2028'];
  for (const [i, text] of texts.entries()) {
    const obj = { kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: 'a' }, data: { k: text } };
    // (A raw U+2028 in an assertion message would break the TAP stream: messages name the case by index.)
    t.same(Buffer.from(json.encode(obj)), Buffer.from(utf8.encode(json.encodeToString(obj))), `text ${i}`);
  }
  for (let i = 0; i < 300; i++) schemaOfObject(scheme, { apiVersion: `g${i}.example.com/v1`, kind: 'X' });
  t.ok(schemaOfObject(scheme, { apiVersion: 'apps/v1', kind: 'Deployment' }), 'still found after the memory was cleared');
  t.throws(() => schemaOfObject(scheme, { apiVersion: 'a/b/c', kind: 'X' }), /unexpected GroupVersion string/);
  t.throws(() => schemaOfObject(scheme, { apiVersion: 'a/b/c', kind: 'X' }), /unexpected GroupVersion string/, 'errors are not remembered');
});
