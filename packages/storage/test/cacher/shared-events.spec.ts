import t, { type Test } from 'tap';
import { deepFreeze } from '../../src/cacher/freeze.js';
import { Cacher, SetSelector, type StorageObject } from '../../src/index.js';
import { EventReader, makePod } from '../../src/testing/index.js';
import { MVCCStore } from '../fixtures/mvcc-store.js';

function setup() {
  const inner = new MVCCStore();
  const cacher = new Cacher({ storage: inner, resourcePrefix: '/pods', blockTimeoutMs: 300, relistBackoffMs: 20 });
  t.teardown(() => {
    cacher.stop();
    inner.close();
  });
  return { inner, cacher };
}

function assertFrozen(t: Test, obj: StorageObject, what: string): void {
  t.ok(Object.isFrozen(obj) && Object.isFrozen(obj.metadata), `${what} is frozen`);
  t.throws(
    () => {
      obj.metadata.name = 'changed';
    },
    TypeError,
    `mutating ${what} throws`,
  );
  const labels = obj.metadata.labels;
  if (labels !== undefined) t.throws(() => Object.assign(labels, { x: 'y' }), TypeError, `${what}: nested maps are frozen too`);
}

t.test('deepFreeze freezes nested objects and arrays, leaves typed arrays and primitives alone', async (t) => {
  const bytes = new Uint8Array([1, 2]);
  const value = { a: { b: [1, { c: 2 }] }, bytes, s: 'x' };
  t.equal(deepFreeze(value), value, 'returns its argument');
  t.ok(Object.isFrozen(value) && Object.isFrozen(value.a) && Object.isFrozen(value.a.b) && Object.isFrozen(value.a.b[1]));
  t.notOk(Object.isFrozen(bytes), 'typed arrays cannot be frozen and are skipped');
  bytes[0] = 9;
  t.equal(bytes[0], 9);
  t.equal(deepFreeze(null), null);
  t.equal(deepFreeze(3), 3);
  const shared = deepFreeze({ labels: { app: 'a' } });
  const copy = deepFreeze({ ...shared, extra: {} });
  t.equal(copy.labels, shared.labels, 'a frozen part is shared, not copied');
  t.ok(Object.isFrozen(copy.extra));
});

t.test('watch events share one frozen object per event among watchers', async (t) => {
  const { cacher } = setup();
  await cacher.waitUntilReady();
  const start = await cacher.getCurrentResourceVersion();
  const a = new EventReader(await cacher.watch('/pods', { recursive: true, resourceVersion: start }));
  const b = new EventReader(await cacher.watch('/pods/ns', { recursive: true, resourceVersion: start }));
  await cacher.create('/pods/ns/p', makePod('ns', 'p', { labels: { app: 'web' } }));
  const ea = await a.next();
  const eb = await b.next();
  t.equal(ea.type, 'ADDED');
  t.equal(ea.object, eb.object, 'the same object for both watchers');
  assertFrozen(t, ea.object, 'a live event object');
  t.equal(eb.object.metadata.name, 'p', 'the other watcher still sees the original');
  const replay = new EventReader(await cacher.watch('/pods', { recursive: true, resourceVersion: start }));
  t.equal((await replay.next()).object, ea.object, 'replayed events share the ring object');
  const initial = new EventReader(await cacher.watch('/pods', { recursive: true, resourceVersion: '0' }));
  const ei = await initial.next();
  t.equal(ei.type, 'ADDED');
  assertFrozen(t, ei.object, 'an initial event object');
  for (const r of [a, b, replay, initial]) r.stop();
});

t.test('conversion to ADDED/DELETED and deletes deliver frozen objects with the event RV', async (t) => {
  const { cacher } = setup();
  await cacher.waitUntilReady();
  const start = await cacher.getCurrentResourceVersion();
  const predicate = { label: SetSelector.fromSet({ app: 'web' }) };
  const w = new EventReader(await cacher.watch('/pods', { recursive: true, resourceVersion: start, predicate }));
  await cacher.create('/pods/ns/p', makePod('ns', 'p', { labels: { app: 'db' } }));
  const setApp = (app: string) => (cur: StorageObject | undefined) => ({ object: { ...cur!, metadata: { ...cur!.metadata, labels: { app } } } });
  const matching = await cacher.guaranteedUpdate('/pods/ns/p', setApp('web'));
  const added = await w.next();
  t.equal(added.type, 'ADDED', 'starts matching: ADDED');
  t.equal(added.object.metadata.resourceVersion, matching.metadata.resourceVersion);
  assertFrozen(t, added.object, 'a converted ADDED object');
  const moved = await cacher.guaranteedUpdate('/pods/ns/p', setApp('db'));
  const gone = await w.next();
  t.equal(gone.type, 'DELETED', 'stops matching: DELETED');
  t.equal(gone.object.metadata.resourceVersion, moved.metadata.resourceVersion, 'previous object with the event RV');
  t.same(gone.object.metadata.labels, { app: 'web' }, 'carrying the previous state');
  assertFrozen(t, gone.object, 'a converted DELETED object');
  t.equal(added.object.metadata.resourceVersion, matching.metadata.resourceVersion, 'the cached previous object kept its own RV');
  await cacher.guaranteedUpdate('/pods/ns/p', setApp('web'));
  await w.next();
  const deleted = await cacher.delete('/pods/ns/p');
  const d = await w.next();
  t.equal(d.type, 'DELETED');
  t.equal(d.object.metadata.resourceVersion, deleted.metadata.resourceVersion);
  assertFrozen(t, d.object, 'a deleted object');
  w.stop();
});

t.test('get and list from the cache return private copies; update and delete callbacks get mutable objects', async (t) => {
  const { cacher } = setup();
  await cacher.waitUntilReady();
  const created = await cacher.create('/pods/ns/p', makePod('ns', 'p', { labels: { app: 'web' } }));
  const rv = created.metadata.resourceVersion ?? '';
  const got = await cacher.get('/pods/ns/p', { resourceVersion: rv });
  t.notOk(got === undefined || Object.isFrozen(got), 'GET answer is mutable');
  if (got?.metadata.labels !== undefined) got.metadata.labels.app = 'changed';
  const list = await cacher.getList('/pods', { recursive: true, resourceVersion: rv });
  t.notOk(Object.isFrozen(list.items[0]), 'LIST items are mutable');
  t.same(list.items[0]?.metadata.labels, { app: 'web' }, 'the cache was not changed through the GET answer');
  const updated = await cacher.guaranteedUpdate('/pods/ns/p', (cur) => {
    t.notOk(cur === undefined || Object.isFrozen(cur), 'the update function gets a mutable copy');
    cur!.metadata.labels = { app: 'v2' };
    return { object: cur! };
  });
  t.same(updated.metadata.labels, { app: 'v2' });
  const refused = new Error('refused');
  await t.rejects(
    cacher.delete('/pods/ns/p', {
      validateDeletion: (obj) => {
        obj.metadata.name = 'scribbled';
        throw refused;
      },
    }),
    refused,
    'validateDeletion may scribble on its argument',
  );
  t.same((await cacher.get('/pods/ns/p'))?.metadata.name, 'p');
});
