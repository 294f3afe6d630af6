import t from 'tap';
import {
  Cacher,
  isBadRequest,
  isNotFound,
  isTooManyRequests,
  type ListOptions,
  type ListResult,
  StorageNotReadyError,
  type WatchQueue,
} from '../../src/index.js';
import { EventReader, makePod } from '../../src/testing/index.js';
import { MVCCStore } from '../fixtures/mvcc-store.js';

/** The MVCC store with a gate on LIST and access to the watches it handed out. */
class GatedStore extends MVCCStore {
  gate: Promise<void> = Promise.resolve();
  readonly watches: WatchQueue[] = [];
  override async getList(key: string, opts?: ListOptions): Promise<ListResult> {
    await this.gate;
    return super.getList(key, opts);
  }
  override async watch(key: string, opts?: ListOptions): Promise<WatchQueue> {
    const w = await super.watch(key, opts);
    this.watches.push(w);
    return w;
  }
}

function setup(opts: { historyCapacity?: number; watcherBufferSize?: number } = {}) {
  const inner = new GatedStore();
  const cacher = new Cacher({ storage: inner, resourcePrefix: '/pods/', blockTimeoutMs: 300, relistBackoffMs: 20, ...opts });
  t.teardown(() => {
    cacher.stop();
    inner.close();
  });
  return { inner, cacher };
}

t.test('a watch older than the ring is 410 Expired', async (t) => {
  const { cacher } = setup({ historyCapacity: 3 });
  await cacher.waitUntilReady();
  const first = await cacher.create('/pods/ns/p0', makePod('ns', 'p0'));
  let last = first;
  for (let i = 1; i < 6; i++) last = await cacher.create(`/pods/ns/p${i}`, makePod('ns', `p${i}`));
  t.same(await cacher.get('/pods/ns/p5', { resourceVersion: last.metadata.resourceVersion ?? '' }), last, 'served fresh from the cache');
  const r = new EventReader(await cacher.watch('/pods', { recursive: true, resourceVersion: first.metadata.resourceVersion ?? '' }));
  const e = await r.next();
  t.equal(e.type, 'ERROR');
  if (e.type === 'ERROR') {
    t.equal(e.object.code, 410);
    t.match(e.object.message, /^too old resource version: /);
  }
  t.ok(await r.closed());
});

t.test('a watcher that does not read is closed without blocking others', async (t) => {
  const { cacher } = setup({ watcherBufferSize: 2 });
  await cacher.waitUntilReady();
  const start = await cacher.getCurrentResourceVersion();
  const slow = new EventReader(await cacher.watch('/pods', { recursive: true, resourceVersion: start }));
  const fast = new EventReader(await cacher.watch('/pods', { recursive: true, resourceVersion: start }));
  for (let i = 0; i < 5; i++) {
    await cacher.create(`/pods/ns/p${i}`, makePod('ns', `p${i}`));
    t.equal((await fast.next()).object.metadata.name, `p${i}`, 'the reading watcher keeps up');
  }
  t.equal((await slow.next()).object.metadata.name, 'p0', 'buffered events of the slow watcher remain');
  t.equal((await slow.next()).object.metadata.name, 'p1');
  t.ok(await slow.closed(), 'then it ends');
  fast.stop();
});

t.test('readiness, delegation while initializing and 429 for watches', async (t) => {
  const inner = new GatedStore();
  let open: () => void = () => {};
  inner.gate = new Promise((resolve) => (open = resolve));
  await inner.create('/pods/ns/a', makePod('ns', 'a'));
  const cacher = new Cacher({ storage: inner, resourcePrefix: '/pods', blockTimeoutMs: 100 });
  t.teardown(() => {
    cacher.stop();
    inner.close();
  });
  await t.rejects(cacher.readinessCheck(), StorageNotReadyError);
  t.notOk(cacher.ready);
  t.equal((await cacher.get('/pods/ns/a', { resourceVersion: '0' }))?.metadata.name, 'a', 'get delegated');
  await t.rejects(cacher.waitUntilReady(50), StorageNotReadyError);
  try {
    await cacher.watch('/pods', { recursive: true });
    t.fail('watch while initializing');
  } catch (err) {
    t.ok(isTooManyRequests(err), '429 while initializing');
  }
  open();
  await cacher.waitUntilReady(1000);
  await cacher.readinessCheck();
  t.ok(cacher.ready);
});

t.test('the cache relists when the storage watch ends and closes client watches', async (t) => {
  const { inner, cacher } = setup();
  await cacher.waitUntilReady();
  const start = await cacher.getCurrentResourceVersion();
  const client = new EventReader(await cacher.watch('/pods', { recursive: true, resourceVersion: start }));
  inner.watches[0]?.stop();
  t.ok(await client.closed(), 'client watch closed on reset');
  await cacher.waitUntilReady(1000);
  const created = await inner.create('/pods/ns/b', makePod('ns', 'b'));
  const got = await cacher.get('/pods/ns/b', { resourceVersion: created.metadata.resourceVersion ?? '' });
  t.equal(got?.metadata.name, 'b', 'relisted and following storage again');
  t.equal(inner.watches.length, 2, 'a second storage watch');
});

