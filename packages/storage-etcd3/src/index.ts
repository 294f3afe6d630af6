/**
 * `@apiserver/storage-etcd3`: the etcd v3 backend of `@apiserver/storage` on the `etcd3` package.
 * @module
 */
export { Etcd3Backend, type Etcd3BackendOptions, type Etcd3ResourceOptions } from './backend.js';
export { callOptionsFor, defaultRequestTimeoutMs, type Etcd3ClientOptions, newEtcd3Client } from './client.js';
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
export { Etcd3Storage, type Etcd3StorageOptions } from './store.js';
