import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  isExpired,
  isInternalError,
  isInvalidObj,
  isNotFound,
  isTooLargeResourceVersion,
  PrefixTransformer,
  SetSelector,
  type StorageObject,
  StorageNotReadyError,
  type WatchEvent,
} from '@apiserver/storage';
import t, { type Test } from 'tap';
import { MemoryBackend } from '../src/memory-backend.js';
import { take } from './helpers/take.js';

const pod = (ns: string, name: string, labels?: Record<string, string>): StorageObject => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { namespace: ns, name, ...(labels && { labels }) },
});

const summary = (es: WatchEvent[]) =>
  es.map((e) => `${e.type} ${String(Reflect.get(e.object.metadata, 'name') ?? '')}@${e.object.metadata.resourceVersion ?? ''}`);

/** Asserts that `p` rejects with an error accepted by `guard`. */
async function rejectsWith(t: Test, p: Promise<unknown>, guard: (e: unknown) => boolean): Promise<void> {
  try {
    await p;
    t.fail('expected a rejection');
  } catch (err) {
    t.ok(guard(err), String(err));
  }
}

t.test('views share one global revision', async (t) => {
  const backend = new MemoryBackend({ compactionIntervalMs: 0 });
  t.teardown(() => backend.close());
  const pods = backend.storage();
  const nodes = backend.storage({ pathPrefix: '/other' });
  const a = await pods.create('/pods/ns/a', pod('ns', 'a'));
  const b = await nodes.create('/nodes/b', pod('', 'b'));
  t.equal(a.metadata.resourceVersion, '2');
  t.equal(b.metadata.resourceVersion, '3');
  t.equal(await pods.getCurrentResourceVersion(), '3');
  t.equal((await pods.getList('/pods', { recursive: true })).resourceVersion, '3');
  t.equal(await nodes.count('/nodes'), 1);
  t.equal(await pods.count('/nodes'), 0, 'path prefixes separate the views');
  await pods.readinessCheck();
  await pods.requestWatchProgress();
});

t.test('watch: replay from an RV, live tail, predicate transitions, prev values', async (t) => {
  const backend = new MemoryBackend({ compactionIntervalMs: 0 });
  t.teardown(() => backend.close());
  const s = backend.storage();
  const a = await s.create('/pods/ns/a', pod('ns', 'a', { app: 'x' }));
  await s.guaranteedUpdate('/pods/ns/a', (cur) => ({ object: { ...cur!, metadata: { ...cur!.metadata, labels: { app: 'y' } } } }));
  const w = await s.watch('/pods/ns', {
    recursive: true,
    resourceVersion: a.metadata.resourceVersion ?? '',
    predicate: { label: SetSelector.fromSet({ app: 'x' }) },
  });
  await s.create('/pods/ns/b', pod('ns', 'b', { app: 'x' }));
  await s.create('/pods/other/c', pod('other', 'c', { app: 'x' }));
  await s.guaranteedUpdate('/pods/ns/a', (cur) => ({ object: { ...cur!, metadata: { ...cur!.metadata, labels: { app: 'x' } } } }));
  await s.delete('/pods/ns/b');
  const events = await take(w, 4);
  w.stop();
  t.same(summary(events), ['DELETED a@3', 'ADDED b@4', 'ADDED a@6', 'DELETED b@7']);
  t.same(events[0]?.object.metadata.labels, { app: 'x' }, 'DELETED on leaving the predicate carries the previous object');
});

t.test('watch: RV 0 lists current state; sendInitialEvents adds the end bookmark; signal ends the watch', async (t) => {
  const backend = new MemoryBackend({ compactionIntervalMs: 0 });
  t.teardown(() => backend.close());
  const s = backend.storage();
  await s.create('/pods/ns/a', pod('ns', 'a'));
  await s.create('/pods/ns/b', pod('ns', 'b'));
  const legacy = await s.watch('/pods', { recursive: true, resourceVersion: '0' });
  t.same(summary(await take(legacy, 2)), ['ADDED a@2', 'ADDED b@3']);
  legacy.stop();
  const wl = await s.watch('/pods', { recursive: true, sendInitialEvents: true, predicate: { allowWatchBookmarks: true } });
  const initial = await take(wl, 3);
  t.same(summary(initial), ['ADDED a@2', 'ADDED b@3', 'BOOKMARK @3']);
  t.equal(initial[2]?.object.metadata.annotations?.['k8s.io/initial-events-end'], 'true');
  wl.stop();
  const none = await s.watch('/pods', { recursive: true, sendInitialEvents: false });
  const ac = new AbortController();
  const single = await s.watch('/pods/ns/a', { signal: ac.signal, resourceVersion: '3' });
  await s.delete('/pods/ns/a');
  t.same(summary(await take(none, 1)), ['DELETED a@4']);
  t.same(summary(await take(single, 1)), ['DELETED a@4']);
  ac.abort();
  t.same(await take(single, 1), [], 'aborted watch ends');
  none.stop();
  const pre = new AbortController();
  pre.abort();
  t.same(await take(await s.watch('/pods', { signal: pre.signal }), 1), []);
});

