import fc from 'fast-check';
import t from 'tap';
import { Type, type TSchema } from 'typebox';
import { newBuiltinScheme } from '../../src/apis/register.js';
import { formatMicroTime, formatTime, parseTime } from '../../src/apis/meta/v1/time.js';
import { DeploymentSchema } from '../../src/apis/apps/v1/deployment.js';
import { TableSchema } from '../../src/apis/meta/v1/table.js';
import { CodecFactory } from '../../src/serializer/codec-factory.js';
import { goJSONValue, normaliseTime } from '../../src/serializer/go-json.js';
import { quoteJSON, writeGoJSON, writeRawJSON } from '../../src/serializer/go-json-writer.js';
import { escapeGoJSON, shapeObject } from '../../src/serializer/json.js';
import { X_GO_OMIT } from '../../src/schema/extensions.js';
import {
  bytesSchema,
  IntOrStringSchema,
  MicroTimeSchema,
  QuantitySchema,
  RawExtensionSchema,
  TimeSchema,
} from '../../src/schema/special-types.js';
import { builtinObject } from '../helpers/arbitraries.js';

const scheme = newBuiltinScheme();
const codecs = new CodecFactory(scheme);

/** The reference encoding: shape a copy, stringify it, escape it (what the writer must reproduce). */
const viaCopy = (schema: TSchema, value: unknown) => {
  const text: string | undefined = JSON.stringify(goJSONValue(schema, value));
  return text === undefined ? undefined : escapeGoJSON(text);
};
const oracle = (obj: Record<string, unknown>) => `${escapeGoJSON(JSON.stringify(shapeObject(scheme, obj)))}\n`;

t.test('property: the direct writer equals shaping a copy then JSON.stringify', async (t) => {
  fc.assert(
    fc.property(builtinObject, (obj) => codecs.json.encodeToString(obj) === oracle(obj)),
    { numRuns: 200 },
  );
  t.pass('built-in objects');
  // Any JSON-ish value in any field: mismatched types fall back to raw output exactly as the copy did.
  const key = fc.string({ maxLength: 6 }).filter((k) => !/^\d+$/.test(k) && k !== '__proto__');
  const junk = fc.letrec((tie) => ({
    v: fc.oneof(
      { depthSize: 'small' },
      fc.constantFrom(null, undefined, 0, -0, 1.5, Number.NaN, Infinity, true, false, '', '<a&b>', 'x\u2028"\\', '\ud800'),
      fc.string({ maxLength: 8 }),
      fc.array(tie('v'), { maxLength: 3 }),
      fc.dictionary(key, tie('v'), { maxKeys: 3 }),
    ),
  })).v;
  const fields = ['metadata', 'spec', 'status', 'x<y>'];
  fc.assert(
    fc.property(fc.dictionary(fc.constantFrom(...fields), junk), fc.dictionary(key, junk, { maxKeys: 4 }), (top, meta) => {
      const obj = { kind: 'Deployment', apiVersion: 'apps/v1', ...top, metadata: { ...meta, name: 'n' } };
      return writeGoJSON(DeploymentSchema, obj) === viaCopy(DeploymentSchema, obj);
    }),
    { numRuns: 300 },
  );
  t.pass('arbitrary values under Deployment');
});

t.test('omitempty of every kind, nil rules and zero values', async (t) => {
  const S = Type.Object({
    s: Type.String(),
    n: Type.Integer(),
    b: Type.Boolean(),
    a: Type.Array(Type.String()),
    m: Type.Record(Type.String(), Type.String()),
    by: bytesSchema(),
    st: Type.Object({ x: Type.String({ [X_GO_OMIT]: 'never' }) }),
    t: TimeSchema,
    q: QuantitySchema,
    ios: IntOrStringSchema,
    p: Type.String({ [X_GO_OMIT]: 'nil' }),
    nn: Type.String({ [X_GO_OMIT]: 'null' }),
    nv: Type.Integer({ [X_GO_OMIT]: 'never' }),
    nva: Type.Array(Type.String(), { [X_GO_OMIT]: 'never' }),
  });
  const rows: [Record<string, unknown>, string][] = [
    [{}, '{"st":{"x":""},"t":null,"q":"0","ios":0,"nn":null,"nv":0,"nva":null}'],
    [
      { s: '', n: 0, b: false, a: [], m: {}, by: new Uint8Array(), st: {}, t: null, q: null, p: '', nn: null, nv: 0, nva: [] },
      '{"st":{"x":""},"t":null,"q":"0","ios":0,"p":"","nn":null,"nv":0,"nva":[]}',
    ],
    [
      { s: 'a', n: -0, b: true, a: ['<'], m: { b: '1', a: '&' }, by: Uint8Array.of(1, 2), q: 1.5, ios: 'x', nv: 3 },
      '{"s":"a","b":true,"a":["\\u003c"],"m":{"a":"\\u0026","b":"1"},"by":"AQI=","st":{"x":""},"t":null,"q":"1.5","ios":"x","nn":null,"nv":3,"nva":null}',
    ],
  ];
  for (const [value, expected] of rows) {
    t.equal(writeGoJSON(S, value), expected);
    t.equal(writeGoJSON(S, value), viaCopy(S, value), 'same as the copying encoder');
  }
  t.equal(writeGoJSON(S, null), 'null');
  t.equal(writeGoJSON(S, undefined), undefined);
  t.equal(writeGoJSON(S, [1]), '[1]', 'a value of the wrong type is written as it is');
  t.equal(writeGoJSON(Type.Array(Type.String()), [undefined, null, 'a', () => 1]), '[null,null,"a",null]');
  t.equal(writeGoJSON(Type.Record(Type.String(), Type.String()), { u: undefined, n: null, f: () => 1 }), '{"n":null}');
});

