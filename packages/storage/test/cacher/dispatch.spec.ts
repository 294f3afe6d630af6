import t, { type Test } from 'tap';
import { type DispatchTarget, EventDispatcher } from '../../src/cacher/event-dispatcher.js';
import { IndexedWatchers } from '../../src/cacher/indexed-watchers.js';
import type { CacheEvent } from '../../src/cacher/watch-cache.js';
import { Cacher, type StorageObject, type WatchQueue } from '../../src/index.js';
import { EventReader, makePod } from '../../src/testing/index.js';
import { MVCCStore } from '../fixtures/mvcc-store.js';

/** One turn of the event loop: the setImmediate callbacks queued before this one have run. */
const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

class Recorder implements DispatchTarget {
  readonly got: number[] = [];
  constructor(
    readonly key: string,
    readonly recursive = true,
  ) {}
  dispatch(e: CacheEvent): void {
    this.got.push(e.resourceVersion);
  }
}

const event = (key: string, rv: number): CacheEvent => ({ type: 'ADDED', key, object: { metadata: { name: 'x' } }, prevObject: undefined, resourceVersion: rv });

t.test('events reach their watchers later, in slices, in order, and only the watchers of their key', async (t) => {
  const watchers = new IndexedWatchers<Recorder>();
  const mine = Array.from({ length: 7 }, () => new Recorder('/pods/a'));
  const others = Array.from({ length: 100 }, () => new Recorder('/pods/b'));
  for (const w of [...mine, ...others]) watchers.add(w);
  let dispatched = 0;
  const d = new EventDispatcher({ watchers, sliceSize: 3, onDispatched: () => dispatched++ });
  d.enqueue(event('/pods/a/x', 11));
  d.enqueue(event('/pods/a/y', 12));
  t.same(
    mine.map((w) => w.got.length),
    [0, 0, 0, 0, 0, 0, 0],
    'nothing is delivered while the code that queued the events runs',
  );
  t.notOk(d.idle);
  t.equal(d.settledResourceVersion(12), 10, 'only RVs below the first undelivered event are settled');
  await turn();
  t.same(
    mine.map((w) => w.got.length),
    [1, 1, 1, 0, 0, 0, 0],
    'one slice: three watchers offered the first event',
  );
  t.equal(dispatched, 0, 'the first event is not yet dispatched to all');
  for (let i = 0; i < 10 && !d.idle; i++) await turn();
  t.ok(d.idle);
  t.same(
    mine.map((w) => w.got),
    mine.map(() => [11, 12]),
    'every watcher of the key got both events, in order',
  );
  t.ok(
    others.every((w) => w.got.length === 0),
    'the watchers of another namespace were not visited',
  );
  t.equal(dispatched, 2, 'onDispatched once per event');
  t.equal(d.settledResourceVersion(15), 15, 'idle: the cache RV is settled');
});

t.test('clear drops queued events', async (t) => {
  const watchers = new IndexedWatchers<Recorder>();
  const w = new Recorder('/pods');
  watchers.add(w);
  const d = new EventDispatcher({ watchers, sliceSize: 1, onDispatched: () => undefined });
  for (let rv = 1; rv <= 5; rv++) d.enqueue(event('/pods/a', rv));
  await turn();
  d.clear();
  t.ok(d.idle);
  await turn();
  await turn();
  t.same(w.got, [1], 'nothing after the clear');
  d.enqueue(event('/pods/a', 9));
  await turn();
  t.same(w.got, [1, 9], 'the dispatcher still works after a clear');
});

t.test('a long backlog is delivered whole and in order', async (t) => {
  const watchers = new IndexedWatchers<Recorder>();
  const ws = Array.from({ length: 3 }, () => new Recorder('/pods'));
  for (const w of ws) watchers.add(w);
  const d = new EventDispatcher({ watchers, sliceSize: 2, onDispatched: () => undefined });
  const rvs = Array.from({ length: 3000 }, (_, i) => i + 1);
  for (const rv of rvs) d.enqueue(event(`/pods/ns/p${rv % 7}`, rv));
  while (!d.idle) await turn();
  t.ok(
    ws.every((w) => w.got.length === rvs.length && w.got.every((rv, i) => rv === rvs[i])),
    'every event once, in RV order, across the queue compactions',
  );
});

function setup(t: Test, dispatchSliceSize?: number) {
  const inner = new MVCCStore();
  const cacher = new Cacher({ storage: inner, resourcePrefix: '/pods', blockTimeoutMs: 300, relistBackoffMs: 20, dispatchSliceSize });
  t.teardown(() => {
    cacher.stop();
    inner.close();
  });
  return cacher;
}

const names = (objs: { object: StorageObject }[]) => objs.map((e) => e.object.metadata.name);

