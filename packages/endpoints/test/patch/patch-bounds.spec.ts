/**
 * Hostile patches (issue #19): JSON patch `copy` bombs, array-shift storms, costly `test`/`move` operations, and
 * strategic merge patches of tens of thousands of list items give the right results or stop at their limits;
 * `__proto__` keys stay keys. How long they take is measured by `npm run bench -- hostile-patches`, not here.
 */
import { optionalField, stringList, struct } from '@apiserver/runtime';
import t from 'tap';
import { Type } from 'typebox';
import {
  applyJSONPatch,
  DEFAULT_JSON_PATCH_MAX_COPY_BYTES,
  decodeJSONPatch,
  goJSONSize,
  JSONPatchError,
  type JSONPatchOperation,
  MAX_JSON_PATCH_ARRAY_SHIFTS,
} from '../../src/patch/json-patch.js';
import { applyMergePatch } from '../../src/patch/merge-patch.js';
import { applyStrategicMergePatch } from '../../src/patch/strategic-merge-patch.js';

/** Runs `f`, returning its result or the error it threw. */
function outcome<T>(f: () => T): { value: T | unknown } {
  let value: T | unknown;
  try {
    value = f();
  } catch (err) {
    value = err;
  }
  return { value };
}

t.test('json-patch copy accumulates Go-encoded bytes against the limit (AccumulatedCopySizeLimit)', async (t) => {
  t.equal(DEFAULT_JSON_PATCH_MAX_COPY_BYTES, 3 * 1024 * 1024, "kube-apiserver's JSONPatchMaxCopyBytes");
  t.equal(goJSONSize('"ab"'), 4);
  t.equal(goJSONSize('"<&>"'), 20, 'Go escapes < & > as \\u003c etc.');
  t.equal(goJSONSize('"\u2028é"'), 10, 'U+2028 is escaped, é is two UTF-8 bytes');
  const doc = { a: '12345678' };
  const copy = (path: string): JSONPatchOperation => ({ op: 'copy', from: '/a', path });
  t.same(applyJSONPatch(doc, [copy('/b')], { accumulatedCopySizeLimit: 10 }), { a: '12345678', b: '12345678' }, 'exactly the limit passes');
  t.throws(() => applyJSONPatch(doc, [copy('/b'), copy('/c')], { accumulatedCopySizeLimit: 10 }), {
    name: 'JSONPatchError',
    stage: 'apply',
    message: 'Unable to complete the copy, the accumulated size increase of copy is 20, exceeding the limit 10',
  });
  t.same(applyJSONPatch(doc, [copy('/b'), copy('/c')], { accumulatedCopySizeLimit: 0 }), { a: '12345678', b: '12345678', c: '12345678' }, '0 is unlimited');
  t.throws(() => applyJSONPatch(doc, [{ op: 'copy', from: '/zz', path: '/b' }]), JSONPatchError, 'missing from');
  t.throws(() => applyJSONPatch(doc, [{ op: 'copy', from: '/a', path: '/q/r' }]), JSONPatchError, 'missing destination');
  const copied = applyJSONPatch({ a: { n: [1] } }, [copy('/b'), { op: 'add', path: '/b/n/-', value: 2 }]) as Record<string, { n: number[] }>;
  t.same(copied.a?.n, [1], 'a copy is independent of its source');
});

t.test('json-patch copy bombs stop at the limit (doubling 512 KiB 14 times; 1 KiB 24 times)', async (t) => {
  const bomb = (value: string, copies: number): JSONPatchOperation[] =>
    decodeJSONPatch(
      JSON.stringify([{ op: 'add', path: '/x', value: { a: value } }, ...Array.from({ length: copies }, (_, i) => ({ op: 'copy', from: '/x', path: `/x/c${i}` }))]),
    );
  for (const [size, copies] of [
    [512 * 1024, 14],
    [1024, 24],
  ] as const) {
    const { value } = outcome(() => applyJSONPatch({}, bomb('a'.repeat(size), copies)));
    t.match(value, { stage: 'apply', message: /^Unable to complete the copy, the accumulated size increase of copy is \d+, exceeding the limit 3145728$/ });
  }
  const map = Object.fromEntries(Array.from({ length: 10000 }, (_, i) => [`k${i}`, 'v']));
  const { value } = outcome(() => applyJSONPatch({ m: map }, Array.from({ length: 800 }, (_, i) => ({ op: 'copy', from: '/m', path: `/c${i}` }))));
  t.match(value, { stage: 'apply', message: /exceeding the limit 3145728$/ }, '800 copies of a 10k-key map');
});

