/**
 * kube-lite's storage factory: a default backend (the embedded memory store or etcd v3), plus one etcd v3 backend
 * per distinct `--etcd-servers-overrides` server list, handing every resource its own storage under its key prefix,
 * decorated with a watch cache (`--watch-cache`, `--watch-cache-sizes`) or left undecorated.
 */
import { DEFAULT_ENCODED_OBJECT_CACHE_BYTES, EncodedObjectCache } from '@apiserver/endpoints';
import type { ApiObject } from '@apiserver/registry';
import { type GroupResource, groupResourceString } from '@apiserver/runtime';
import { Cacher, type Codec, DEFAULT_OBJECT_COUNT_PERIOD_MS, MetricsRegistry, StorageObjectCounter, type StorageInterface } from '@apiserver/storage';
import { MemoryBackend, type MemoryBackendOptions } from '@apiserver/storage-memory';
import type { RawStorageGetter, RESTOptions, RESTOptionsGetter } from '../registry/rest-options.js';
import type { EtcdServersOverride } from './etcd-servers-overrides.js';
import { type ResourceStorageConfig, resourceStorageConfig, type StorageSettings, serverListKey } from './resource-storage-config.js';
import type { WatchCacheSizes } from './watch-cache-sizes.js';

/** Which backend stores the objects, and how (the storage flags of kube-apiserver). */
export interface StorageBackendConfig {
  /** `--storage-backend`: `memory` (embedded, default) or `etcd3`. */
  readonly type: 'memory' | 'etcd3';
  /** `--etcd-servers` (etcd3 only). */
  readonly etcdServers?: readonly string[];
  /** `--etcd-prefix`, default `/registry`. */
  readonly etcdPrefix?: string;
  /** `--data-dir`: where the memory backend keeps its log and snapshots (memory only; absent = not persisted). */
  readonly dataDir?: string;
  /** `--max-request-bytes`, `--quota-backend-bytes`, `--history-budget-bytes` of the memory backend (absent = its defaults). */
  readonly memoryLimits?: Pick<MemoryBackendOptions, 'maxRequestBytes' | 'quotaBackendBytes' | 'historyBudgetBytes'>;
  /** `--encoded-object-cache-bytes`: the bound of the encoded object cache (default 64 MiB; 0 = off). */
  readonly encodedObjectCacheBytes?: number;
  /** `--watch-cache`: serve reads and watches from a Cacher per resource (default true). */
  readonly watchCache?: boolean;
  /** `--watch-cache-sizes`, keyed by `resource[.group]`: 0 leaves that resource undecorated, another size bounds its Cacher history. */
  readonly watchCacheSizes?: WatchCacheSizes;
  /** `--etcd-servers-overrides` (etcd3 only): resources stored on other etcd servers. */
  readonly etcdServersOverrides?: readonly EtcdServersOverride[];
  /** How objects are encoded in storage (`--storage-media-type`; default the backends' canonical JSON). */
  readonly codec?: Codec;
  /** `--etcd-count-metric-poll-period` in ms: how often `apiserver_storage_objects` is refreshed (default 1 min; 0 = never). */
  readonly objectCountPeriodMillis?: number;
}

interface Backend {
  storage(groupResource: string): StorageInterface;
  /** The backend's `etcd` health check (healthz, livez and readyz). */
  healthCheck(): Promise<void>;
  /** The backend's `etcd-readiness` check (readyz): the same probe, rate-limited on its own as upstream's. */
  readinessCheck(): Promise<void>;
  close(): Promise<void>;
}

function memoryBackend(config: StorageBackendConfig): Backend {
  const backend = new MemoryBackend({ ...config.memoryLimits, ...(config.dataDir !== undefined && { dataDir: config.dataDir }) });
  const pathPrefix = config.etcdPrefix ?? '/registry';
  return {
    storage: () => backend.storage({ pathPrefix, ...(config.codec !== undefined && { codec: config.codec }) }),
    healthCheck: () => Promise.resolve(),
    readinessCheck: () => Promise.resolve(),
    close: () => {
      backend.close();
      return Promise.resolve();
    },
  };
}

