import { getEventListeners } from 'node:events';
import t, { type Test } from 'tap';
import { Cacher, type ListOptions, type WatchQueue } from '../../src/index.js';
import { EventReader, makePod } from '../../src/testing/index.js';
import { MVCCStore } from '../fixtures/mvcc-store.js';

/** The MVCC store with access to the watches it handed out (to break the cacher's storage watch). */
class TappedStore extends MVCCStore {
  readonly watches: WatchQueue[] = [];
  override async watch(key: string, opts?: ListOptions): Promise<WatchQueue> {
    const w = await super.watch(key, opts);
    this.watches.push(w);
    return w;
  }
}

function setup(t: Test) {
  const inner = new TappedStore();
  const logged: string[] = [];
  const cacher = new Cacher({ storage: inner, resourcePrefix: '/pods/', blockTimeoutMs: 300, relistBackoffMs: 20, log: (l) => logged.push(l) });
  t.teardown(() => {
    cacher.stop();
    inner.close();
  });
  return { inner, cacher, logged };
}

const watches = 1000;

t.test('Cacher.#newWatcher abort listener leak: 1,000 watches stopped by the client on one signal', async (t) => {
  const { cacher } = setup(t);
  await cacher.waitUntilReady();
  const signal = new AbortController().signal;
  for (let i = 0; i < watches; i++) {
    const w = await cacher.watch('/pods', { recursive: true, resourceVersion: '0', signal });
    w.stop();
  }
  t.equal(getEventListeners(signal, 'abort').length, 0, 'no abort listener left on the shared signal');
});

t.test('Cacher.#newWatcher abort listener leak: 1,000 watches closed by a cache reset', async (t) => {
  const { inner, cacher, logged } = setup(t);
  await cacher.waitUntilReady();
  const signal = new AbortController().signal;
  const readers: EventReader[] = [];
  for (let i = 0; i < watches; i++) readers.push(new EventReader(await cacher.watch('/pods', { recursive: true, resourceVersion: '0', signal })));
  t.equal(getEventListeners(signal, 'abort').length, watches, 'one listener per open watch');
  inner.watches[0]?.stop();
  for (const r of readers) await r.closed();
  t.equal(getEventListeners(signal, 'abort').length, 0, 'every listener removed when the reset closed the watches');
  t.equal(logged.length, 1, 'the reset was logged once');
});

t.test('a watch closed for falling behind releases its abort listener', async (t) => {
  const inner = new TappedStore();
  const cacher = new Cacher({ storage: inner, resourcePrefix: '/pods/', watcherBufferSize: 2, log: () => undefined });
  t.teardown(() => {
    cacher.stop();
    inner.close();
  });
  await cacher.waitUntilReady();
  const signal = new AbortController().signal;
  const start = await cacher.getCurrentResourceVersion();
  await cacher.watch('/pods', { recursive: true, resourceVersion: start, signal });
  for (let i = 0; i < 4; i++) await cacher.create(`/pods/ns/p${i}`, makePod('ns', `p${i}`));
  await cacher.get('/pods/ns/p3', { resourceVersion: await cacher.getCurrentResourceVersion() });
  // The cache has the events; they reach its watchers from setImmediate, after the writes were answered.
  await new Promise((resolve) => setImmediate(resolve));
  t.equal(getEventListeners(signal, 'abort').length, 0, 'listener removed when the slow watcher was closed');
});

t.test('aborting the shared signal still stops every open watch', async (t) => {
  const { cacher } = setup(t);
  await cacher.waitUntilReady();
  const ac = new AbortController();
  const readers: EventReader[] = [];
  for (let i = 0; i < 10; i++) readers.push(new EventReader(await cacher.watch('/pods', { recursive: true, resourceVersion: '0', signal: ac.signal })));
  ac.abort();
  const closed = await Promise.all(readers.map((r) => r.closed()));
  t.ok(closed.every(Boolean), 'all 10 watches ended');
  t.equal(getEventListeners(ac.signal, 'abort').length, 0, 'the once listeners are gone');
});
