import { Cacher, hasMaybeSyncGet, isSharedObject, PrefixTransformer, type StorageInterface, type StorageObject } from '@apiserver/storage';
import t from 'tap';
import { MemoryBackend } from '../src/memory-backend.js';

const configMap = (name: string): StorageObject & { data: Record<string, string> } => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name, namespace: 'ns' },
  data: { k: 'v' },
});

/** What `get` gives for `key`: the object, or the error it rejects with. */
async function settledGet(s: StorageInterface, key: string, opts: Parameters<StorageInterface['get']>[1]): Promise<{ value?: unknown; error?: unknown }> {
  try {
    return { value: await s.get(key, opts) };
  } catch (error) {
    return { error };
  }
}

t.test('getMaybeSync answers without a promise under the identity transformer, as get does', async (t) => {
  const backend = new MemoryBackend({ compactionIntervalMs: 0 });
  t.teardown(() => backend.close());
  const s = backend.storage();
  t.ok(hasMaybeSyncGet(s), 'the memory storage offers the capability');
  if (!hasMaybeSyncGet(s)) return;
  const created = await s.create('/configmaps/ns/a', configMap('a'));
  const direct = s.getMaybeSync('/configmaps/ns/a');
  t.notOk(direct instanceof Promise, 'the object itself');
  t.same(direct, created);
  t.same(direct, await s.get('/configmaps/ns/a'), 'the object get resolves with');
  t.not(direct, s.getMaybeSync('/configmaps/ns/a'), 'a private copy per read');
  const shared = s.getMaybeSync('/configmaps/ns/a', { readOnly: true });
  t.ok(shared !== undefined && !(shared instanceof Promise) && isSharedObject(shared), 'readOnly: the shared object');
  t.equal(shared, s.getMaybeSync('/configmaps/ns/a', { readOnly: true }), 'the same shared object on the next read');
  t.equal(s.getMaybeSync('/configmaps/ns/missing', { ignoreNotFound: true }), undefined, 'ignoreNotFound: undefined, no promise');

  for (const [key, opts] of [
    ['/configmaps/ns/missing', {}],
    ['/configmaps/ns/a', { resourceVersion: '99999' }],
    ['no-leading-slash/../x', {}],
  ] as const) {
    const expected = await settledGet(s, key, opts);
    t.ok(expected.error !== undefined, `get rejects for ${key} ${JSON.stringify(opts)}`);
    t.throws(() => s.getMaybeSync(key, opts), expected.error as Error, 'getMaybeSync throws the same error synchronously');
  }
});

t.test('getMaybeSync gives a promise when a transformer has to run', async (t) => {
  const backend = new MemoryBackend({ compactionIntervalMs: 0 });
  t.teardown(() => backend.close());
  const s = backend.storage({ transformer: new PrefixTransformer('k8s:enc:a:') });
  if (!hasMaybeSyncGet(s)) {
    t.fail('the memory storage offers the capability');
    return;
  }
  const created = await s.create('/configmaps/ns/a', configMap('a'));
  const pending = s.getMaybeSync('/configmaps/ns/a');
  t.ok(pending instanceof Promise, 'a promise');
  t.same(await pending, created, 'of the object get gives');
  t.throws(() => s.getMaybeSync('/configmaps/ns/missing'), { code: 'KeyNotFound' }, 'a missing key throws before any transformer runs');
});

t.test('hasMaybeSyncGet is false for a storage without the method', async (t) => {
  const backend = new MemoryBackend({ compactionIntervalMs: 0 });
  t.teardown(() => backend.close());
  const inner = backend.storage();
  const wrapper: StorageInterface = {
    versioner: inner.versioner,
    create: (k, o, opts) => inner.create(k, o, opts),
    delete: (k, opts) => inner.delete(k, opts),
    watch: (k, opts) => inner.watch(k, opts),
    get: (k, opts) => inner.get(k, opts),
    getList: (k, opts) => inner.getList(k, opts),
    guaranteedUpdate: (k, f, opts) => inner.guaranteedUpdate(k, f, opts),
    count: (k) => inner.count(k),
    readinessCheck: () => inner.readinessCheck(),
    requestWatchProgress: () => inner.requestWatchProgress(),
    getCurrentResourceVersion: () => inner.getCurrentResourceVersion(),
  };
  t.notOk(hasMaybeSyncGet(wrapper));
});

t.test('a Cacher answers at once when it hands the read to a storage that does', async (t) => {
  const backend = new MemoryBackend({ compactionIntervalMs: 0 });
  const cacher = new Cacher({ storage: backend.storage(), resourcePrefix: '/configmaps' });
  t.teardown(() => {
    cacher.stop();
    backend.close();
  });
  await cacher.waitUntilReady();
  t.ok(hasMaybeSyncGet(cacher));
  const created = await cacher.create('/configmaps/ns/a', configMap('a'));
  const direct = cacher.getMaybeSync('/configmaps/ns/a');
  t.notOk(direct instanceof Promise, 'no resourceVersion: the memory storage answers, without a promise');
  t.same(direct, created);
  const notFound = (await settledGet(cacher, '/configmaps/ns/missing', {})).error as Error;
  t.throws(() => cacher.getMaybeSync('/configmaps/ns/missing'), notFound, 'the error get rejects with, thrown');
  const cached = cacher.getMaybeSync('/configmaps/ns/a', { resourceVersion: '0' });
  t.ok(cached instanceof Promise, 'a read from the watch cache: a promise');
  t.same(await cached, await cacher.get('/configmaps/ns/a', { resourceVersion: '0' }));
  const outside = cacher.getMaybeSync('/secrets/ns/a', { ignoreNotFound: true });
  t.equal(outside, undefined, 'outside the prefix: delegated too');
});