/** The etcd3 backend, loaded on demand: its gRPC client costs most of a second of start-up that memory users need not pay. */
async function etcd3Backend(config: StorageBackendConfig, servers: readonly string[], metrics: MetricsRegistry): Promise<Backend> {
  const { Etcd3Backend } = await import('@apiserver/storage-etcd3');
  const hosts = [...servers];
  const backend = new Etcd3Backend({ hosts, prefix: config.etcdPrefix ?? '/registry' });
  // As kube-apiserver's `etcd` and `etcd-readiness` checks: each at most one quorum read per second, with a limit
  // of its own; the checks in between answer with the last outcome.
  return {
    storage: (groupResource) => backend.newStorage({ metrics, groupResource, ...(config.codec !== undefined && { codec: config.codec }) }),
    healthCheck: backend.newRateLimitedHealthCheck(),
    readinessCheck: backend.newRateLimitedHealthCheck(),
    close: () => backend.close(),
  };
}

/** Every object kube-lite stores is an API object (the registry writes nothing else), so the views are typed as such. */
function asApiObjects(storage: StorageInterface): StorageInterface<ApiObject> {
  return storage as unknown as StorageInterface<ApiObject>;
}

/** One etcd v3 backend per distinct server list of the overrides, keyed by {@link serverListKey}. */
async function overrideBackends(config: StorageBackendConfig, metrics: MetricsRegistry): Promise<Map<string, Backend>> {
  const overrides = config.etcdServersOverrides ?? [];
  if (overrides.length > 0 && config.type !== 'etcd3') throw new Error('--etcd-servers-overrides applies to --storage-backend=etcd3 only');
  const backends = new Map<string, Backend>();
  try {
    for (const { servers } of overrides) {
      const key = serverListKey(servers);
      if (!backends.has(key)) backends.set(key, await etcd3Backend(config, servers, metrics));
    }
  } catch (err) {
    await Promise.all([...backends.values()].map((b) => b.close()));
    throw err;
  }
  return backends;
}

/** Hands out per-resource storage ({@link RESTOptionsGetter}) over its backends, and owns their lifetime. */
export class StorageFactory implements RawStorageGetter {
  /**
   * The metrics registry of the server chain this storage serves: the watch caches, the etcd3 stores and the
   * object counts record in it, and the chain's servers write it at `/metrics`.
   */
  readonly metrics: MetricsRegistry;
  /**
   * The encoded bytes of the shared objects this storage hands out, reused by the GET and LIST handlers of every
   * server of the chain (`--encoded-object-cache-bytes`), counted in {@link metrics}.
   */
  readonly encodedObjects: EncodedObjectCache;
  readonly #objectCounter: StorageObjectCounter;
  readonly #backend: Backend;
  readonly #overrides: ReadonlyMap<string, Backend>;
  readonly #settings: StorageSettings;
  readonly #cachers: Cacher[] = [];
  readonly #cached = new Set<string>();

  private constructor(backend: Backend, overrides: ReadonlyMap<string, Backend>, settings: StorageSettings, metrics: MetricsRegistry, config: StorageBackendConfig) {
    this.metrics = metrics;
    this.encodedObjects = new EncodedObjectCache({ maxBytes: config.encodedObjectCacheBytes ?? DEFAULT_ENCODED_OBJECT_CACHE_BYTES, metrics });
    const countPeriodMs = config.objectCountPeriodMillis ?? DEFAULT_OBJECT_COUNT_PERIOD_MS;
    this.#objectCounter = new StorageObjectCounter(metrics, countPeriodMs);
    this.#backend = backend;
    this.#overrides = overrides;
    this.#settings = settings;
  }

