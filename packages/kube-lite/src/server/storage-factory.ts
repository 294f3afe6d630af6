/**
 * kube-lite's storage factory: one backend (the embedded memory store or etcd v3) handing every resource its
 * own storage under its key prefix, decorated with a watch cache (`--watch-cache`) or left undecorated.
 */
import type { ApiObject } from '@apiserver/registry';
import type { GroupResource } from '@apiserver/runtime';
import { Cacher, type StorageInterface } from '@apiserver/storage';
import { MemoryBackend } from '@apiserver/storage-memory';
import type { RESTOptions, RESTOptionsGetter } from '../registry/rest-options.js';
import { resourcePrefixOf } from './resource-prefix.js';

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
  /** `--watch-cache`: serve reads and watches from a Cacher per resource (default true). */
  readonly watchCache?: boolean;
}

interface Backend {
  storage(): StorageInterface;
  healthCheck(): Promise<void>;
  close(): Promise<void>;
}

function memoryBackend(config: StorageBackendConfig): Backend {
  const backend = new MemoryBackend(config.dataDir === undefined ? {} : { dataDir: config.dataDir });
  const pathPrefix = config.etcdPrefix ?? '/registry';
  return {
    storage: () => backend.storage({ pathPrefix }),
    healthCheck: () => Promise.resolve(),
    close: () => {
      backend.close();
      return Promise.resolve();
    },
  };
}

/** The etcd3 backend, loaded on demand: its gRPC client costs most of a second of start-up that memory users need not pay. */
async function etcd3Backend(config: StorageBackendConfig): Promise<Backend> {
  const { Etcd3Backend } = await import('@apiserver/storage-etcd3');
  const hosts = [...(config.etcdServers ?? [])];
  const backend = new Etcd3Backend({ hosts, prefix: config.etcdPrefix ?? '/registry' });
  return {
    storage: () => backend.newStorage(),
    healthCheck: () => backend.healthCheck(),
    close: () => backend.close(),
  };
}

/** Every object kube-lite stores is an API object (the registry writes nothing else), so the views are typed as such. */
function asApiObjects(storage: StorageInterface): StorageInterface<ApiObject> {
  return storage as unknown as StorageInterface<ApiObject>;
}

/** Hands out per-resource storage ({@link RESTOptionsGetter}) over one backend, and owns its lifetime. */
export class StorageFactory implements RESTOptionsGetter {
  readonly #backend: Backend;
  readonly #watchCache: boolean;
  readonly #cachers: Cacher[] = [];

  private constructor(backend: Backend, watchCache: boolean) {
    this.#backend = backend;
    this.#watchCache = watchCache;
  }

  /** Opens the backend described by `config` (etcd connects lazily). */
  static async open(config: StorageBackendConfig): Promise<StorageFactory> {
    const backend = config.type === 'etcd3' ? await etcd3Backend(config) : memoryBackend(config);
    return new StorageFactory(backend, config.watchCache ?? true);
  }

  /** The storage of one resource under its key prefix, watch-cached unless `--watch-cache=false`. */
  getRESTOptions(resource: GroupResource): RESTOptions {
    const resourcePrefix = resourcePrefixOf(resource);
    const storage = this.#backend.storage();
    if (!this.#watchCache) return { resourcePrefix, storage: asApiObjects(storage) };
    const cacher = new Cacher({ storage, resourcePrefix });
    this.#cachers.push(cacher);
    return { resourcePrefix, storage: asApiObjects(cacher) };
  }

  /** Ready when the backend answers and every watch cache has its initial list (the `etcd`/storage readiness check). */
  async readinessCheck(): Promise<void> {
    await this.#backend.healthCheck();
    await Promise.all(this.#cachers.map((c) => c.readinessCheck()));
  }

  /** Stops the watch caches and closes the backend. */
  async close(): Promise<void> {
    for (const c of this.#cachers) c.stop();
    await this.#backend.close();
  }
}