t.test('HTML characters are escaped in keys and values, as Go does', async (t) => {
  const M = Type.Record(Type.String(), Type.String());
  t.equal(writeGoJSON(M, { '<k>': 'a&b', 'x\u2028': '\u2029' }), '{"\\u003ck\\u003e":"a\\u0026b","x\\u2028":"\\u2029"}');
  t.equal(quoteJSON('plain'), '"plain"');
  const unit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));
  fc.assert(fc.property(fc.string({ unit, maxLength: 12 }), (s) => quoteJSON(s) === escapeGoJSON(JSON.stringify(s))), { numRuns: 2000 });
  t.equal(quoteJSON('q"\n<'), '"q\\"\\n\\u003c"');
  t.equal(quoteJSON('\udc00'), '"\\udc00"', 'lone surrogates as JSON.stringify writes them');
  t.equal(writeRawJSON({ a: ['<'] }), '{"a":["\\u003c"]}');
  t.equal(writeRawJSON(Symbol('s')), undefined);
  t.equal(
    codecs.json.encodeToString({ kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: 'a' }, data: { '<': '>' }, 'ex&tra': '<' }),
    '{"kind":"ConfigMap","apiVersion":"v1","metadata":{"name":"a","creationTimestamp":null},"data":{"\\u003c":"\\u003e"},"ex\\u0026tra":"\\u003c"}\n',
  );
});

t.test('unknown properties are kept after the known fields', async (t) => {
  const S = Type.Object({ a: Type.String(), b: Type.String() });
  const cases: Record<string, unknown>[] = [
    { z: 1, b: 'b', a: 'a' },
    { a: 'a', u: undefined, f: () => 1 },
    { 2: 'two', 1: 'one', z: 'z', a: 'a' },
    { 1: 'one' },
    { z: 'z' },
    { 1: 'one', z: 'z' },
  ];
  for (const value of cases) t.equal(writeGoJSON(S, value), viaCopy(S, value), JSON.stringify(value));
  t.equal(writeGoJSON(S, { z: 1, b: 'b', a: 'a' }), '{"a":"a","b":"b","z":1}');
});

t.test('map keys are sorted like Go sorts them, numeric ones included', async (t) => {
  const M = Type.Record(Type.String(), Type.Integer());
  t.equal(writeGoJSON(M, { 9: 1, 10: 2, b: 3, a: 4 }), '{"10":2,"9":1,"a":4,"b":3}');
  const many = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${String.fromCharCode(122 - i)}`, i]));
  t.equal(writeGoJSON(M, many), JSON.stringify(Object.fromEntries(Object.entries(many).sort(([a], [b]) => (a < b ? -1 : 1)))));
});

t.test('timestamps: canonical strings pass through, others are normalised as before', async (t) => {
  const T = Type.Object({ t: TimeSchema, m: MicroTimeSchema });
  t.equal(writeGoJSON(T, { t: '2026-11-20T10:00:00Z', m: '2026-11-20T10:00:00.123456Z' }), '{"t":"2026-11-20T10:00:00Z","m":"2026-11-20T10:00:00.123456Z"}');
  t.equal(writeGoJSON(T, { t: '2026-11-20T12:00:00.9+02:00', m: '2026-11-20T10:00:00Z' }), '{"t":"2026-11-20T10:00:00Z","m":"2026-11-20T10:00:00.000000Z"}');
  t.equal(writeGoJSON(T, { t: '2026-11-20T10:00:60Z' }), '{"t":"2026-11-20T10:01:00Z","m":null}', 'leap second rolls over');
  t.equal(writeGoJSON(T, { t: 'yesterday', m: 5 }), '{"t":"yesterday","m":5}', 'non-times are kept');
  t.equal(writeGoJSON(T, { t: '2026-02-30T10:00:00Z' }), '{"t":"2026-02-30T10:00:00Z","m":null}', 'invalid dates are kept');
  const slow = (v: string, micro: boolean) => {
    try {
      const ts = parseTime(v);
      return micro ? formatMicroTime(ts) : formatTime(ts);
    } catch {
      return v;
    }
  };
  const d = (n: number) => fc.stringMatching(new RegExp(`^\\d{${n}}$`));
  const stamp = fc.tuple(d(4), d(2), d(2), d(2), d(2), d(2), d(6), fc.boolean()).map(
    ([y, mo, da, h, mi, s, f, micro]) => [`${y}-${mo}-${da}T${h}:${mi}:${s}${micro ? `.${f}` : ''}Z`] as const,
  );
  fc.assert(
    fc.property(stamp, fc.boolean(), ([v], asMicro) => normaliseTime(v, asMicro) === slow(v, asMicro)),
    { numRuns: 2000 },
  );
  t.pass('fast path agrees with parse+format on canonical-looking strings');
});

t.test('embedded objects (Table rows, lists) are written through the scheme', async (t) => {
  const table = {
    kind: 'Table',
    apiVersion: 'meta.k8s.io/v1',
    rows: [{ cells: ['<a>'], object: { kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: 'a' } } }, { cells: [], object: 'raw' }],
  };
  t.equal(codecs.json.encodeToString(table), oracle(table));
  t.equal(writeGoJSON(TableSchema, table), viaCopy(TableSchema, table), 'without a scheme, embedded objects are kept as they are');
  t.equal(writeGoJSON(RawExtensionSchema, { b: 1, a: '&' }), '{"b":1,"a":"\\u0026"}');
  const list = { kind: 'List', apiVersion: 'v1', items: [{ kind: 'Unknown', apiVersion: 'x/v1', z: 1, a: 2 }, { kind: 'ConfigMap', apiVersion: 'v1' }] };
  t.equal(codecs.json.encodeToString(list), oracle(list));
});
