import t from 'tap';
import { IndexedWatchers, type KeyedWatcher } from '../../src/cacher/indexed-watchers.js';
import { hasPathPrefix } from '../../src/keys.js';

/** What the Cacher's watchers did before the index: every watcher tested against every event key. */
function scanMatches(w: KeyedWatcher, key: string): boolean {
  return w.recursive ? key !== w.key && hasPathPrefix(key, w.key) : key === w.key;
}

const watched: KeyedWatcher[] = [
  { key: '', recursive: true },
  { key: '/pods', recursive: true },
  { key: '/pods/ns', recursive: true },
  { key: '/pods/ns', recursive: false },
  { key: '/pods/ns/a', recursive: false },
  { key: '/pods/ns/a', recursive: true },
  { key: '/pods/ns/ab', recursive: false },
  { key: '/pods/n', recursive: true },
  { key: '/pods/ns2', recursive: true },
  { key: '/pods/', recursive: false },
  { key: '/pods/ns/', recursive: false },
  { key: 'pods', recursive: true },
  { key: '/podsx', recursive: true },
];

const eventKeys = ['/pods/ns/a', '/pods/ns/ab', '/pods/ns/a/b', '/pods/ns', '/pods/ns2/a', '/pods//a', '/pods/ns/', '/pods', '/podsx/a', 'pods/x', 'podsx', '/', ''];

t.test('collect finds exactly the watchers a scan of all of them would match', async (t) => {
  const index = new IndexedWatchers<KeyedWatcher>();
  for (const w of watched) index.add(w);
  t.equal(index.size, watched.length);
  for (const key of eventKeys) {
    const expected = watched.filter((w) => scanMatches(w, key));
    const got = index.collect(key, []);
    t.same(new Set(got), new Set(expected), `event key ${JSON.stringify(key)}`);
    t.equal(got.length, expected.length, `no watcher twice for ${JSON.stringify(key)}`);
  }
});

t.test('a watcher of another namespace is not collected; delete and clear keep the index exact', async (t) => {
  const index = new IndexedWatchers<KeyedWatcher>();
  const a = Array.from({ length: 3 }, () => ({ key: '/configmaps/ns-a', recursive: true }));
  const b = Array.from({ length: 1000 }, () => ({ key: '/configmaps/ns-b', recursive: true }));
  for (const w of [...a, ...b]) index.add(w);
  index.add(a[0] as KeyedWatcher);
  t.equal(index.size, 1003, 'adding a watcher twice keeps one');
  t.same(index.collect('/configmaps/ns-a/cm', []), a, 'only the watchers of ns-a, in the order they came');
  index.delete(a[1] as KeyedWatcher);
  index.delete({ key: '/configmaps/ns-a', recursive: true });
  t.equal(index.size, 1002, 'an unknown watcher is ignored');
  t.same(index.collect('/configmaps/ns-a/cm', []), [a[0], a[2]]);
  t.equal([...index.all()].length, 1002);
  t.equal(index.clear().length, 1002, 'clear returns every watcher');
  t.equal(index.size, 0);
  t.same(index.collect('/configmaps/ns-b/cm', []), []);
});
