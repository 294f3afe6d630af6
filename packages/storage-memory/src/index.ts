/**
 * `@apiserver/storage-memory`: the embedded default backend of `@apiserver/storage` — in-memory MVCC with one
 * global revision, history, compaction, TTL leases, watch replay and an optional durable log.
 * @module
 */
export { Compactor } from './compactor.js';
export { MemoryBackend, type MemoryBackendOptions } from './memory-backend.js';
export { MemoryStorage, type MemoryStorageOptions } from './memory-storage.js';
export { WatchRegistry } from './watcher.js';
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
export type { CommitRecord, CompactRecord, Journal, JournalOp, JournalPut, JournalRecord } from './mvcc/journal.js';
export { DurableMvcc, type DurabilityOptions, type RecoveryReport } from './wal/durable-mvcc.js';
export { DataDirLockedError } from './wal/data-dir-lock.js';
export { CorruptLogError } from './wal/errors.js';