t.test('watch: progress bookmarks on request', async (t) => {
  const backend = new MemoryBackend({ compactionIntervalMs: 0 });
  t.teardown(() => backend.close());
  const s = backend.storage();
  await s.create('/pods/ns/a', pod('ns', 'a'));
  const w = await s.watch('/pods', { recursive: true, resourceVersion: '2', progressNotify: true });
  await s.requestWatchProgress();
  t.same(summary(await take(w, 1)), ['BOOKMARK @2']);
  w.stop();
});

t.test('compaction: 410 for lists, continue tokens and watches below the compact revision', async (t) => {
  const backend = new MemoryBackend({ compactionIntervalMs: 0 });
  t.teardown(() => backend.close());
  const s = backend.storage();
  for (const n of ['a', 'b', 'c']) await s.create(`/pods/ns/${n}`, pod('ns', n));
  const page = await s.getList('/pods', { recursive: true, predicate: { limit: 1 } });
  t.equal(page.remainingItemCount, 2);
  await s.guaranteedUpdate('/pods/ns/a', (cur) => ({ object: { ...cur!, spec: 1 } }));
  backend.compact(backend.currentRevision);
  t.equal(backend.compactRevision, 5);
  try {
    await s.getList('/pods', { recursive: true, predicate: { limit: 1, continue: page.continue ?? '' } });
    t.fail('expected 410');
  } catch (err) {
    t.ok(isExpired(err));
    t.match(err, { continue: /.+/ }, 'recovery token');
  }
  await t.rejects(s.getList('/pods', { recursive: true, resourceVersion: '3', resourceVersionMatch: 'Exact' }), { code: 410 });
  const w = await s.watch('/pods', { recursive: true, resourceVersion: '2' });
  const [err] = await take(w, 1);
  t.match(err, { type: 'ERROR', object: { code: 410, reason: 'Expired' } });
  const fromCompact = await s.watch('/pods', { recursive: true, resourceVersion: '5' });
  await s.delete('/pods/ns/c');
  t.same(summary(await take(fromCompact, 1)), ['DELETED c@6'], 'watching from the compact revision itself works');
  fromCompact.stop();
  await t.rejects(s.watch('/pods', { resourceVersion: 'x' }));
  const tooNew = await s.watch('/pods', { recursive: true, resourceVersion: '99', sendInitialEvents: true });
  const [tooLarge] = await take(tooNew, 1);
  t.match(tooLarge, { type: 'ERROR', object: { code: 504 } });
});

t.test('periodic compaction keeps one to two intervals of history', async (t) => {
  const backend = new MemoryBackend({ compactionIntervalMs: 20 });
  t.teardown(() => backend.close());
  const s = backend.storage();
  await s.create('/pods/ns/a', pod('ns', 'a'));
  await new Promise((r) => setTimeout(r, 30));
  await s.create('/pods/ns/b', pod('ns', 'b'));
  await new Promise((r) => setTimeout(r, 60));
  t.ok(backend.compactRevision >= 2, `compacted to ${backend.compactRevision}`);
});

t.test('TTL: expiry deletes the object and watchers see DELETED', async (t) => {
  const backend = new MemoryBackend({ compactionIntervalMs: 0 });
  t.teardown(() => backend.close());
  const s = backend.storage();
  const out = await s.create('/events/ns/e', pod('ns', 'e'), { ttl: 1 });
  const w = await s.watch('/events/ns/e', { resourceVersion: out.metadata.resourceVersion ?? '' });
  const events = await take(w, 1, 4000);
  t.same(summary(events), ['DELETED e@3']);
  await rejectsWith(t, s.get('/events/ns/e'), isNotFound);
  const upd = await s.guaranteedUpdate('/events/ns/f', () => ({ object: pod('ns', 'f'), ttl: 1 }), { ignoreNotFound: true });
  t.equal(upd.metadata.resourceVersion, '4', 'guaranteedUpdate can create with a TTL');
});

