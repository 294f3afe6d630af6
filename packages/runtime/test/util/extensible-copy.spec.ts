import t from 'tap';
import { extensibleCopy } from '../../src/index.js';

/** Own keys (strings and symbols) with their descriptors' values and flags, in order. */
function layout(obj: object): unknown[] {
  return Reflect.ownKeys(obj).map((k) => {
    const d = Object.getOwnPropertyDescriptor(obj, k);
    return [k, d?.value, d?.enumerable, d?.writable, d?.configurable];
  });
}

t.test('extensibleCopy gives what a spread gives', async (t) => {
  const sym = Symbol('s');
  const hidden = Symbol('hidden');
  const sources: object[] = [
    {},
    { b: 1, a: 2, 10: 'ten', 2: 'two', '': 'empty' },
    JSON.parse('{"name":"x","__proto__":{"polluted":true},"labels":{"a":"b"}}'),
    Object.defineProperties({ visible: 1 }, { hidden: { value: 2, enumerable: false }, [hidden]: { value: 3, enumerable: false } }),
    { [sym]: 'symbol', plain: true },
    Object.create({ inherited: 1 }, { own: { value: 2, enumerable: true } }),
  ];
  for (const [i, source] of sources.entries()) {
    const copy = extensibleCopy(source);
    t.not(copy, source);
    t.same(layout(copy), layout({ ...source }), `source ${i}: same keys, order, values and flags`);
    t.equal(Object.getPrototypeOf(copy), Object.prototype, 'a plain object, whatever the own keys');
  }
});

t.test('an own __proto__ key stays a key: the prototype is untouched', async (t) => {
  const source = JSON.parse('{"__proto__":{"polluted":true}}') as Record<string, unknown>;
  const copy = extensibleCopy(source) as Record<string, unknown>;
  t.equal(Object.getPrototypeOf(copy), Object.prototype);
  t.ok(Object.hasOwn(copy, '__proto__'));
  t.equal(copy.polluted, undefined);
});

t.test('getters are read once and copied as values; the copy takes new keys without touching the source', async (t) => {
  let reads = 0;
  const source = {
    get n() {
      reads++;
      return 7;
    },
  };
  const copy = extensibleCopy(source) as { n: number; added?: string };
  t.equal(reads, 1);
  t.same(Object.getOwnPropertyDescriptor(copy, 'n'), { value: 7, writable: true, enumerable: true, configurable: true });
  copy.added = 'x';
  t.same(Object.keys(copy), ['n', 'added']);
  t.same(Object.keys(source), ['n']);
});
