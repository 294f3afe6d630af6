import t from 'tap';
import { CompactedError, FutureRevisionError, StoreClosedError } from '../../src/mvcc/errors.js';
import { KeyHistory } from '../../src/mvcc/key-history.js';
import { KeyIndex, prefixRangeEnd } from '../../src/mvcc/key-index.js';
import type { MvccEvent } from '../../src/mvcc/key-value.js';
import { MvccStore } from '../../src/mvcc/mvcc-store.js';

const bytes = (s: string) => new Uint8Array(Buffer.from(s));
const text = (b: Uint8Array | undefined) => (b === undefined ? undefined : Buffer.from(b).toString());
const put = (key: string, value: string, ttlMs?: number) => ({ type: 'put' as const, key, value: bytes(value), ttlMs });
const del = (key: string) => ({ type: 'delete' as const, key });

t.test('revisions are global and start at 1', async (t) => {
  const s = new MvccStore();
  t.equal(s.currentRevision, 1);
  t.equal(s.commit([put('/a', '1')]).revision, 2);
  t.equal(s.commit([put('/b', '1')]).revision, 3);
  const kv = s.commit([put('/a', '2')]).events[0]?.kv;
  t.match(kv, { key: '/a', createRevision: 2, modRevision: 4, version: 2, lease: 0 });
  t.equal(s.currentRevision, 4);
});

t.test('reads at a revision see the state of that revision', async (t) => {
  const s = new MvccStore();
  s.commit([put('/p/a', 'a1')]); // 2
  s.commit([put('/p/b', 'b1')]); // 3
  s.commit([put('/p/a', 'a2')]); // 4
  s.commit([del('/p/b')]); // 5
  t.equal(text(s.get('/p/a', 2)?.value), 'a1');
  t.equal(text(s.get('/p/a', 3)?.value), 'a1');
  t.equal(text(s.get('/p/a')?.value), 'a2');
  t.equal(s.get('/p/b', 5), undefined);
  t.equal(text(s.get('/p/b', 4)?.value), 'b1');
  t.equal(s.get('/p/b', 1), undefined);
  const r3 = s.range('/p/', prefixRangeEnd('/p/'), 3);
  t.same(r3.kvs.map((kv) => kv.key), ['/p/a', '/p/b']);
  t.equal(r3.revision, 3);
  t.equal(r3.count, 2);
  const r5 = s.range('/p/', prefixRangeEnd('/p/'));
  t.same(r5.kvs.map((kv) => kv.key), ['/p/a']);
  t.equal(r5.revision, 5);
  t.throws(() => s.get('/p/a', 6), FutureRevisionError);
});

t.test('range limit returns the first keys and the full count', async (t) => {
  const s = new MvccStore();
  for (const k of ['e', 'a', 'c', 'b', 'd']) s.commit([put(`/x/${k}`, k)]);
  s.commit([put('/y/z', 'z')]);
  const r = s.range('/x/', prefixRangeEnd('/x/'), 0, 2);
  t.same(r.kvs.map((kv) => kv.key), ['/x/a', '/x/b']);
  t.equal(r.count, 5);
  const next = s.range('/x/b\0', prefixRangeEnd('/x/'), r.revision, 2);
  t.same(next.kvs.map((kv) => kv.key), ['/x/c', '/x/d']);
  t.equal(next.count, 3);
  t.equal(s.range('', '').count, 6);
});

t.test('deleting a missing key commits nothing; re-create resets version', async (t) => {
  const s = new MvccStore();
  const none = s.commit([del('/nope')]);
  t.same(none, { revision: 1, events: [] });
  s.commit([put('/k', 'v1')]); // 2
  const d = s.commit([del('/k')]); // 3
  t.match(d.events[0], { type: 'delete', kv: { key: '/k', modRevision: 3, version: 0 }, prevKv: { modRevision: 2 } });
  const c = s.commit([put('/k', 'v2')]); // 4
  t.match(c.events[0]?.kv, { createRevision: 4, version: 1 });
  t.equal(c.events[0]?.prevKv, undefined);
});

