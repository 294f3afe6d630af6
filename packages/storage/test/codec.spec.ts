import t from 'tap';
import { canonicalJSON, jsonCodec } from '../src/index.js';

t.test('a __proto__ data key survives the canonical JSON codec (it was silently lost)', async (t) => {
  const obj = JSON.parse('{"metadata":{"name":"a"},"data":{"__proto__":"x","b":"y"}}');
  t.equal(canonicalJSON(obj), '{"data":{"__proto__":"x","b":"y"},"metadata":{"name":"a"}}');
  const back = jsonCodec.decode(jsonCodec.encode(obj)) as unknown as { data: Record<string, unknown> };
  t.same(Object.keys(back.data), ['__proto__', 'b']);
  t.equal(Object.getOwnPropertyDescriptor(back.data, '__proto__')?.value, 'x');
  t.equal(Object.getPrototypeOf(back.data), Object.prototype, 'the prototype is untouched');
});

t.test('a __proto__ key holding an object stays data, not a prototype', async (t) => {
  const obj = JSON.parse('{"metadata":{},"spec":{"__proto__":{"polluted":true}}}');
  t.equal(canonicalJSON(obj), '{"metadata":{},"spec":{"__proto__":{"polluted":true}}}');
  const back = jsonCodec.decode(jsonCodec.encode(obj)) as unknown as { spec: Record<string, unknown> };
  t.equal(back.spec['polluted'], undefined, 'nothing inherited');
  t.same(Object.keys(back.spec), ['__proto__']);
});

/** The canonical form as it was first written: every object and array copied, keys sorted, undefined members dropped. */
function copiedCanonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copiedCanonical);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(value).sort()) {
    const v = (value as Record<string, unknown>)[k];
    if (v === undefined) continue;
    if (k === '__proto__') Object.defineProperty(out, k, { value: copiedCanonical(v), enumerable: true, writable: true, configurable: true });
    else out[k] = copiedCanonical(v);
  }
  return out;
}

t.test('canonical JSON reuses canonical parts yet writes what a full sorted copy writes', async (t) => {
  class Custom {
    b = 1;
    a = 2;
    toJSON(): string {
      return 'custom';
    }
  }
  const sparse = [1, , 3];
  const withToJSON = { toJSON: () => 'own', a: 1 };
  const cases: [string, unknown][] = [
    ['sorted', { a: 1, b: { c: [1, { d: 2, e: 'x' }], f: null }, g: true }],
    ['unsorted deep inside', { a: { b: [{ z: 1, y: 2 }] }, c: 1 }],
    ['unsorted at the top', { metadata: { name: 'n' }, kind: 'K', apiVersion: 'v1' }],
    ['undefined members', { a: undefined, b: { c: undefined, d: 1 }, e: [undefined, 1] }],
    ['a change after canonical members', { a: 1, b: 2, c: { y: 1, x: 2 }, d: { e: 1 } }],
    ['integer-like keys', { 10: 'a', 9: 'b', x: { 2: 1, 1: 2 } }],
    ['a Date', { a: new Date(0), b: { when: new Date(1000) } }],
    ['a class instance', { a: new Custom() }],
    ['an own toJSON', { a: withToJSON }],
    ['a sparse array', { a: sparse, b: [{ y: 1, x: 2 }, , 3] }],
    ['a __proto__ key', JSON.parse('{"a":{"__proto__":{"z":1,"y":2},"b":1}}')],
    ['a null-prototype object', { a: Object.assign(Object.create(null), { b: 1, a: 2 }) }],
    ['a number and nested empties', { a: [], b: {}, c: [[]], d: -0, e: Number.NaN }],
  ];
  for (const [name, value] of cases) t.equal(canonicalJSON(value), JSON.stringify(copiedCanonical(value)), name);
});

t.test('canonical JSON does not change the value it writes', async (t) => {
  const value = { b: { d: 1, c: [{ f: 1, e: 2 }] }, a: undefined };
  const before = JSON.stringify(value);
  const keys = Object.keys(value.b);
  canonicalJSON(value);
  t.equal(JSON.stringify(value), before);
  t.same(Object.keys(value.b), keys);
  t.ok('a' in value, 'the undefined member is still there');
});