  /**
   * Opens the default backend and one per overridden server list described by `config` (etcd connects lazily);
   * the storage's metrics go to `metrics` (default a new registry).
   */
  static async open(config: StorageBackendConfig, metrics = new MetricsRegistry()): Promise<StorageFactory> {
    const overrides = await overrideBackends(config, metrics);
    const backend = config.type === 'etcd3' ? await etcd3Backend(config, config.etcdServers ?? [], metrics) : memoryBackend(config);
    const settings: StorageSettings = {
      watchCache: config.watchCache ?? true,
      watchCacheSizes: config.watchCacheSizes ?? new Map(),
      etcdServersOverrides: config.etcdServersOverrides ?? [],
    };
    return new StorageFactory(backend, overrides, settings, metrics, config);
  }

  /** Where and how `resource` is stored: its key prefix, watch cache and etcd servers (introspection; no storage is made). */
  configFor(resource: GroupResource): ResourceStorageConfig {
    return resourceStorageConfig(resource, this.#settings);
  }

  /** The storage of one resource under its key prefix on its backend, watch-cached unless turned off for it. */
  getRESTOptions(resource: GroupResource): RESTOptions {
    return this.#restOptions(resource, this.configFor(resource).resourcePrefix);
  }

  /**
   * A getter keying each resource under `/<group>/<resource>` (upstream's `SimpleRestOptionsFactory`, which the
   * aggregator and apiextensions servers use: `/registry/apiregistration.k8s.io/apiservices/…`), with this
   * factory's backends and watch-cache settings.
   */
  simpleRESTOptionsGetter(): RESTOptionsGetter {
    return { getRESTOptions: (resource) => this.#restOptions(resource, `/${resource.group}/${resource.resource}`) };
  }

  /** Undecorated storage of `resource` on its backend: no watch cache, not counted in `apiserver_storage_objects`. */
  getRawStorage(resource: GroupResource): StorageInterface<ApiObject> {
    return asApiObjects(this.#backendOf(resource).storage(groupResourceString(resource)));
  }

  #backendOf(resource: GroupResource): Backend {
    const { etcdServers } = this.configFor(resource);
    const backend = etcdServers === undefined ? this.#backend : this.#overrides.get(serverListKey(etcdServers));
    if (backend === undefined) throw new Error(`no backend opened for the etcd servers of ${groupResourceString(resource)}`);
    return backend;
  }

  #restOptions(resource: GroupResource, resourcePrefix: string): RESTOptions {
    const { watchCache } = this.configFor(resource);
    const groupResource = groupResourceString(resource);
    const storage = this.#backendOf(resource).storage(groupResource);
    this.#objectCounter.track(groupResource, storage, resourcePrefix);
    if (watchCache === undefined) return { resourcePrefix, storage: asApiObjects(storage) };
    const cacher = new Cacher({ storage, resourcePrefix, ...watchCache, metrics: this.metrics, groupResource });
    this.#cachers.push(cacher);
    this.#cached.add(groupResource);
    return { resourcePrefix, storage: asApiObjects(cacher) };
  }

  /** The resources (`resource[.group]`, sorted) whose storage was handed out watch-cached. */
  watchCachedResources(): string[] {
    return [...this.#cached].sort();
  }

  /** Healthy when every backend answers (the `etcd` check of healthz, livez and readyz). */
  async healthCheck(): Promise<void> {
    await Promise.all(this.#backends().map((b) => b.healthCheck()));
  }

  /**
   * Ready when every backend answers and every watch cache has its initial list (the `etcd-readiness` check; with
   * the memory backend, the `storage` check).
   */
  async readinessCheck(): Promise<void> {
    await Promise.all(this.#backends().map((b) => b.readinessCheck()));
    await Promise.all(this.#cachers.map((c) => c.readinessCheck()));
  }

  #backends(): Backend[] {
    return [this.#backend, ...this.#overrides.values()];
  }

  /** Counts every resource's objects now (`apiserver_storage_objects`), as the periodic refresh does. */
  refreshObjectCounts(): Promise<void> {
    return this.#objectCounter.refresh();
  }

  /** Stops the object counts and the watch caches, and closes every backend. */
  async close(): Promise<void> {
    this.#objectCounter.stop();
    for (const c of this.#cachers) c.stop();
    await Promise.all(this.#backends().map((b) => b.close()));
  }
}