t.test('compaction drops old versions and refuses old reads', async (t) => {
  const s = new MvccStore();
  s.commit([put('/a', '1')]); // 2
  s.commit([put('/a', '2')]); // 3
  s.commit([put('/b', '1')]); // 4
  s.commit([del('/b')]); // 5
  s.commit([put('/a', '3')]); // 6
  t.throws(() => s.compact(7), FutureRevisionError);
  s.compact(5);
  t.equal(s.compactRevision, 5);
  t.throws(() => s.compact(5), CompactedError);
  t.throws(() => s.compact(4), CompactedError);
  t.throws(() => s.get('/a', 4), CompactedError);
  t.equal(text(s.get('/a', 5)?.value), '2', 'the compact revision itself stays readable');
  t.match(s.stats(), { revisions: 1, versions: 2, keys: 1 }, '/b and old /a versions are gone');
  t.throws(() => s.eventsAfter(4), CompactedError);
  t.same(s.eventsAfter(5).map((e) => e.kv.modRevision), [6]);
});

t.test('historyLimit compacts automatically', async (t) => {
  const s = new MvccStore({ historyLimit: 8 });
  for (let i = 0; i < 100; i++) s.commit([put('/k', String(i))]);
  t.equal(s.currentRevision, 101);
  t.ok(s.currentRevision - s.compactRevision <= 10, `kept ${s.currentRevision - s.compactRevision} revisions`);
  t.ok(s.currentRevision - s.compactRevision >= 8);
  t.ok(s.stats().versions <= 11);
});

t.test('eventsAfter and subscribe deliver ordered events with prevKv', async (t) => {
  const s = new MvccStore();
  const seen: MvccEvent[] = [];
  const off = s.subscribe((e) => seen.push(...e.events));
  s.commit([put('/a', '1')]);
  s.commit([put('/a', '2'), put('/b', '1')]);
  s.commit([del('/a')]);
  off();
  s.commit([put('/c', '1')]);
  t.same(
    seen.map((e) => [e.type, e.kv.key, e.kv.modRevision, text(e.prevKv?.value)]),
    [
      ['put', '/a', 2, undefined],
      ['put', '/a', 3, '1'],
      ['put', '/b', 3, undefined],
      ['delete', '/a', 4, '2'],
    ],
  );
  t.same(s.eventsAfter(3).map((e) => e.kv.key), ['/a', '/c']);
  t.equal(s.eventsAfter(5).length, 0);
});

t.test('each leased write expires on its own (kine-style per-object expiry)', async (t) => {
  const s = new MvccStore();
  t.teardown(() => s.close());
  s.commit([put('/l/a', 'a', 30), put('/l/b', 'b', 30)]);
  s.commit([put('/l/c', 'c', 30)]);
  s.commit([put('/l/c', 'c2')]); // drops its lease
  const kv = s.get('/l/a');
  t.ok(kv !== undefined && kv.lease > 0);
  // Lease timers are unref'd (a store never keeps a process alive); hold the loop open while waiting.
  const keepAlive = setTimeout(() => {}, 5000);
  const deleted = await new Promise<MvccEvent[]>((resolve) => {
    const got: MvccEvent[] = [];
    const off = s.subscribe((e) => {
      got.push(...e.events);
      if (got.length < 2) return;
      off();
      resolve(got);
    });
  });
  clearTimeout(keepAlive);
  t.same(deleted.map((e) => [e.type, e.kv.key]).sort(), [['delete', '/l/a'], ['delete', '/l/b']]);
  t.not(deleted[0]?.kv.modRevision, deleted[1]?.kv.modRevision, 'one revision per expired lease');
  t.equal(text(s.get('/l/c')?.value), 'c2');
  t.equal(s.get('/l/a'), undefined);
});

t.test('a lease whose keys were rewritten without it does not delete them', async (t) => {
  const s = new MvccStore();
  t.teardown(() => s.close());
  s.commit([put('/k', 'v', 10)]);
  s.commit([put('/k', 'v2')]);
  await new Promise((r) => setTimeout(r, 40));
  t.equal(text(s.get('/k')?.value), 'v2');
  t.equal(s.currentRevision, 3);
});

