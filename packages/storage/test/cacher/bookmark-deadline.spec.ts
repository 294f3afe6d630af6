/**
 * The pre-timeout bookmark (cache_watcher.go's nextBookmarkTime): a watch with a deadline that wants bookmarks gets
 * one 2 s before its deadline when the bookmark interval would come later, once; a watch shorter than 2 s gets none.
 */
import t, { type Test } from 'tap';
import { PRE_TIMEOUT_BOOKMARK_MS } from '../../src/cacher/cache-watcher.js';
import { Cacher } from '../../src/index.js';
import { EventReader, makePod } from '../../src/testing/index.js';
import { MVCCStore } from '../fixtures/mvcc-store.js';

async function startCacher(t: Test): Promise<{ cacher: Cacher; rv: string }> {
  const inner = new MVCCStore();
  // Bookmark interval of a minute, as upstream: only the deadline can make one due within this test.
  const cacher = new Cacher({ storage: inner, resourcePrefix: '/pods', bookmarkFrequencyMs: 60_000 });
  t.teardown(() => {
    cacher.stop();
    inner.close();
  });
  await cacher.waitUntilReady();
  await cacher.create('/pods/ns/a', makePod('ns', 'a'));
  return { cacher, rv: await cacher.getCurrentResourceVersion() };
}

t.test('a bookmark 2 s before the deadline, once', async (t) => {
  const { cacher, rv } = await startCacher(t);
  const started = Date.now();
  const deadline = started + PRE_TIMEOUT_BOOKMARK_MS + 300;
  const reader = new EventReader(await cacher.watch('/pods', { recursive: true, resourceVersion: rv, deadline, predicate: { allowWatchBookmarks: true } }));
  t.teardown(() => reader.watch.stop());
  const first = await reader.read(2_000);
  t.equal(first.kind, 'event', 'a bookmark came');
  if (first.kind === 'event') {
    t.equal(first.event.type, 'BOOKMARK');
    t.match(first.event.object, { metadata: { resourceVersion: rv } });
  }
  // Sent at the cacher's first bookmark tick (every second) at or after deadline − 2 s.
  t.ok(Date.now() >= started + 300, `not before deadline − 2 s (${Date.now() - started} ms)`);
  t.equal((await reader.read(1_500)).kind, 'timeout', 'no second bookmark before the deadline');
});

t.test('no bookmark for a watch shorter than 2 s, nor without allowWatchBookmarks', async (t) => {
  const { cacher, rv } = await startCacher(t);
  const short = new EventReader(
    await cacher.watch('/pods', { recursive: true, resourceVersion: rv, deadline: Date.now() + 1_500, predicate: { allowWatchBookmarks: true } }),
  );
  const unasked = new EventReader(await cacher.watch('/pods', { recursive: true, resourceVersion: rv, deadline: Date.now() + 2_500 }));
  t.teardown(() => {
    short.watch.stop();
    unasked.watch.stop();
  });
  const [a, b] = await Promise.all([short.read(1_400), unasked.read(1_400)]);
  t.equal(a.kind, 'timeout', 'the short watch got nothing');
  t.equal(b.kind, 'timeout', 'the watch without bookmarks got nothing');
});
