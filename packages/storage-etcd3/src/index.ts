/**
 * `@apiserver/storage-etcd3`: the etcd v3 backend of `@apiserver/storage` on the `etcd3` package.
 *
 * @example One client per etcd, one StorageInterface per resource, a compactor and a lease manager
 * ```ts
 * import { simpleUpdate } from '@apiserver/storage';
 * import { Etcd3Backend } from '@apiserver/storage-etcd3';
 *
 * const backend = new Etcd3Backend({ hosts: '127.0.0.1:2379', prefix: '/registry', compactionIntervalMs: 5 * 60_000 });
 * const pods = backend.newStorage(); // keys live under /registry/
 * await pods.create('/pods/default/web', { metadata: { name: 'web', namespace: 'default' } });
 * await pods.guaranteedUpdate('/pods/default/web', simpleUpdate((p) => ({ ...p!, metadata: { ...p!.metadata, labels: { app: 'web' } } })));
 * const list = await pods.getList('/pods', { recursive: true, predicate: { limit: 100 } });
 * console.log(list.items.length, list.resourceVersion);
 * await backend.close();
 * ```
 * @module
 */
export { Etcd3Backend, type Etcd3BackendOptions, type Etcd3ResourceOptions } from './backend.js';
export {
  callOptionsFor,
  defaultRequestTimeoutMs,
  type Etcd3ClientOptions,
  type EtcdClient,
  EtcdClusterClient,
  type EtcdClusterClientOptions,
  isClusterClient,
  newEtcd3Client,
} from './client.js';
export { Endpoint } from './endpoint.js';
export { EndpointPool, type EndpointPoolOptions, type OpenedWatchStream } from './endpoint-pool.js';
export { type CompactorOptions, type CompactResult, Compactor, compactRevKey, compactTo } from './compactor.js';
export {
  compactedMessage,
  futureRevisionMessage,
  interpretEtcdError,
  isCompactedError,
  isFutureRevisionError,
  isUnreachableEtcdError,
} from './etcd-errors.js';
export { LeaseManager, type LeaseManagerConfig } from './lease-manager.js';
export { notYetEstablishedMessage, type RateLimitedCheckOptions, rateLimitedCheck } from './rate-limited-check.js';
export { Etcd3Storage, type Etcd3StorageOptions } from './store.js';