t.test('requests outside the cached prefix and misses', async (t) => {
  const { inner, cacher } = setup();
  await cacher.waitUntilReady();
  await inner.create('/other/x', makePod('', 'x'));
  t.equal((await cacher.getList('/other', { recursive: true, resourceVersion: '0' })).items.length, 1, 'list delegated');
  t.equal((await cacher.get('/other/x', { resourceVersion: '0' }))?.metadata.name, 'x', 'get delegated');
  await t.rejects(cacher.watch('/other', { recursive: true }), { name: 'APIError' });
  try {
    await cacher.watch('/other', {});
  } catch (err) {
    t.ok(isBadRequest(err));
  }
  try {
    await cacher.get('/pods/ns/missing', { resourceVersion: '0' });
    t.fail('found');
  } catch (err) {
    t.ok(isNotFound(err), 'a miss in the fresh cache is KeyNotFound');
  }
  t.equal(await cacher.get('/pods/ns/missing', { resourceVersion: '0', ignoreNotFound: true }), undefined);
  t.equal(await cacher.count('/pods'), 0);
});

t.test('freshness waits request storage progress', async (t) => {
  const { inner, cacher } = setup();
  await cacher.waitUntilReady();
  await cacher.create('/pods/ns/a', makePod('ns', 'a'));
  const other = await inner.create('/other/x', makePod('', 'x'));
  const r = new EventReader(await cacher.watch('/pods', { recursive: true, sendInitialEvents: true, predicate: { allowWatchBookmarks: true } }));
  t.equal((await r.next()).type, 'ADDED');
  const end = await r.next();
  t.equal(end.type, 'BOOKMARK');
  t.equal(end.object.metadata.resourceVersion, other.metadata.resourceVersion, 'cache RV moved by a progress notification');
  r.stop();
  await cacher.create('/pods/ns/b', makePod('ns', 'b'));
  try {
    await cacher.getList('/pods', { recursive: true, resourceVersion: String(Number(other.metadata.resourceVersion) + 100), resourceVersionMatch: 'NotOlderThan' });
    t.fail('future RV served');
  } catch (err) {
    t.match(err, { code: 504 }, 'TooLarge after the block timeout');
  }
});

t.test('lists from cache page with tokens the storage accepts', async (t) => {
  const { cacher } = setup();
  await cacher.waitUntilReady();
  let last = '';
  for (const n of ['a', 'b', 'c']) last = (await cacher.create(`/pods/ns/${n}`, makePod('ns', n))).metadata.resourceVersion ?? '';
  const p1 = await cacher.getList('/pods', { recursive: true, resourceVersion: last, resourceVersionMatch: 'NotOlderThan', predicate: { limit: 2 } });
  t.same(p1.items.map((o) => o.metadata.name), ['a', 'b']);
  t.equal(p1.remainingItemCount, 1);
  const p2 = await cacher.getList('/pods', { recursive: true, predicate: { continue: p1.continue ?? '' } });
  t.same(p2.items.map((o) => o.metadata.name), ['c']);
  t.equal(p2.resourceVersion, p1.resourceVersion);
  const one = await cacher.getList('/pods/ns/b', { resourceVersion: '0' });
  t.same(one.items.map((o) => o.metadata.name), ['b'], 'non-recursive from cache');
  cacher.compact(Number(last));
  const w = new EventReader(await cacher.watch('/pods', { recursive: true, resourceVersion: '1' }));
  const e = await w.next();
  t.ok(e.type === 'ERROR' && e.object.code === 410, 'compacted cache history is 410');
  cacher.stop();
  await t.rejects(cacher.readinessCheck(), StorageNotReadyError, 'stopped cache is not ready');
});

t.test('consistent lists from cache fall back to storage when the cache cannot catch up', async (t) => {
  class NoProgress extends GatedStore {
    override async requestWatchProgress(): Promise<void> {}
  }
  const inner = new NoProgress();
  const cacher = new Cacher({ storage: inner, resourcePrefix: '/pods', blockTimeoutMs: 200, consistentListFromCache: true });
  t.teardown(() => {
    cacher.stop();
    inner.close();
  });
  await cacher.waitUntilReady();
  const a = await cacher.create('/pods/ns/a', makePod('ns', 'a'));
  const fromCache = await cacher.getList('/pods', { recursive: true });
  t.equal(fromCache.resourceVersion, a.metadata.resourceVersion, 'served once the cache reached the current RV');
  const other = await inner.create('/other/x', makePod('', 'x'));
  const fallback = await cacher.getList('/pods', { recursive: true });
  t.equal(fallback.resourceVersion, other.metadata.resourceVersion, 'storage answered at the global revision');
  t.same(fallback.items.map((o) => o.metadata.name), ['a']);
});