t.test('json-patch array inserts and removals are bounded by the elements they shift', async (t) => {
  const arr = JSON.parse(`[${Array(1_000_000).fill('0').join(',')}]`) as number[];
  const head = Array.from({ length: 10000 }, (): JSONPatchOperation => ({ op: 'add', path: '/x/0', value: 1 }));
  const { value } = outcome(() => applyJSONPatch({ x: arr }, head));
  t.match(value, { stage: 'apply', message: `Unable to complete the patch, it shifts more than ${MAX_JSON_PATCH_ARRAY_SHIFTS} array elements` });
  const tail = Array.from({ length: 10000 }, (): JSONPatchOperation => ({ op: 'add', path: '/x/-', value: 1 }));
  t.equal((applyJSONPatch({ x: arr }, tail) as { x: number[] }).x.length, 1_010_000, 'appends shift nothing');
  const replaced = applyJSONPatch({ x: arr }, Array.from({ length: 10000 }, (_, i): JSONPatchOperation => ({ op: 'replace', path: `/x/${i}`, value: 2 })));
  t.equal((replaced as { x: number[] }).x[9999], 2, 'replace overwrites in place');
  t.same(applyJSONPatch({ x: [1, 2, 3] }, [{ op: 'remove', path: '/x/0' }, { op: 'add', path: '/x/1', value: 9 }]), { x: [2, 9, 3] });
});

t.test('json-patch test and move cost no more than the values they touch', async (t) => {
  const doc = { x: Array.from({ length: 100000 }, (_, i) => ({ i, s: 'abc' })) };
  const tests = Array.from({ length: 10000 }, (): JSONPatchOperation => ({ op: 'test', path: '/x', value: [{ i: 0, s: 'abc' }] }));
  const failed = outcome(() => applyJSONPatch(doc, tests));
  t.match(failed.value, { stage: 'apply', message: 'testing value /x failed: test failed' });
  const moves = Array.from({ length: 10000 }, (_, i): JSONPatchOperation => ({ op: 'move', from: i % 2 ? '/y' : '/x', path: i % 2 ? '/x' : '/y' }));
  const moved = outcome(() => applyJSONPatch(doc, moves));
  t.equal((moved.value as { x: unknown[] }).x.length, 100000);
  const same = applyJSONPatch({ a: { p: 1, q: [1, { r: null }] } }, [{ op: 'test', path: '/a', value: { q: [1, { r: null }], p: 1 } }]);
  t.same(same, { a: { p: 1, q: [1, { r: null }] } }, 'test ignores key order');
  for (const value of [{ p: 1 }, { p: 1, q: [1, { r: null }], z: 1 }, { p: 1, q: [1, { r: 0 }] }, { p: 1, q: [{ r: null }, 1] }, null, [1]]) {
    t.throws(() => applyJSONPatch({ a: { p: 1, q: [1, { r: null }] } }, [{ op: 'test', path: '/a', value }]), JSONPatchError, JSON.stringify(value));
  }
});

t.test('__proto__ keys stay own keys in every patch type', async (t) => {
  const evil = JSON.parse('{"__proto__":{"polluted":1}}') as Record<string, unknown>;
  const jp = applyJSONPatch({}, decodeJSONPatch('[{"op":"add","path":"/__proto__","value":{"polluted":1}}]')) as Record<string, unknown>;
  const mp = applyMergePatch({}, evil) as Record<string, unknown>;
  const smp = applyStrategicMergePatch({}, evil, undefined);
  for (const [name, out] of [
    ['json patch', jp],
    ['merge patch', mp],
    ['strategic merge patch', smp],
  ] as const) {
    t.equal(Object.getPrototypeOf(out), Object.prototype, `${name}: prototype untouched`);
    t.equal(JSON.stringify(out), '{"__proto__":{"polluted":1}}', `${name}: an own key`);
  }
  t.equal(({} as Record<string, unknown>).polluted, undefined, 'Object.prototype untouched');
});