t.test('the Cacher answers writes before their events reach watchers; a watch opened meanwhile gets each event once', async (t) => {
  const cacher = setup(t);
  await cacher.waitUntilReady();
  const start = await cacher.getCurrentResourceVersion();
  const early = (await cacher.watch('/pods', { recursive: true, resourceVersion: start })) as WatchQueue;
  let last = '';
  for (let i = 0; i < 5; i++) last = (await cacher.create(`/pods/ns/p${i}`, makePod('ns', `p${i}`))).metadata.resourceVersion ?? '';
  await cacher.get('/pods/ns/p4', { resourceVersion: last });
  t.equal(early.length, 0, 'the cache has all five writes, its watchers none yet');
  // Replayed from the cache's history now; the same events then come from the dispatcher and must be skipped.
  const late = new EventReader(await cacher.watch('/pods', { recursive: true, resourceVersion: start }));
  const first = new EventReader(early);
  const fromEarly = [];
  const fromLate = [];
  for (let i = 0; i < 5; i++) {
    fromEarly.push(await first.next());
    fromLate.push(await late.next());
  }
  t.same(names(fromEarly as { object: StorageObject }[]), ['p0', 'p1', 'p2', 'p3', 'p4']);
  t.same(names(fromLate as { object: StorageObject }[]), ['p0', 'p1', 'p2', 'p3', 'p4']);
  await cacher.create('/pods/ns/p5', makePod('ns', 'p5'));
  t.equal((await late.next()).object.metadata.name, 'p5', 'the next event, no duplicate before it');
  t.equal((await first.next()).object.metadata.name, 'p5');
  late.stop();
  first.stop();
});

t.test('with slices of one watcher, 50 watchers each get every event in order', async (t) => {
  const cacher = setup(t, 1);
  await cacher.waitUntilReady();
  const start = await cacher.getCurrentResourceVersion();
  const readers = [];
  for (let i = 0; i < 50; i++) readers.push(new EventReader(await cacher.watch('/pods/ns', { recursive: true, resourceVersion: start })));
  const other = new EventReader(await cacher.watch('/pods/other', { recursive: true, resourceVersion: start }));
  for (let i = 0; i < 4; i++) await cacher.create(`/pods/ns/p${i}`, makePod('ns', `p${i}`));
  for (const r of readers) {
    const got = [];
    for (let i = 0; i < 4; i++) got.push((await r.next()).object.metadata.name);
    t.same(got, ['p0', 'p1', 'p2', 'p3']);
    r.stop();
  }
  t.equal((await other.read(50)).kind, 'timeout', 'nothing for another namespace');
  other.stop();
});

/**
 * Reads up to `objects` object events (and the bookmarks among them) for at most 5 s: how many came, whether RVs only
 * went forward, and how many bookmarks.
 */
async function readOrdered(r: EventReader, startRv: number, objects: number): Promise<{ seen: number; ordered: boolean; bookmarks: number }> {
  let rv = startRv;
  let seen = 0;
  let bookmarks = 0;
  let ordered = true;
  const deadline = Date.now() + 5000;
  while (seen < objects && Date.now() < deadline) {
    const e = await r.next(3000, false);
    const eventRv = Number(e.object.metadata.resourceVersion);
    if (e.type === 'BOOKMARK') bookmarks++;
    else seen++;
    // A bookmark may repeat the last RV; an object event must be newer than everything before it.
    ordered &&= e.type === 'BOOKMARK' ? eventRv >= rv : eventRv > rv;
    rv = eventRv;
  }
  r.stop();
  return { seen, ordered, bookmarks };
}

t.test('periodic bookmarks never run ahead of undelivered events', async (t) => {
  const inner = new MVCCStore();
  const cacher = new Cacher({ storage: inner, resourcePrefix: '/pods', bookmarkFrequencyMs: 1, dispatchSliceSize: 1 });
  t.teardown(() => {
    cacher.stop();
    inner.close();
  });
  await cacher.waitUntilReady();
  const start = await cacher.getCurrentResourceVersion();
  const writes = 40;
  const reading = [];
  for (let i = 0; i < 20; i++) {
    const r = new EventReader(await cacher.watch('/pods', { recursive: true, resourceVersion: start, predicate: { allowWatchBookmarks: true } }));
    reading.push(readOrdered(r, Number(start), writes));
  }
  for (let i = 0; i < writes; i++) {
    await cacher.create(`/pods/ns/p${i}`, makePod('ns', `p${i}`));
    await new Promise((resolve) => setTimeout(resolve, 3));
  }
  const results = await Promise.all(reading);
  t.same(
    results.map((r) => r.seen),
    results.map(() => writes),
    'every watcher got every event (none skipped as already covered by a bookmark)',
  );
  t.ok(
    results.every((r) => r.ordered),
    'resourceVersions never go back; an event after a bookmark is newer than it',
  );
  const bookmarks = results.reduce((n, r) => n + r.bookmarks, 0);
  t.ok(bookmarks > 0, `bookmarks were sent among the events (${bookmarks})`);
});
