import { APIError, databaseSpaceExceededMessage, isDatabaseSpaceExceeded, isRequestTooLarge, requestTooLargeMessage } from '@apiserver/storage';
import t from 'tap';
import { CompactedError } from '../../src/mvcc/errors.js';
import type { MvccOp } from '../../src/mvcc/key-value.js';
import { MvccStore } from '../../src/mvcc/mvcc-store.js';
import { KEY_VALUE_OVERHEAD_BYTES, keyValueBytes } from '../../src/mvcc/space-quota.js';

const sized = (n: number, fill = 'x') => new Uint8Array(Buffer.from(fill.repeat(n)));
const put = (key: string, n: number, ttlMs?: number): MvccOp => ({ type: 'put', key, value: sized(n), ttlMs });
const del = (key: string): MvccOp => ({ type: 'delete', key });
/** Accounted bytes of a version of `key` holding `n` value bytes. */
const cost = (key: string, n: number) => key.length + n + KEY_VALUE_OVERHEAD_BYTES;

/** Live bytes recomputed from the live key-values, to check the running total against. */
function liveBytesOf(s: MvccStore): number {
  return s.range('', '').kvs.reduce((sum, kv) => sum + keyValueBytes(kv), 0);
}

t.test('maxRequestBytes: a commit whose puts exceed it is refused as etcd does, before a revision or lease is used', async (t) => {
  const s = new MvccStore({ maxRequestBytes: 100 });
  t.equal(s.commit([put('/k', 98)]).revision, 2, 'key + value = 100 bytes is at the limit and passes');
  const err = t.throws(() => s.commit([put('/k', 99, 60_000)]));
  t.ok(err instanceof APIError && err.code === 500 && err.reason === '' && err.message === requestTooLargeMessage, '500, no reason');
  t.ok(isRequestTooLarge(err));
  t.throws(() => s.commit([put('/a', 50), put('/b', 50)]), { message: requestTooLargeMessage }, 'the whole commit counts');
  t.equal(s.currentRevision, 2, 'no revision was used');
  t.equal(s.snapshot().leases.length, 0, 'no lease was granted');
  t.equal(s.commit([del('/k')]).revision, 3, 'deletes are not limited');
  s.close();
});

t.test('quotaBackendBytes: writes growing the live data past the quota are refused; deletes and shrinking writes pass', async (t) => {
  const quota = 3 * cost('/a', 100);
  const s = new MvccStore({ quotaBackendBytes: quota });
  s.commit([put('/a', 100)]);
  s.commit([put('/b', 100)]);
  s.commit([put('/c', 100)]);
  t.equal(s.stats().liveBytes, quota, 'exactly at the quota');
  const err = t.throws(() => s.commit([put('/d', 1)]));
  t.ok(isDatabaseSpaceExceeded(err) && err instanceof APIError && err.code === 500 && err.reason === '', '500, no reason');
  t.equal((err as Error).message, databaseSpaceExceededMessage);
  t.throws(() => s.commit([put('/a', 101)]), { message: databaseSpaceExceededMessage }, 'growing an object is refused');
  t.equal(s.currentRevision, 4, 'refusals use no revision');
  t.equal(s.commit([put('/a', 10)]).revision, 5, 'shrinking an object passes');
  t.equal(s.commit([put('/a', 100)]).revision, 6, 'the freed space can be used again');
  t.equal(s.commit([del('/b')]).revision, 7, 'deletes pass');
  t.equal(s.stats().liveBytes, liveBytesOf(s), 'live bytes follow the live key-values');
  s.close();
});

t.test('historyBudgetBytes: history is compacted early, oldest first, keeping the latest version of every key', async (t) => {
  const budget = 10 * cost('/hot', 1000);
  const s = new MvccStore({ historyBudgetBytes: budget });
  s.commit([put('/cold', 10)]); // 2: never rewritten, must survive every compaction
  s.commit([put('/gone', 10)]); // 3
  s.commit([del('/gone')]); // 4: its tombstone goes with the first compaction past 4
  for (let i = 0; i < 40; i++) {
    s.commit([put('/hot', 1000)]);
    t.ok(s.stats().historyBytes <= budget, `history within the budget after commit ${i}`);
  }
  const { historyBytes, liveBytes, keys } = s.stats();
  t.ok(s.compactRevision > 4, `compacted early to ${s.compactRevision}`);
  t.ok(historyBytes >= (budget * 3) / 4 - cost('/hot', 1000), 'about three quarters of the budget remain readable');
  t.equal(liveBytes, liveBytesOf(s));
  t.equal(keys, 2, '/gone is forgotten, /cold and /hot remain');
  t.equal(s.get('/cold')?.modRevision, 2, 'a key never rewritten keeps its only version');
  t.equal(s.get('/hot')?.modRevision, s.currentRevision);
  t.equal(s.get('/hot', s.compactRevision)?.modRevision, s.compactRevision, 'the compact revision stays readable');
  t.throws(() => s.get('/hot', s.compactRevision - 1), CompactedError, 'older reads are compacted');
  t.throws(() => s.eventsAfter(s.compactRevision - 1), CompactedError, 'so are watches from older revisions');
  t.equal(s.eventsAfter(s.compactRevision).length, s.currentRevision - s.compactRevision, 'later events are all there');
  s.compact(s.currentRevision);
  t.equal(s.stats().historyBytes, 0, 'compacting to the current revision releases all history');
  t.equal(s.stats().versions, 2, 'one version per live key');
  s.close();
});

t.test('history accounting: releasable bytes match what compaction drops, for puts, deletes and re-creates', async (t) => {
  const s = new MvccStore();
  s.commit([put('/a', 10)]); // 2
  s.commit([put('/a', 20)]); // 3: releases a@2
  s.commit([del('/a')]); // 4: releases a@3 and, at 4, the tombstone
  s.commit([put('/a', 30)]); // 5: a re-create releases nothing more
  s.commit([put('/b', 5), put('/c', 5)]); // 6
  const a = (n: number) => cost('/a', n);
  t.same(s.stats().historyBytes, a(10) + a(20) + cost('/a', 0));
  s.compact(3);
  t.equal(s.stats().historyBytes, a(20) + cost('/a', 0), 'a@2 released at 3');
  s.compact(4);
  t.equal(s.stats().historyBytes, 0);
  t.equal(s.stats().versions, 3, 'a@5, b@6, c@6');
  t.equal(s.stats().liveBytes, a(30) + cost('/b', 5) + cost('/c', 5));
  s.close();
});

t.test('historyBudgetBytes: a snapshot restore starts with no history and the live bytes of the snapshot', async (t) => {
  const s = new MvccStore();
  s.commit([put('/a', 10)]);
  s.commit([put('/a', 11)]);
  const restored = new MvccStore({ historyBudgetBytes: 1 });
  restored.restore(s.snapshot());
  t.match(restored.stats(), { historyBytes: 0, liveBytes: cost('/a', 11), versions: 1 });
  restored.commit([put('/a', 12)]);
  t.equal(restored.compactRevision, restored.currentRevision, 'a budget below one version compacts every superseded one');
  t.match(restored.stats(), { historyBytes: 0, versions: 1 });
  s.close();
  restored.close();
});
