// Hostile patches (issue #19), moved out of endpoints' tests, where they were timed assertions: JSON patch copy
// bombs stopped by the accumulated-copy limit, array-shift storms, `test`/`move` over large arrays, and strategic
// merge patches of large lists. Each case runs at size N and 2N in the same process (CPU time, median of rounds);
// the growth ratio (2N / N) tells linear (~2x) from quadratic (~4x) work. The peer of each patch is
// `structuredClone` of the same document, the copy every patch starts with.
// Run: `npm run bench -- hostile-patches`.
import { applyJSONPatch, applyStrategicMergePatch } from '@apiserver/endpoints';
import { optionalField, stringList, struct } from '@apiserver/runtime';
import { Type } from 'typebox';
import { median, printTable, writeResults } from './lib/results.mjs';

const ROUNDS = Number(process.env.PATCH_BENCH_ROUNDS ?? 5);

function cpuMs(f) {
  const before = process.cpuUsage();
  try {
    f();
  } catch {
    // a patch stopped by a limit is the expected outcome of a bomb
  }
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

const Item = struct('bench.Item', 'item', { name: optionalField(1, Type.String(), 'key'), value: optionalField(2, Type.String(), 'value') });
const Root = struct('bench.Root', 'root', {
  finalizers: optionalField(1, stringList(), 'merged as a set', { patchStrategy: 'merge' }),
  items: optionalField(2, Type.Array(Item), 'merged by name', { patchStrategy: 'merge', patchMergeKey: 'name' }),
});

/** Each case: a name and a builder of (document, run) at size n. */
const CASES = [
  ['json-patch: n copies of a 10k-key map', (n) => {
    const m = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, 'v']));
    return [{ m }, (doc) => applyJSONPatch(doc, Array.from({ length: n }, (_, i) => ({ op: 'copy', from: '/m', path: `/c${i}` })))];
  }, 400],
  ['json-patch: n head inserts into 1M elements', (n) => {
    const x = Array.from({ length: 1_000_000 }, (_, i) => i);
    return [{ x }, (doc) => applyJSONPatch(doc, Array.from({ length: n }, () => ({ op: 'add', path: '/x/0', value: 0 })))];
  }, 5000],
  ['json-patch: n moves in a 100k-item array', (n) => {
    const x = Array.from({ length: 100_000 }, (_, i) => i);
    return [{ x }, (doc) => applyJSONPatch(doc, Array.from({ length: n }, () => ({ op: 'move', from: '/x/0', path: '/x/-' })))];
  }, 5000],
  ['strategic merge: n new finalizers', (n) => {
    const finalizers = Array.from({ length: n }, (_, i) => `f${i}`);
    return [{ finalizers: ['a'] }, (doc) => applyStrategicMergePatch(doc, { finalizers }, Root)];
  }, 10_000],
  ['strategic merge: n keyed items', (n) => {
    const items = Array.from({ length: n }, (_, i) => ({ name: `n${i}`, value: `${i}` }));
    const patch = { items: items.map((it, i) => (i % 2 === 0 ? { name: it.name, value: 'x' } : { name: `new${i}` })) };
    return [{ items }, (doc) => applyStrategicMergePatch(doc, patch, Root)];
  }, 10_000],
];

const rows = [];
for (const [name, build, n] of CASES) {
  const times = { n: [], n2: [], clone: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const [key, size] of [['n', n], ['n2', 2 * n]]) {
      const [doc, run] = build(size);
      times[key].push(cpuMs(() => run(doc)));
      if (key === 'n') times.clone.push(cpuMs(() => structuredClone(doc)));
    }
  }
  const [t1, t2, clone] = [median(times.n), median(times.n2), median(times.clone)];
  rows.push({ name: `${name} (n=${n})`, value: t1, ratio: t1 / clone, note: `2n: ${t2.toFixed(1)} ms, growth ${(t2 / t1).toFixed(2)}x` });
}
const table = { title: 'Hostile patches: CPU ms at size n; ratio vs structuredClone of the document', unit: 'ms', baseline: 'structuredClone', better: 'lower', rows };
printTable(table);
writeResults('hostile-patches', { title: 'Hostile patches', tables: [table], notes: ['Growth is the CPU time at 2n over n: about 2x for linear work, 4x for quadratic. A case stopped by a limit (copy bytes, array shifts) may grow less than 1x: the bigger patch is refused sooner.'] });