const Item = struct('test.BoundItem', 'item', { name: optionalField(1, Type.String(), 'key'), value: optionalField(2, Type.String(), 'v') });
const Root = struct('test.BoundRoot', 'root', {
  items: optionalField(1, Type.Array(Item), 'merged by name', { patchStrategy: 'merge', patchMergeKey: 'name' }),
  finalizers: optionalField(2, stringList(), 'merged as a set', { patchStrategy: 'merge' }),
  strategy: optionalField(3, Type.Record(Type.String(), Type.String()), 'retain keys', { patchStrategy: 'retainKeys' }),
});

t.test('strategic merge of 20000 list items', async (t) => {
  const finalizers = Array.from({ length: 20000 }, (_, i) => `example.com/finalizer-${i}`);
  const prim = outcome(() => applyStrategicMergePatch({ finalizers: ['a'] }, { finalizers }, Root));
  t.equal((prim.value as { finalizers: string[] }).finalizers.length, 20001);
  const items = Array.from({ length: 20000 }, (_, i) => ({ name: `n${i}`, value: `${i}` }));
  const patch = { items: items.map((it, i) => (i % 2 === 0 ? { name: it.name, value: 'x' } : { name: `new${i}` })) };
  const keyed = outcome(() => applyStrategicMergePatch({ items }, patch, Root));
  t.equal((keyed.value as { items: unknown[] }).items.length, 30000);
  const deletes = { items: items.map((it) => ({ name: it.name, $patch: 'delete' })) };
  const deleted = outcome(() => applyStrategicMergePatch({ items }, deletes, Root));
  t.same((deleted.value as { items: unknown[] }).items, []);
  const directives = {
    [`$deleteFromPrimitiveList/finalizers`]: finalizers,
    [`$setElementOrder/items`]: [...items].reverse().map((it) => ({ name: it.name })),
    strategy: { ...Object.fromEntries(finalizers.map((f) => [f, 'v'])), $retainKeys: finalizers },
  };
  const other = outcome(() => applyStrategicMergePatch({ finalizers, items, strategy: {} }, directives, Root));
  const out = other.value as { finalizers: string[]; items: { name: string }[]; strategy: Record<string, string> };
  t.same(out.finalizers, []);
  t.equal(out.items[0]?.name, 'n19999');
  t.equal(Object.keys(out.strategy).length, 20000);
});

/** The quadratic keyed merge the linear one replaced, kept as the reference its results must equal. */
function referenceKeyedMerge(orig: unknown[], patch: Record<string, unknown>[], key: string): unknown[] {
  const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  const out = orig.map((o) => structuredClone(o));
  for (const item of patch) {
    const index = out.findIndex((o) => isObj(o) && o[key] === item[key]);
    if (item.$patch === 'delete') {
      if (index >= 0) out.splice(index, 1);
      continue;
    }
    const base = index >= 0 ? out[index] : {};
    const merged: Record<string, unknown> = { ...(isObj(base) ? base : {}) };
    for (const [k, v] of Object.entries(item)) {
      if (v === null) delete merged[k];
      else merged[k] = v;
    }
    if (index >= 0) out[index] = merged;
    else out.push(merged);
  }
  return out;
}

t.test('the linear keyed merge equals the pairwise one (duplicates, deletes, missing and null keys)', async (t) => {
  let seed = 19;
  const rand = (n: number): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const keyOf = (): Record<string, unknown> => {
    const r = rand(7);
    if (r === 0) return {};
    if (r === 1) return { name: null };
    return { name: `k${rand(5)}` };
  };
  for (let round = 0; round < 300; round++) {
    const orig = Array.from({ length: rand(6) }, () => ({ ...keyOf(), value: `o${rand(9)}` }));
    const patch = Array.from({ length: rand(6) }, () => ({ ...keyOf(), ...(rand(3) === 0 ? { $patch: 'delete' } : { value: `p${rand(9)}` }) }));
    const got = applyStrategicMergePatch({ items: orig }, { items: patch }, Root).items;
    t.same(got, referenceKeyedMerge(orig, patch, 'name'), `round ${round}`);
  }
});
