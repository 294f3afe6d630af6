import t from 'tap';
import { KeyIndex } from '../../src/mvcc/key-index.js';

/** A deterministic pseudo-random sequence (xorshift32), so that a failure replays. */
function randoms(seed: number): () => number {
  let x = seed;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 0x1_0000_0000;
  };
}

/** The reference: one sorted array. */
function sortedRange(keys: readonly string[], start: string, end: string): string[] {
  return keys.filter((k) => k >= start && (end === '' || k < end));
}

t.test('KeyIndex keeps the order and the ranges of one sorted array across block splits and removals', async (t) => {
  const random = randoms(0x5eed);
  const ix = new KeyIndex();
  const model = new Set<string>();
  const keyOf = () => `/registry/configmaps/ns${Math.floor(random() * 7)}/cm-${Math.floor(random() * 6000)}`;
  for (let step = 0; step < 30_000; step++) {
    const key = keyOf();
    // Inserts outnumber removals two to one: the index grows through many block splits, and loses keys on the way.
    if (random() < 2 / 3) {
      ix.insert(key);
      model.add(key);
    } else {
      ix.remove(key);
      model.delete(key);
    }
  }
  const sorted = [...model].sort();
  t.ok(sorted.length > 2_000, `${sorted.length} keys: several blocks`);
  t.equal(ix.size, sorted.length);
  t.same([...ix.range('', '')], sorted, 'every key, in order');
  let mismatches = 0;
  for (let q = 0; q < 200; q++) {
    const start = q % 10 === 0 ? '' : keyOf();
    const end = q % 7 === 0 ? '' : keyOf();
    const got = [...ix.range(start, end)];
    const want = sortedRange(sorted, start, end);
    if (got.length !== want.length || got.some((k, i) => k !== want[i])) mismatches++;
  }
  t.equal(mismatches, 0, '200 ranges as the sorted array gives them');
  t.same([...ix.range('/registry/configmaps/ns3/', '/registry/configmaps/ns30')], sortedRange(sorted, '/registry/configmaps/ns3/', '/registry/configmaps/ns30'), 'a prefix');
  for (const key of sorted) ix.remove(key);
  t.equal(ix.size, 0);
  t.same([...ix.range('', '')], [], 'empty after removing every key');
  ix.insert('b');
  ix.insert('a');
  t.same([...ix.range('', '')], ['a', 'b'], 'usable again once emptied');
});

t.test('KeyIndex appends keys in ascending order (a snapshot restore) and inserts below the first', async (t) => {
  const ix = new KeyIndex();
  const keys = Array.from({ length: 3_000 }, (_, i) => `/k/${String(i).padStart(5, '0')}`);
  for (const k of keys) ix.insert(k);
  ix.insert('/a');
  ix.insert(keys[1_500] as string);
  t.equal(ix.size, 3_001, 'a present key is not added twice');
  t.same([...ix.range('', '')], ['/a', ...keys]);
  t.same([...ix.range('/k/01000', '/k/01003')], ['/k/01000', '/k/01001', '/k/01002']);
  t.same([...ix.range('/l', '')], [], 'nothing above the last key');
});
