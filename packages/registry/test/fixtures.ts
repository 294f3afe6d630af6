/** Shared test fixtures: a memory backend and Stores for a namespaced ConfigMap-like and a cluster-scoped kind. */
import { isStatusError, type Status } from '@apiserver/runtime';
import { Cacher, type StorageInterface } from '@apiserver/storage';
import { MemoryBackend } from '@apiserver/storage-memory';
import type { Test } from 'tap';
import type { ApiObject, RequestContext } from '../src/rest/types.js';
import { Store } from '../src/registry/store.js';
import type { StoreOptions } from '../src/registry/store-options.js';
import { GenericStrategy, type GenericStrategyOptions } from '../src/registry/strategies.js';

/** A namespaced request context. */
export const nsCtx = (namespace = 'default', extra: Partial<RequestContext> = {}): RequestContext => ({ namespace, ...extra });
/** A cluster-scoped request context. */
export const clusterCtx: RequestContext = {};

/** A widget object (namespaced kind in group example.com). */
export function widget(name: string, extra: Partial<ApiObject> = {}, meta: ApiObject['metadata'] = {}): ApiObject {
  return { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name, ...meta }, spec: { size: 1 }, ...extra };
}

/** Options for a test store. */
export interface TestStoreOptions {
  strategy?: Partial<GenericStrategyOptions>;
  store?: Partial<StoreOptions>;
}

/** The options of a Store of namespaced `example.com/v1` widgets on `storage`, with one strategy for every verb. */
export function widgetStoreOptions(storage: StorageInterface<ApiObject>, strategy: GenericStrategy): StoreOptions {
  return {
    newObject: () => ({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: {} }),
    newList: () => ({ apiVersion: 'example.com/v1', kind: 'WidgetList', metadata: {}, items: [] }),
    defaultQualifiedResource: { group: 'example.com', resource: 'widgets' },
    singularQualifiedResource: { group: 'example.com', resource: 'widget' },
    storage,
    strategies: { create: strategy, update: strategy, delete: strategy },
  };
}

/** A fresh memory backend and a Store of widgets on it; `t.teardown` closes the backend. */
export function widgetStore(t: Test, opts: TestStoreOptions = {}): { store: Store; backend: MemoryBackend; strategy: GenericStrategy } {
  const backend = new MemoryBackend({ compactionIntervalMs: 0 });
  t.teardown(() => backend.close());
  const strategy = new GenericStrategy({ namespaceScoped: true, statusField: 'status', trackGeneration: true, ...opts.strategy });
  const store = new Store({ ...widgetStoreOptions(backend.storage<ApiObject>(), strategy), ...opts.store });
  return { store, backend, strategy };
}

/** A Store of namespaced widgets served by a Cacher (the watch cache) over a MemoryBackend, ready to use. */
export async function cachedWidgetStore(t: Test, opts: Partial<StoreOptions> = {}): Promise<Store> {
  const backend = new MemoryBackend({ compactionIntervalMs: 0 });
  const cacher = new Cacher({ storage: backend.storage(), resourcePrefix: '/example.com/widgets' });
  t.teardown(() => {
    cacher.stop();
    backend.close();
  });
  await cacher.waitUntilReady();
  const strategy = new GenericStrategy({ namespaceScoped: true });
  return new Store({ ...widgetStoreOptions(cacher as unknown as StorageInterface<ApiObject>, strategy), ...opts });
}

/** A Store of cluster-scoped core "things" (group ""). */
export function thingStore(t: Test, strategy: Partial<GenericStrategyOptions> = {}): Store {
  const backend = new MemoryBackend({ compactionIntervalMs: 0 });
  t.teardown(() => backend.close());
  const s = new GenericStrategy({ namespaceScoped: false, ...strategy });
  return new Store({
    newObject: () => ({ apiVersion: 'v1', kind: 'Thing', metadata: {} }),
    newList: () => ({ apiVersion: 'v1', kind: 'ThingList', metadata: {}, items: [] }),
    defaultQualifiedResource: { group: '', resource: 'things' },
    singularQualifiedResource: { group: '', resource: 'thing' },
    storage: backend.storage<ApiObject>(),
    strategies: { create: s, update: s, delete: s },
  });
}

/** Awaits `p`, expects a StatusError, and returns its Status. */
export async function statusOf(t: Test, p: Promise<unknown>): Promise<Status> {
  try {
    await p;
  } catch (err) {
    if (isStatusError(err)) return err.status;
    t.fail(`expected a StatusError, got ${String(err)}`);
    throw err;
  }
  t.fail('expected a rejection');
  throw new Error('expected a rejection');
}

/**
 * A real storage with a hook run before each `delete`, to reproduce races deterministically (another
 * client deleting the same key in between); everything else is the backend's own behaviour.
 */
export function racingStorage(
  inner: StorageInterface<ApiObject>,
  beforeDelete: (key: string) => Promise<void>,
): StorageInterface<ApiObject> {
  return {
    versioner: inner.versioner,
    create: (k, o, opts) => inner.create(k, o, opts),
    delete: async (k, opts) => {
      await beforeDelete(k);
      return inner.delete(k, opts);
    },
    watch: (k, opts) => inner.watch(k, opts),
    get: (k, opts) => inner.get(k, opts),
    getList: (k, opts) => inner.getList(k, opts),
    guaranteedUpdate: (k, fn, opts) => inner.guaranteedUpdate(k, fn, opts),
    count: (k) => inner.count(k),
    readinessCheck: () => inner.readinessCheck(),
    requestWatchProgress: () => inner.requestWatchProgress(),
    getCurrentResourceVersion: () => inner.getCurrentResourceVersion(),
  };
}
