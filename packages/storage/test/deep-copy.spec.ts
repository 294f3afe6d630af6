import t from 'tap';
import { deepCopy } from '../src/index.js';

t.test('plain objects and arrays are copied member by member, sharing nothing', async (t) => {
  const obj = {
    metadata: { name: 'a', labels: { app: 'web' }, finalizers: ['x'] },
    spec: { replicas: 3, paused: false, selector: null, items: [{ port: 80 }, [1, 2]], note: undefined },
  };
  const copy = deepCopy(obj);
  t.same(copy, obj);
  t.not(copy, obj);
  t.not(copy.metadata, obj.metadata);
  t.not(copy.metadata.labels, obj.metadata.labels);
  t.not(copy.spec.items, obj.spec.items);
  t.not(copy.spec.items[0], obj.spec.items[0]);
  t.ok(Object.hasOwn(copy.spec, 'note'), 'an undefined member stays a member, as structuredClone keeps it');
  copy.metadata.labels.app = 'changed';
  copy.spec.items.push({ port: 443 });
  t.equal(obj.metadata.labels.app, 'web');
  t.equal(obj.spec.items.length, 2);
});

t.test('frozen objects (the Cacher shares them) give unfrozen copies', async (t) => {
  const frozen: { metadata: { name: string } } = Object.freeze({ metadata: Object.freeze({ name: 'a' }) });
  const copy = deepCopy(frozen);
  copy.metadata.name = 'b';
  t.equal(copy.metadata.name, 'b');
  t.equal(frozen.metadata.name, 'a');
});

t.test('a __proto__ member (JSON.parse makes it an own property) stays data, not the prototype', async (t) => {
  const parsed = JSON.parse('{"metadata":{},"__proto__":{"polluted":true}}') as Record<string, unknown>;
  const copy = deepCopy(parsed);
  t.equal(Object.getPrototypeOf(copy), Object.prototype);
  t.ok(Object.hasOwn(copy, '__proto__'));
  t.same(Object.getOwnPropertyDescriptor(copy, '__proto__')?.value, { polluted: true });
  t.equal((copy as { polluted?: unknown }).polluted, undefined);
});

t.test('byte arrays, dates and class instances are copied by structuredClone', async (t) => {
  const bytes = new Uint8Array([1, 2, 3]);
  const when = new Date(0);
  const copy = deepCopy({ data: bytes, when, set: new Set([1]) });
  t.ok(copy.data instanceof Uint8Array);
  t.not(copy.data, bytes);
  t.same([...copy.data], [1, 2, 3]);
  t.ok(copy.when instanceof Date);
  t.equal(copy.when.getTime(), 0);
  t.not(copy.when, when);
  t.ok(copy.set instanceof Set);
  t.throws(() => deepCopy({ f: () => 1 }), 'a function cannot be copied, as with structuredClone');
});

t.test('nesting deeper than the API decodes (512) and cycles are copied: past 1000 levels structuredClone takes over', async (t) => {
  let deep: Record<string, unknown> = { leaf: true };
  for (let i = 0; i < 2_000; i++) deep = { next: deep };
  const copy = deepCopy(deep);
  let depth = 0;
  let cur: Record<string, unknown> | undefined = copy;
  while (cur !== undefined && cur['next'] !== undefined) {
    cur = cur['next'] as Record<string, unknown>;
    depth++;
  }
  t.equal(depth, 2_000);
  t.same(cur, { leaf: true });
  const cyclic: Record<string, unknown> = { metadata: {} };
  cyclic['self'] = cyclic;
  const c = deepCopy(cyclic);
  t.not(c, cyclic);
  t.ok(c['self'] !== cyclic, 'the copy does not alias the original');
});
