/**
 * Conformance cases for watch (upstream RunTestWatch*, RunTestDelayedWatchDelivery, RunTestWatcherTimeout, …).
 * @module
 */
import { isBadRequest, isInvalidError, isTooLargeResourceVersion } from '../errors.js';
import type { StorageObject } from '../object.js';
import { SetSelector } from '../selection-predicate.js';
import type { WatchEvent } from '../watch.js';
import { EventReader, describeEvent, sleep } from './reader.js';
import { compactTo, type ConformanceCase, createPods, makePod, rvOf, settle, updateNote, withLabels } from './fixtures.js';

function summary(e: WatchEvent): string {
  return `${e.type} ${e.object.metadata.name ?? ''}`;
}

/** Watch cases. */
export const watchCases: readonly ConformanceCase[] = [
  {
    name: 'watch: exact key sees create, update and delete',
    async run({ t, store }) {
      const start = String(Number(await store.getCurrentResourceVersion()));
      const r = new EventReader(await store.watch('/pods/ns/foo', { resourceVersion: start }));
      try {
        const created = await store.create('/pods/ns/foo', makePod('ns', 'foo'));
        await store.create('/pods/ns/foobar', makePod('ns', 'foobar'));
        const updated = await updateNote(store, '/pods/ns/foo', 'v2');
        const deleted = await store.delete('/pods/ns/foo');
        const events = [await r.next(), await r.next(), await r.next()];
        t.same(events.map((e) => e.type), ['ADDED', 'MODIFIED', 'DELETED']);
        t.same(events.map((e) => e.object), [created, updated, deleted], 'event objects equal the write outputs');
      } finally {
        r.stop();
      }
      t.ok(await r.closed(), 'stop ends the iteration');
    },
  },
  {
    name: 'watch: predicate transitions convert events',
    async run({ t, store }) {
      const start = await store.getCurrentResourceVersion();
      const label = SetSelector.fromSet({ watched: 'yes' });
      const r = new EventReader(await store.watch('/pods/ns', { resourceVersion: start, recursive: true, predicate: { label } }));
      try {
        const base = await store.create('/pods/ns/foo', makePod('ns', 'foo'));
        const on = (o: StorageObject) => store.guaranteedUpdate('/pods/ns/foo', () => ({ object: withLabels(o, { watched: 'yes' }) }));
        const off = (o: StorageObject) => store.guaranteedUpdate('/pods/ns/foo', () => ({ object: withLabels(o, { watched: 'no' }) }));
        const a = await on(base);
        const b = await off(a);
        const c = await on(b);
        const d = await updateNote(store, '/pods/ns/foo', 'changed');
        const e = await off(d);
        const got = [await r.next(), await r.next(), await r.next(), await r.next(), await r.next()];
        t.same(got.map((x) => x.type), ['ADDED', 'DELETED', 'ADDED', 'MODIFIED', 'DELETED']);
        t.same(got[1]?.object.metadata.labels, { watched: 'yes' }, 'DELETED carries the previous state');
        t.equal(got[1]?.object.metadata.resourceVersion, b.metadata.resourceVersion, '…with the RV of the update');
        t.equal(got[4]?.object.metadata.resourceVersion, e.metadata.resourceVersion);
        t.same([got[0]?.object, got[2]?.object, got[3]?.object], [a, c, d]);
      } finally {
        r.stop();
      }
    },
  },
  {
    name: 'watch: recursive watches stay inside their prefix',
    async run({ t, store }) {
      const start = await store.getCurrentResourceVersion();
      const r = new EventReader(await store.watch('/pods/ns', { resourceVersion: start, recursive: true }));
      try {
        await store.create('/pods/ns-bad/foo', makePod('ns-bad', 'foo'));
        await store.create('/pods/ns/foo', makePod('ns', 'foo'));
        const e = await r.next();
        t.equal(summary(e), 'ADDED foo');
        t.equal(e.object.metadata.namespace, 'ns', 'the event of another namespace is not delivered');
        t.equal(await r.nextWithin(150), undefined, 'nothing else');
      } finally {
        r.stop();
      }
    },
  },
  {
    name: 'watch: field selectors on namespace and name',
    async run({ t, store }) {
      const start = await store.getCurrentResourceVersion();
      const byNs = new EventReader(await store.watch('/pods', {
        resourceVersion: start,
        recursive: true,
        predicate: { field: SetSelector.fromSet({ 'metadata.namespace': 'ns1' }) },
      }));
      const byName = new EventReader(await store.watch('/pods', {
        resourceVersion: start,
        recursive: true,
        predicate: { field: SetSelector.fromSet({ 'metadata.name': 'foo' }) },
      }));
      try {
        await createPods(store, [makePod('ns2', 'foo'), makePod('ns1', 'bar'), makePod('ns1', 'foo')]);
        t.same([await byNs.next(), await byNs.next()].map((e) => `${e.object.metadata.namespace}/${e.object.metadata.name}`), ['ns1/bar', 'ns1/foo']);
        t.same([await byName.next(), await byName.next()].map((e) => `${e.object.metadata.namespace}/${e.object.metadata.name}`), ['ns2/foo', 'ns1/foo']);
        t.equal(await byNs.nextWithin(100), undefined, 'nothing else by namespace');
        t.equal(await byName.nextWithin(100), undefined, 'nothing else by name');
      } finally {
        byNs.stop();
        byName.stop();
      }
    },
  },
  {
    name: 'watch: from RV "0" and "" starts with the current state',
    async run({ t, store }) {
      const created = await store.create('/pods/ns/foo', makePod('ns', 'foo'));
      await settle(store, rvOf(created));
      for (const resourceVersion of ['0', '']) {
        const r = new EventReader(await store.watch('/pods/ns/foo', { resourceVersion }));
        try {
          const e = await r.next();
          t.equal(e.type, 'ADDED', `RV ${JSON.stringify(resourceVersion)}: synthetic ADDED`);
          t.ok(rvOf(e.object) >= rvOf(created));
          const updated = await updateNote(store, '/pods/ns/foo', `v-${resourceVersion}`);
          const m = await r.next();
          t.equal(m.type, 'MODIFIED');
          t.same(m.object, updated);
        } finally {
          r.stop();
        }
      }
    },
  },
  {
    name: 'watch: from a resourceVersion replays later history only',
    async run({ t, store }) {
      const a = await store.create('/pods/ns/a', makePod('ns', 'a'));
      const a2 = await updateNote(store, '/pods/ns/a', 'v2');
      const b = await store.create('/pods/ns/b', makePod('ns', 'b'));
      const r = new EventReader(await store.watch('/pods', { resourceVersion: String(rvOf(a)), recursive: true }));
      try {
        const got = [await r.next(), await r.next()];
        t.same(got.map(summary), ['MODIFIED a', 'ADDED b']);
        t.same(got.map((e) => e.object), [a2, b]);
        t.equal(await r.nextWithin(150), undefined, 'nothing else');
      } finally {
        r.stop();
      }
    },
  },
  {
    name: 'watch: from a compacted resourceVersion is an Expired ERROR',
    needs: ['compact'],
    async run(c) {
      const { t, store } = c;
      const a = await store.create('/pods/ns/a', makePod('ns', 'a'));
      await updateNote(store, '/pods/ns/a', 'v2');
      const latest = await updateNote(store, '/pods/ns/a', 'v3');
      await compactTo(c, rvOf(latest));
      await settle(store, rvOf(latest));
      const r = new EventReader(await store.watch('/pods', { resourceVersion: String(rvOf(a)), recursive: true }));
      try {
        const e = await r.next();
        t.equal(e.type, 'ERROR');
        if (e.type === 'ERROR') t.ok(e.object.code === 410 || e.object.code === 500, `status ${e.object.code} ${e.object.reason}`);
        t.ok(await r.closed(), 'the watch ends after the error');
      } finally {
        r.stop();
      }
      const z = new EventReader(await store.watch('/pods', { resourceVersion: '0', recursive: true }));
      try {
        const e = await z.next();
        t.equal(summary(e), 'ADDED a');
        t.same(e.object, latest, 'RV 0 after compaction lists the newest state');
      } finally {
        z.stop();
      }
    },
  },
  {
    name: 'watch: invalid or future resourceVersions are rejected',
    async run({ t, store }) {
      await store.create('/pods/ns/a', makePod('ns', 'a'));
      const rejects = async (resourceVersion: string, guard: (e: unknown) => boolean, what: string): Promise<void> => {
        let w: Awaited<ReturnType<typeof store.watch>> | undefined;
        try {
          w = await store.watch('/pods', { resourceVersion, recursive: true, sendInitialEvents: true, predicate: { allowWatchBookmarks: true } });
        } catch (err) {
          t.ok(guard(err), `${what}: rejected (${err instanceof Error ? err.message : String(err)})`);
          return;
        }
        const r = new EventReader(w);
        const e = await r.next().catch(() => undefined);
        r.stop();
        t.ok(e?.type === 'ERROR', `${what}: ERROR event`);
      };
      await rejects('abc', (e) => isBadRequest(e) || isInvalidError(e), 'garbage RV');
      await rejects('9223372036854775807', isTooLargeResourceVersion, 'future RV with sendInitialEvents');
    },
  },
  {
    name: 'watch: stopping delivers already buffered events in order',
    async run({ t, store }) {
      const start = await store.getCurrentResourceVersion();
      const r = new EventReader(await store.watch('/pods', { resourceVersion: start, recursive: true }));
      for (let i = 0; i < 21; i++) await store.create(`/pods/ns/p-${String(i).padStart(2, '0')}`, makePod('ns', `p-${String(i).padStart(2, '0')}`));
      await sleep(200);
      r.stop();
      const names: string[] = [];
      for (let i = 0; i < 30; i++) {
        const x = await r.read(1000);
        if (x.kind !== 'event') break;
        names.push(x.event.object.metadata.name ?? '');
      }
      t.ok(names.length >= 10, `${names.length} events after stop`);
      t.same(names, [...names].sort(), 'in order');
    },
  },
  {
    name: 'watch: an aborted signal ends the watch',
    async run({ t, store }) {
      const ac = new AbortController();
      ac.abort();
      try {
        const r = new EventReader(await store.watch('/pods', { recursive: true, resourceVersion: '0', signal: ac.signal }));
        t.ok(await r.closed(2000), 'pre-aborted watch closes');
      } catch (err) {
        t.pass(`pre-aborted watch rejected: ${err instanceof Error ? err.name : String(err)}`);
      }
      const live = new AbortController();
      const start = await store.getCurrentResourceVersion();
      const r = new EventReader(await store.watch('/pods', { recursive: true, resourceVersion: start, signal: live.signal }));
      await store.create('/pods/ns/a', makePod('ns', 'a'));
      t.equal(summary(await r.next()), 'ADDED a');
      live.abort();
      t.ok(await r.closed(2000), 'aborting ends a running watch');
    },
  },
  {
    name: 'watch: a reading watcher is not blocked by watchers that never read',
    async run({ t, store }) {
      const start = await store.getCurrentResourceVersion();
      const idle = await Promise.all(Array.from({ length: 20 }, () => store.watch('/pods', { resourceVersion: start, recursive: true })));
      const r = new EventReader(await store.watch('/pods', { resourceVersion: start, recursive: true }));
      const began = Date.now();
      try {
        const writes = createPods(store, Array.from({ length: 22 }, (_, i) => makePod('ns', `p-${String(i).padStart(2, '0')}`)));
        let seen = 0;
        for (; seen < 22; seen++) {
          const e = await r.next();
          if (e.type !== 'ADDED') break;
        }
        await writes;
        t.equal(seen, 22, 'all events reached the reader');
        t.ok(Date.now() - began < 5000, 'within 5 s');
      } finally {
        r.stop();
        for (const w of idle) w.stop();
      }
    },
  },
  {
    name: 'watch: progress notifications on request',
    async run({ t, store }) {
      const created = await store.create('/pods/ns/a', makePod('ns', 'a'));
      const r = new EventReader(await store.watch('/pods', { resourceVersion: created.metadata.resourceVersion ?? '', recursive: true, progressNotify: true }));
      try {
        await store.requestWatchProgress();
        const e = await r.next(5000, false);
        t.equal(e.type, 'BOOKMARK', describeEvent(e));
        t.ok(rvOf(e.object) >= rvOf(created), 'bookmark RV not older than the watch start');
        t.same(Object.keys(e.object.metadata), ['resourceVersion'], 'bookmark carries only the RV');
      } finally {
        r.stop();
      }
    },
  },
  {
    name: 'watch: bookmarks only when allowed, with monotonic RVs',
    async run({ t, store, harness }) {
      const start = await store.getCurrentResourceVersion();
      const off = new EventReader(await store.watch('/pods', { resourceVersion: start, recursive: true }));
      const on = new EventReader(await store.watch('/pods', { resourceVersion: start, recursive: true, predicate: { allowWatchBookmarks: true } }));
      try {
        await createPods(store, Array.from({ length: 10 }, (_, i) => makePod('ns', `p-${i}`)));
        let lastBookmark = 0;
        let lastEvent = 0;
        let bookmarks = 0;
        const deadline = Date.now() + (harness.isCache === true ? 4000 : 1500);
        for (;;) {
          const x = await on.read(Math.max(1, deadline - Date.now()));
          if (x.kind !== 'event') break;
          const rv = rvOf(x.event.object);
          if (x.event.type === 'BOOKMARK') {
            bookmarks++;
            t.ok(rv >= lastBookmark && rv >= lastEvent, 'bookmark RVs never go back');
            lastBookmark = rv;
          } else {
            t.ok(rv > lastEvent && rv > lastBookmark, 'event RVs increase strictly');
            lastEvent = rv;
          }
          if (harness.isCache === true && bookmarks > 0 && lastEvent > 0) break;
        }
        if (harness.isCache === true) t.ok(bookmarks > 0, 'the cache sends bookmarks');
        for (let i = 0; i < 10; i++) {
          const x = await off.read(300);
          if (x.kind !== 'event') break;
          t.not(x.event.type, 'BOOKMARK', 'no bookmark without allowWatchBookmarks');
        }
      } finally {
        off.stop();
        on.stop();
      }
    },
  },
];