t.test('transformer and corrupt data', async (t) => {
  const backend = new MemoryBackend({ compactionIntervalMs: 0 });
  t.teardown(() => backend.close());
  const tr = new PrefixTransformer('k8s:enc:a:');
  const s = backend.storage({ transformer: tr });
  await s.create('/pods/ns/a', pod('ns', 'a'));
  tr.prefix = new TextEncoder().encode('k8s:enc:b:');
  await rejectsWith(t, s.get('/pods/ns/a'), isInternalError);
  await rejectsWith(t, s.delete('/pods/ns/a'), isInternalError);
  const w = await s.watch('/pods', { recursive: true, resourceVersion: '0' });
  t.match(await take(w, 1), [{ type: 'ERROR', object: { code: 500 } }]);
  const out = await s.delete('/pods/ns/a', { ignoreStoreReadError: true });
  t.equal(out.metadata.resourceVersion, '3', 'unreadable objects can be deleted with ignoreStoreReadError');
  await rejectsWith(t, s.get('/pods/ns/a'), isNotFound);
  tr.prefix = new TextEncoder().encode('k8s:enc:a:');
  await s.create('/pods/ns/b', pod('ns', 'b'));
  const gone = await s.delete('/pods/ns/b', { ignoreStoreReadError: true });
  t.equal(gone.metadata.name, 'b', 'readable objects are returned as usual');
  await rejectsWith(t, s.getList('/pods', { recursive: true, resourceVersion: '99' }), isTooLargeResourceVersion);
});

t.test('durable backend: restart keeps objects and revision; close refuses use', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'storage-memory-backend-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const first = new MemoryBackend({ dataDir: join(dir, 'data'), compactionIntervalMs: 0, snapshotIntervalMs: 0 });
  const s1 = first.storage();
  await s1.create('/pods/ns/a', pod('ns', 'a'));
  await s1.create('/pods/ns/b', pod('ns', 'b'));
  first.snapshot();
  await s1.delete('/pods/ns/a');
  // "Crash": the first backend is never closed.
  const second = new MemoryBackend({ dataDir: join(dir, 'data'), compactionIntervalMs: 0 });
  t.match(second.recovery, { snapshotRevision: 3, replayedRecords: 1 });
  const s2 = second.storage();
  t.same((await s2.getList('/pods', { recursive: true })).items.map((o) => o.metadata.name), ['b']);
  t.equal((await s2.create('/pods/ns/c', pod('ns', 'c'))).metadata.resourceVersion, '5');
  t.match(second.stats(), { revisions: 2, versions: 4, keys: 3 }, 'history since the snapshot: rev 4 and 5');
  second.close();
  first.close();
  await rejectsWith(t, s2.readinessCheck(), (e) => e instanceof StorageNotReadyError);
  t.equal(new MemoryBackend().recovery, undefined);
});

t.test('watch: a future RV starts after it; a watcher that falls too far behind is ended', async (t) => {
  const backend = new MemoryBackend({ compactionIntervalMs: 0, watchBufferLimit: 3 });
  t.teardown(() => backend.close());
  const s = backend.storage();
  const future = await s.watch('/pods', { recursive: true, resourceVersion: '3' });
  const slow = await s.watch('/pods', { recursive: true, resourceVersion: '1' });
  for (const n of ['a', 'b', 'c', 'd', 'e']) await s.create(`/pods/ns/${n}`, pod('ns', n));
  t.same(summary(await take(future, 3)), ['ADDED c@4', 'ADDED d@5', 'ADDED e@6'], 'revisions 2 and 3 are not delivered');
  const got = await take(slow, 10);
  t.same(summary(got), ['ADDED a@2', 'ADDED b@3', 'ADDED c@4'], 'buffered events stay readable, then the watch ends');
  future.stop();
});

t.test('guaranteedUpdate: preconditions on a missing key with ignoreNotFound fail like a zero object', async (t) => {
  const backend = new MemoryBackend({ compactionIntervalMs: 0 });
  t.teardown(() => backend.close());
  const s = backend.storage();
  let calls = 0;
  const create = () => {
    calls++;
    return { object: pod('ns', 'x') };
  };
  await rejectsWith(t, s.guaranteedUpdate('/pods/ns/x', create, { ignoreNotFound: true, preconditions: { uid: 'u' } }), isInvalidObj);
  t.equal(calls, 0, 'tryUpdate not called');
  const out = await s.guaranteedUpdate('/pods/ns/x', create, { ignoreNotFound: true, preconditions: {} });
  t.equal(out.metadata.resourceVersion, '2');
});

t.test('closing the backend ends live watches', async (t) => {
  const backend = new MemoryBackend({ compactionIntervalMs: 0 });
  const s = backend.storage();
  await s.create('/pods/ns/a', pod('ns', 'a'));
  const w = await s.watch('/pods', { recursive: true, resourceVersion: '0' });
  t.same(summary(await take(w, 1)), ['ADDED a@2']);
  const started = Date.now();
  backend.close();
  t.same(await take(w, 1, 2000), [], 'the watch ends');
  t.ok(Date.now() - started < 1000, 'without waiting for a timeout');
});
