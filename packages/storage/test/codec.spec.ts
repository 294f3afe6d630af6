import t from 'tap';
import { canonicalJSON, createJSONCodec, isDecodedEncoder, jsonCodec, type StorageObject } from '../src/index.js';

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
  const sparse: unknown[] = [1];
  sparse[2] = 3;
  const sparseObjects: unknown[] = [{ y: 1, x: 2 }];
  sparseObjects[2] = 3;
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
    ['a sparse array', { a: sparse, b: sparseObjects }],
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

/** Keys in order, every level, with each value's type: what tells two decodings apart beyond deep equality. */
function layout(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(layout);
  if (typeof value !== 'object' || value === null) return [typeof value, Object.is(value, -0) ? '-0' : value];
  return [Object.getPrototypeOf(value) === Object.prototype, Object.keys(value).map((k) => [k, layout((value as Record<string, unknown>)[k])])];
}

t.test('encodeWithDecoded gives encode\'s bytes and what decoding them gives, or nothing when only decoding can tell', async (t) => {
  t.ok(isDecodedEncoder(jsonCodec));
  t.notOk(isDecodedEncoder({ encode: jsonCodec.encode, decode: jsonCodec.decode }));
  const sparse: unknown[] = [1];
  sparse[2] = 3;
  const plain: [string, unknown][] = [
    ['a ConfigMap', { metadata: { name: 'a', labels: { b: '1', a: '2' }, managedFields: [{ manager: 'm', fieldsV1: { 'f:data': { 'f:x': {} } } }] }, kind: 'ConfigMap', data: { z: 'v' } }],
    ['numbers', { metadata: {}, n: [-0, 0, 1.5, 1e21, Number.NaN, Number.POSITIVE_INFINITY, -1] }],
    ['undefined members and integer keys', { metadata: { x: undefined }, m: { 10: 'a', 9: 'b', z: null } }],
    ['a __proto__ key', JSON.parse('{"metadata":{"__proto__":{"b":1,"a":2}},"x":{"__proto__":"p"}}')],
    ['a Date and a null-prototype object', { metadata: { when: new Date(0) }, o: Object.assign(Object.create(null), { b: 1 }) }],
    ['a sparse array', { metadata: {}, a: sparse }],
    ['undefined, functions and symbols in an array', { metadata: {}, a: [1, undefined, () => 1, Symbol('s')] }],
    ['function and symbol members', { metadata: { f: () => 1, s: Symbol('s') }, g: () => 1 }],
  ];
  const unknown: [string, unknown][] = [
    ['an own toJSON', { metadata: {}, o: { toJSON: () => 'x' } }],
    ['an array subclass', { metadata: {}, a: new (class extends Array {})() }],
  ];
  for (const [name, obj] of [...plain, ...unknown]) {
    const { data, decoded } = jsonCodec.encodeWithDecoded(obj as StorageObject);
    t.same(Buffer.from(data), Buffer.from(jsonCodec.encode(obj as StorageObject)), `${name}: the bytes of encode`);
    if (plain.some(([n]) => n === name)) t.same(layout(decoded), layout(jsonCodec.decode(data)), `${name}: what decoding gives`);
    else t.equal(decoded, undefined, `${name}: left to decoding`);
  }
  const guarded = createJSONCodec((v): v is StorageObject => typeof v === 'object' && v !== null && 'kind' in v);
  t.equal(guarded.encodeWithDecoded({ metadata: {} }).decoded, undefined, 'what the guard refuses is left to decode (which reports it)');
});

t.test('encodeWithDecoded of random plain JSON: the canonical bytes, a fresh decoded value in decoding\'s key order', async (t) => {
  let seed = 23;
  const random = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  const keys = ['b', 'a', '10', '9', 'z', 'aa', '__proto__', 'é', 'A', ''];
  const value = (depth: number): unknown => {
    switch (depth > 3 ? random(5) : random(8)) {
      case 0:
        return 'text';
      case 1:
        return [-0, 1.5, Number.NaN, 7][random(4)];
      case 2:
        return random(2) === 0;
      case 3:
        return null;
      case 4:
        return undefined;
      case 5:
        return Array.from({ length: random(4) }, () => value(depth + 1));
      default: {
        const out: Record<string, unknown> = {};
        for (let i = random(6); i > 0; i--) {
          const k = keys[random(keys.length)] as string;
          Object.defineProperty(out, k, { value: value(depth + 1), enumerable: true, writable: true, configurable: true });
        }
        return out;
      }
    }
  };
  for (let i = 0; i < 300; i++) {
    const obj = { spec: value(0), metadata: { name: `n${i}`, labels: value(1) }, kind: 'K' } as unknown as StorageObject;
    const before = JSON.stringify(obj);
    const { data, decoded } = jsonCodec.encodeWithDecoded(obj);
    t.equal(Buffer.from(data).toString(), canonicalJSON(obj), `case ${i}: the canonical bytes`);
    t.same(layout(decoded), layout(JSON.parse(Buffer.from(data).toString())), `case ${i}: what decoding gives`);
    t.not(decoded, obj, `case ${i}: a fresh object`);
    t.equal(JSON.stringify(obj), before, `case ${i}: the input unchanged`);
  }
});
