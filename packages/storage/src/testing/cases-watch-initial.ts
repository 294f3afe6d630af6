/**
 * Conformance cases for sendInitialEvents and the end-of-initial-events bookmark (upstream RunWatchSemantics*, RunWatchListMatchSingle).
 * @module
 */
import type { ListOptions } from '../interfaces.js';
import { SetSelector } from '../selection-predicate.js';
import { isInitialEventsEndBookmark, type WatchEvent } from '../watch.js';
import { EventReader } from './reader.js';
import { type ConformanceCase, createPods, currentRV, makePod, rvOf, settle } from './fixtures.js';

type RVForm = '' | '0' | 'current';

function label(e: WatchEvent): string {
  if (e.type === 'BOOKMARK') return isInitialEventsEndBookmark(e.object) ? 'END' : 'BOOKMARK';
  return `${e.type} ${e.object.metadata.name ?? ''}`;
}

/** Reads until `ADDED marker`, skipping periodic bookmarks; returns labels and the END bookmark RV, if any. */
async function readUntilMarker(r: EventReader): Promise<{ labels: string[]; endRV: number | undefined }> {
  const labels: string[] = [];
  let endRV: number | undefined;
  for (let i = 0; i < 20; i++) {
    const e = await r.next();
    labels.push(label(e));
    if (e.type === 'BOOKMARK') endRV = rvOf(e.object);
    if (label(e) === 'ADDED marker') break;
  }
  return { labels, endRV };
}

function expected(rv: RVForm, sendInitialEvents: boolean | undefined, bookmarks: boolean): string[] {
  const initial = ['ADDED p1', 'ADDED p2'];
  if (sendInitialEvents === true) return [...initial, ...(bookmarks ? ['END'] : []), 'ADDED marker'];
  if (sendInitialEvents === undefined && rv !== 'current') return [...initial, 'ADDED marker'];
  return ['ADDED marker'];
}

function semanticsCase(rv: RVForm, sendInitialEvents: boolean | undefined): ConformanceCase {
  return {
    name: `watch semantics: RV ${rv === 'current' ? 'current' : JSON.stringify(rv)}, sendInitialEvents ${String(sendInitialEvents)}`,
    async run({ t, store }) {
      const [, p2] = await createPods(store, [makePod('ns', 'p1'), makePod('ns', 'p2')]);
      const cur = await currentRV(store);
      await settle(store, cur);
      const readers: [boolean, EventReader][] = [];
      try {
        for (const bookmarks of [false, true]) {
          const opts: ListOptions = { recursive: true, resourceVersion: rv === 'current' ? String(cur) : rv, predicate: { allowWatchBookmarks: bookmarks } };
          if (sendInitialEvents !== undefined) opts.sendInitialEvents = sendInitialEvents;
          readers.push([bookmarks, new EventReader(await store.watch('/pods/ns', opts))]);
        }
        await store.create('/pods/ns/marker', makePod('ns', 'marker'));
        for (const [bookmarks, r] of readers) {
          const { labels, endRV } = await readUntilMarker(r);
          t.same(labels, expected(rv, sendInitialEvents, bookmarks), `allowWatchBookmarks ${bookmarks}`);
          if (endRV !== undefined) t.ok(endRV >= rvOf(p2), 'END bookmark RV covers the initial events');
          t.equal(await r.nextWithin(100), undefined, 'nothing else');
        }
      } finally {
        for (const [, r] of readers) r.stop();
      }
    },
  };
}

/** sendInitialEvents cases. */
export const watchInitialCases: readonly ConformanceCase[] = [
  ...(['', '0', 'current'] as const).flatMap((rv) => [true, false, undefined].map((s) => semanticsCase(rv, s))),
  {
    name: 'watch semantics: the END bookmark carries the global revision',
    async run({ t, store }) {
      await createPods(store, [makePod('ns', 'p1'), makePod('other', 'late')]);
      const global = await currentRV(store);
      const r = new EventReader(await store.watch('/pods/ns', { recursive: true, sendInitialEvents: true, predicate: { allowWatchBookmarks: true } }));
      try {
        t.equal(label(await r.next()), 'ADDED p1');
        const end = await r.next();
        t.equal(label(end), 'END');
        t.equal(rvOf(end.object), global, 'bookmark RV is the revision of the initial list');
      } finally {
        r.stop();
      }
    },
  },
  {
    name: 'watch semantics: sendInitialEvents with a single-name field selector',
    async run({ t, store }) {
      await createPods(store, [makePod('ns', 'p1'), makePod('ns', 'p2'), makePod('ns', 'p3')]);
      const global = await currentRV(store);
      const r = new EventReader(await store.watch('/pods', {
        recursive: true,
        sendInitialEvents: true,
        predicate: { allowWatchBookmarks: true, field: SetSelector.fromSet({ 'metadata.name': 'p2' }) },
      }));
      try {
        t.same([label(await r.next()), label(await r.next())], ['ADDED p2', 'END']);
        t.equal(await r.nextWithin(100), undefined, 'nothing else');
      } finally {
        r.stop();
      }
      t.ok(global > 0);
    },
  },
];
