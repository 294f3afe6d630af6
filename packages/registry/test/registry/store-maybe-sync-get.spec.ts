/** Store.getMaybeSync (MaybeSyncGetter): the object without a promise over storage that answers at once, as get gives it. */
import type { GetOptions } from '@apiserver/runtime';
import { isSharedObject, PrefixTransformer } from '@apiserver/storage';
import t from 'tap';
import { isMaybeSyncGetter } from '../../src/rest/capabilities.js';
import { acceptsSharedObjects } from '../../src/rest/shared-objects.js';
import type { ApiObject, RequestContext } from '../../src/rest/types.js';
import { Store } from '../../src/registry/store.js';
import { GenericStrategy } from '../../src/registry/strategies.js';
import { MemoryBackend } from '@apiserver/storage-memory';
import { cachedWidgetStore, clusterCtx, nsCtx, widget, widgetStore, widgetStoreOptions } from '../fixtures.js';

/** What `get` rejects with for these arguments. */
async function getError(store: Store, ctx: RequestContext, name: string, options?: GetOptions): Promise<unknown> {
  try {
    await store.get(ctx, name, options);
  } catch (err) {
    return err;
  }
  throw new Error(`get of ${name} did not fail`);
}

t.test('a Store over memory storage answers without a promise: the object get gives, shared when asked', async (t) => {
  const { store } = widgetStore(t);
  t.ok(isMaybeSyncGetter(store), 'a Store is a MaybeSyncGetter');
  await store.create(nsCtx('ns1'), widget('a'));
  const copy = store.getMaybeSync(nsCtx('ns1'), 'a', undefined, false);
  t.notOk(copy instanceof Promise, 'no promise');
  t.same(copy, await store.get(nsCtx('ns1'), 'a'), 'the object get resolves with');
  t.notOk(isSharedObject(copy as ApiObject), 'not shared without sharedObjects');
  const shared = store.getMaybeSync(nsCtx('ns1'), 'a', undefined, true);
  t.ok(isSharedObject(shared as ApiObject), 'shared with sharedObjects');
  t.equal(store.getMaybeSync(nsCtx('ns1'), 'a', {}, true), shared, 'the same shared object next time');
  const ctx = nsCtx('ns1');
  store.getMaybeSync(ctx, 'a', undefined, true);
  t.notOk(acceptsSharedObjects(ctx), 'the context is not marked');
});

t.test('errors are thrown synchronously, the ones get rejects with', async (t) => {
  const { store } = widgetStore(t);
  await store.create(nsCtx('ns1'), widget('a'));
  const cases: [string, RequestContext, string, GetOptions | undefined][] = [
    ['missing object', nsCtx('ns1'), 'missing', undefined],
    ['resourceVersion ahead of storage', nsCtx('ns1'), 'a', { resourceVersion: '999999' }],
    ['no namespace for a namespaced kind', clusterCtx, 'a', undefined],
  ];
  for (const [what, ctx, name, options] of cases) {
    const expected = await getError(store, ctx, name, options);
    let thrown: unknown;
    try {
      store.getMaybeSync(ctx, name, options, true);
    } catch (err) {
      thrown = err;
    }
    t.ok(thrown !== undefined, `${what}: thrown`);
    t.same(thrown, expected, `${what}: the error get rejects with`);
    t.equal((thrown as Error).message, (expected as Error).message);
    t.equal((thrown as Error).constructor, (expected as Error).constructor);
  }
});

t.test('a storage that waits (transformer, watch cache): a promise of the same object or error', async (t) => {
  const backend = new MemoryBackend({ compactionIntervalMs: 0 });
  t.teardown(() => backend.close());
  const transformed = backend.storage<ApiObject>({ transformer: new PrefixTransformer('k8s:enc:a:') });
  const { store: slow } = widgetStore(t, { store: { storage: transformed } });
  const created = await slow.create(nsCtx('ns1'), widget('a'));
  const pending = slow.getMaybeSync(nsCtx('ns1'), 'a', undefined, false);
  t.ok(pending instanceof Promise, 'a promise through a transformer');
  t.same(await pending, created);
  const cached = await cachedWidgetStore(t);
  await cached.create(nsCtx('ns1'), widget('b'));
  const atZero = { resourceVersion: '0' };
  const missing = cached.getMaybeSync(nsCtx('ns1'), 'missing', atZero, true);
  t.ok(missing instanceof Promise, 'a promise for a read the Cacher serves from its cache');
  const expected = await getError(cached, nsCtx('ns1'), 'missing', atZero);
  await t.rejects(missing as Promise<ApiObject>, expected as Error, 'rejecting with the error get rejects with');
  t.same(await cached.getMaybeSync(nsCtx('ns1'), 'b', atZero, true), await cached.get(nsCtx('ns1'), 'b', atZero));
  const delegated = cached.getMaybeSync(nsCtx('ns1'), 'b', undefined, true);
  t.notOk(delegated instanceof Promise, 'no promise for a read the Cacher hands to the memory storage');
  t.same(delegated, await cached.get(nsCtx('ns1'), 'b'));
  const notFound = await getError(cached, nsCtx('ns1'), 'missing');
  t.throws(() => cached.getMaybeSync(nsCtx('ns1'), 'missing', undefined, true), notFound as Error, 'its errors thrown');
});

t.test('a subclass overriding get keeps its reads', async (t) => {
  const { backend } = widgetStore(t);
  const seen: boolean[] = [];
  class Renaming extends Store {
    override async get(ctx: RequestContext, name: string, options?: GetOptions): Promise<ApiObject> {
      seen.push(acceptsSharedObjects(ctx));
      const obj = await super.get(ctx, name, options);
      return { ...obj, metadata: { ...obj.metadata, annotations: { read: 'by the subclass' } } };
    }
  }
  const store = new Renaming(widgetStoreOptions(backend.storage<ApiObject>(), new GenericStrategy({ namespaceScoped: true })));
  await store.create(nsCtx('ns1'), widget('a'));
  const got = await store.getMaybeSync(nsCtx('ns1'), 'a', undefined, true);
  t.same(got.metadata.annotations, { read: 'by the subclass' }, 'the override answered');
  await store.getMaybeSync(nsCtx('ns1'), 'a', undefined, false);
  t.same(seen, [true, false], 'with the context marked as sharedObjects says');
});
