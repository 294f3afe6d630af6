/**
 * `@apiserver/storage-memory`: the embedded default backend of `@apiserver/storage` — in-memory MVCC with one
 * global revision, history, compaction, TTL leases, watch replay and an optional durable log.
 *
 * @example One backend, one StorageInterface view per resource, a watch from a create's resourceVersion
 * ```ts
 * import { MemoryBackend } from '@apiserver/storage-memory';
 *
 * const backend = new MemoryBackend({ compactionIntervalMs: 300_000 }); // add dataDir: './data' to persist
 * const pods = backend.storage({ pathPrefix: '/registry' });
 * const created = await pods.create('/pods/default/web', { metadata: { name: 'web', namespace: 'default' } });
 * const watch = await pods.watch('/pods', { recursive: true, resourceVersion: '0' });
 * for await (const event of watch) {
 *   console.log(event.type, event.object.metadata.name, created.metadata.resourceVersion); // ADDED web 2
 *   break;
 * }
 * watch.stop();
 * backend.close();
 * ```
 * @module
 */
export { Compactor } from './compactor.js';
export {
  DEFAULT_HISTORY_BUDGET_BYTES,
  DEFAULT_MAX_REQUEST_BYTES,
  DEFAULT_QUOTA_BACKEND_BYTES,
  MemoryBackend,
  type MemoryBackendOptions,
} from './memory-backend.js';
export { MemoryStorage, type MemoryStorageOptions } from './memory-storage.js';
export { WatchRegistry } from './watcher.js';
export type { CommitSource, WatchSubscription } from './watch-fanout.js';
export { CompactedError, FutureRevisionError, StoreClosedError } from './mvcc/errors.js';
export type { KeyValue, MvccDelete, MvccEvent, MvccOp, MvccPut } from './mvcc/key-value.js';
export type { LeaseGrant } from './mvcc/lessor.js';
export {
  type CommitListener,
  type MvccSnapshot,
  type MvccStats,
  MvccStore,
  type MvccStoreOptions,
  type RangeResult,
} from './mvcc/mvcc-store.js';
export type { RevisionEntry } from './mvcc/event-log.js';
export { KEY_VALUE_OVERHEAD_BYTES, keyValueBytes } from './mvcc/space-quota.js';
export type { CommitRecord, CompactRecord, Journal, JournalOp, JournalPut, JournalRecord } from './mvcc/journal.js';
export { DurableMvcc, type DurabilityOptions, type RecoveryReport } from './wal/durable-mvcc.js';
export { DataDirLockedError } from './wal/data-dir-lock.js';
export { CorruptLogError } from './wal/errors.js';