t.test('journal failure aborts the commit', async (t) => {
  let fail = false;
  const s = new MvccStore({
    journal: {
      append() {
        if (fail) throw new Error('disk full');
      },
    },
  });
  s.commit([put('/a', '1')]);
  fail = true;
  t.throws(() => s.commit([put('/a', '2')]), /disk full/);
  t.equal(s.currentRevision, 2);
  t.equal(text(s.get('/a')?.value), '1');
  t.throws(() => s.compact(2), /disk full/);
  t.equal(s.compactRevision, 0);
});

t.test('apply rejects a revision gap; restore needs an empty store', async (t) => {
  const s = new MvccStore();
  t.throws(() => s.apply({ kind: 'commit', revision: 5, ops: [], leases: [] }), RangeError);
  s.commit([put('/a', '1')]);
  t.throws(() => s.restore({ revision: 9, kvs: [], leases: [] }), /empty store/);
});

t.test('snapshot and restore keep live state; history before it is compacted', async (t) => {
  const s = new MvccStore();
  s.commit([put('/a', '1', 60_000)]);
  s.commit([put('/b', '1')]);
  s.commit([del('/b')]);
  const snap = s.snapshot();
  s.close();
  t.equal(snap.revision, 4);
  t.equal(snap.leases.length, 1);
  const r = new MvccStore();
  t.teardown(() => r.close());
  r.restore(snap);
  t.equal(r.currentRevision, 4);
  t.equal(r.compactRevision, 4);
  t.equal(text(r.get('/a')?.value), '1');
  t.throws(() => r.get('/a', 3), CompactedError);
  t.equal(r.commit([put('/c', 'x', 1000)]).events[0]?.kv.lease, 2, 'lease ids continue after restore');
});

t.test('closed store refuses use', async (t) => {
  const s = new MvccStore();
  s.close();
  t.ok(s.closed);
  t.throws(() => s.commit([put('/a', '1')]), StoreClosedError);
  t.throws(() => s.get('/a'), StoreClosedError);
});

t.test('KeyHistory and KeyIndex details', async (t) => {
  const h = new KeyHistory();
  const kv = { key: '/k', createRevision: 2, modRevision: 2, version: 1, value: bytes('x'), lease: 0 };
  h.append(kv);
  t.throws(() => h.append(kv), RangeError);
  t.equal(h.compact(1), false);
  h.append({ ...kv, modRevision: 3, version: 0 });
  t.equal(h.compact(3), true, 'a compacted tombstone empties the history');
  const ix = new KeyIndex();
  for (const k of ['b', 'a', 'c', 'a']) ix.insert(k);
  t.equal(ix.size, 3);
  ix.remove('b');
  ix.remove('zz');
  t.same([...ix.range('', '')], ['a', 'c']);
  t.same([...ix.range('b', 'c')], []);
  t.equal(prefixRangeEnd('/a/'), '/a0');
  t.equal(prefixRangeEnd(''), '');
  t.equal(prefixRangeEnd('\uffff'), '');
});

t.test('a lease expiry that cannot be journaled is retried', async (t) => {
  let fail = false;
  let clock = 1_000;
  const s = new MvccStore({
    now: () => clock,
    journal: {
      append() {
        if (fail) throw new Error('disk full');
      },
    },
  });
  t.teardown(() => s.close());
  s.commit([put('/k', 'v', 5)]);
  fail = true;
  clock += 10;
  const keepAlive = setTimeout(() => {}, 5000);
  await new Promise((r) => setTimeout(r, 30));
  t.ok(s.get('/k') !== undefined, 'still there after the failed expiry');
  fail = false;
  clock += 2_000;
  await new Promise<void>((resolve) => {
    const off = s.subscribe(() => {
      off();
      resolve();
    });
  });
  clearTimeout(keepAlive);
  t.equal(s.get('/k'), undefined, 'deleted by the retry');
});
