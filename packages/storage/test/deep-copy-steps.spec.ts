import { isDeepStrictEqual } from 'node:util';
import t from 'tap';
import { deepCopy, deepCopySteps } from '../src/index.js';

function runWhole<T>(steps: Generator<void, T, void>): { value: T; yields: number } {
  let yields = 0;
  for (;;) {
    const step = steps.next();
    if (step.done === true) return { value: step.value, yields };
    yields++;
  }
}

function nested(depth: number): unknown {
  let v: unknown = { leaf: true };
  for (let i = 0; i < depth; i++) v = i % 2 === 0 ? { n: v } : [v];
  return v;
}

const cases: [string, unknown][] = [
  ['a scalar', 42],
  ['null', null],
  ['a small object', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a', labels: { x: 'y' } }, data: { a: 'b' } }],
  ['__proto__ and constructor keys', JSON.parse('{"__proto__":{"a":1},"constructor":[1,{"__proto__":null}],"data":{"__proto__":"x"}}')],
  ['integer-like keys', { 2: 'b', 1: 'a', x: [3, 2, 1] }],
  ['bytes and dates', { raw: new Uint8Array([1, 2, 3]), when: new Date(0) }],
  ['a null-prototype object', Object.assign(Object.create(null) as object, { a: 1, b: { c: [] } })],
  ['nesting past the copy depth', nested(1100)],
  ['a map of 160,000 keys', { data: Object.fromEntries(Array.from({ length: 160_000 }, (_, i) => [`k${i}`, `v${i}`])) }],
  ['100,000 finalizers', { metadata: { finalizers: Array.from({ length: 100_000 }, (_, i) => `example.com/f${i}`) } }],
];

for (const [name, value] of cases) {
  t.test(`deepCopySteps copies ${name} as deepCopy does`, (t) => {
    const { value: copy } = runWhole(deepCopySteps(value));
    const expected = deepCopy(value);
    t.ok(isDeepStrictEqual(copy, expected), 'deeply equal (prototypes included)');
    t.equal(JSON.stringify(copy), JSON.stringify(expected), 'same JSON text, keys in the same order');
    if (typeof value === 'object' && value !== null) t.not(copy, value, 'a new object');
    t.end();
  });
}

t.test('the copy is deep and keeps __proto__ an own property', (t) => {
  const src = JSON.parse('{"a":{"b":[1,2]},"__proto__":{"p":1}}') as Record<string, unknown>;
  const { value: copy } = runWhole(deepCopySteps(src));
  t.ok(Object.hasOwn(copy, '__proto__'));
  t.equal(Object.getPrototypeOf(copy), Object.prototype);
  (src['a'] as { b: number[] }).b.push(3);
  t.same((copy as { a: { b: number[] } }).a.b, [1, 2]);
  t.end();
});

t.test('deepCopySteps yields once per copied item', (t) => {
  const { yields } = runWhole(deepCopySteps({ a: [1, 2, 3], b: { c: 1 } }));
  // a, a[0..2], b, b.c
  t.equal(yields, 6);
  t.end();
});

t.test('deepCopySteps yields only where yieldDue says so, and still copies everything', (t) => {
  let asked = 0;
  const everyThird = (): boolean => ++asked % 3 === 0;
  const src = { a: [1, 2, 3], b: { c: 1 } };
  const { value, yields } = runWhole(deepCopySteps(src, everyThird));
  t.equal(asked, 6, 'asked after each of the six items');
  t.equal(yields, 2, 'yielded on the third and the sixth');
  t.same(value, src);
  t.same(runWhole(deepCopySteps(src, () => false)), { value: src, yields: 0 }, 'never due: one step');
  t.end();
});
