import t from 'tap';
import type { MvccEvent } from '../src/mvcc/key-value.js';
import type { CommitListener } from '../src/mvcc/mvcc-store.js';
import { WatchFanout, type WatchSubscription } from '../src/watch-fanout.js';

/** A commit source the test drives by hand. */
class Commits {
  readonly listeners = new Set<CommitListener>();
  subscribe(listener: CommitListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  commit(revision: number, keys: string[]): void {
    const events = keys.map((key) => ({ type: 'put', kv: { key, modRevision: revision } }) as unknown as MvccEvent);
    for (const l of this.listeners) l({ revision, events });
  }
}

const scopes: [string, boolean][] = [
  ['/', true],
  ['/cm/', true],
  ['/cm/ns/', true],
  ['/cm/ns/a', false],
  ['/cm/ns/a/', true],
  ['/cm/ns/ab', false],
  ['/cm/n/', true],
  ['/cm/ns2/', true],
  ['/cm//', true],
];
const keys = ['/cm/ns/a', '/cm/ns/ab', '/cm/ns/a/b', '/cm/ns/', '/cm/ns2/a', '/cm//a', '/cm', '/cmx/a', 'cm/x', '/'];

t.test('each commit reaches exactly the watches whose range holds its key, in order, after their revision', async (t) => {
  const source = new Commits();
  const fanout = new WatchFanout();
  const got = new Map<WatchSubscription, string[]>();
  const subs = scopes.map(([key, prefix], i) => {
    const sub: WatchSubscription = { key, prefix, afterRevision: i === 0 ? 1 : 0, deliver: (e) => got.get(sub)?.push(`${e.kv.key}@${e.kv.modRevision}`) };
    got.set(sub, []);
    fanout.subscribe(source, sub);
    return sub;
  });
  t.equal(source.listeners.size, 1, 'one listener on the store for every watch');
  source.commit(1, keys);
  source.commit(2, [...keys].reverse());
  for (const sub of subs) {
    const inScope = (k: string) => (sub.prefix ? k.startsWith(sub.key) : k === sub.key);
    const expected = [
      ...(sub.afterRevision < 1 ? keys.filter(inScope).map((k) => `${k}@1`) : []),
      ...[...keys].reverse().filter(inScope).map((k) => `${k}@2`),
    ];
    t.same(got.get(sub), expected, `${sub.prefix ? 'prefix' : 'key'} ${JSON.stringify(sub.key)}`);
  }
});

t.test('unsubscribing the last watch removes the store listener; a watch may end while a commit is delivered', async (t) => {
  const source = new Commits();
  const fanout = new WatchFanout();
  const seen: string[] = [];
  let stopSecond: () => void = () => undefined;
  const stopFirst = fanout.subscribe(source, {
    key: '/cm/',
    prefix: true,
    afterRevision: 0,
    deliver: (e) => {
      seen.push(`first ${e.kv.key}`);
      stopSecond();
    },
  });
  stopSecond = fanout.subscribe(source, { key: '/cm/', prefix: true, afterRevision: 0, deliver: (e) => seen.push(`second ${e.kv.key}`) });
  source.commit(1, ['/cm/a', '/cm/b']);
  t.same(seen, ['first /cm/a', 'first /cm/b'], 'the watch ended by the first delivery gets nothing more');
  stopFirst();
  stopSecond();
  t.equal(source.listeners.size, 0);
  const other = new Commits();
  fanout.subscribe(other, { key: '/x', prefix: false, afterRevision: 0, deliver: () => undefined });
  t.equal(other.listeners.size, 1, 'an idle fan-out may listen to another store');
  t.throws(() => fanout.subscribe(source, { key: '/y', prefix: false, afterRevision: 0, deliver: () => undefined }), /one commit source/);
});
