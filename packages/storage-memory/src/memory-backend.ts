/**
 * The embedded "etcd": one MVCC store (one global revision) shared by any number of storage views.
 * @module
 */
import type { StorageObject } from '@apiserver/storage';
import { Compactor } from './compactor.js';
import { MemoryStorage, type MemoryStorageOptions } from './memory-storage.js';
import { type MvccStats, MvccStore } from './mvcc/mvcc-store.js';
import { DurableMvcc, type RecoveryReport } from './wal/durable-mvcc.js';
import { WatchRegistry } from './watcher.js';

/** Default `maxRequestBytes`: etcd's `--max-request-bytes` default, 1.5 MiB. */
export const DEFAULT_MAX_REQUEST_BYTES = 1.5 * 1024 * 1024;
/** Default `quotaBackendBytes`: etcd's `--quota-backend-bytes` default, 2 GiB. */
export const DEFAULT_QUOTA_BACKEND_BYTES = 2 * 1024 * 1024 * 1024;
/** Default `historyBudgetBytes`: 256 MiB of superseded versions before the oldest revisions are compacted early. */
export const DEFAULT_HISTORY_BUDGET_BYTES = 256 * 1024 * 1024;

/** Options of {@link MemoryBackend}. */
export interface MemoryBackendOptions {
  /** Persist to this directory (commit log + snapshots) and restore from it on start; absent = memory only. */
  readonly dataDir?: string;
  /** Compact history every this many ms (like `--etcd-compaction-interval`, default 300 000; 0 disables). */
  readonly compactionIntervalMs?: number;
  /** Also keep at most about this many revisions of history (0 = no limit, the default). */
  readonly historyLimit?: number;
  /**
   * Refuse a write whose key and value exceed this many bytes, as etcd's `--max-request-bytes` does (500
   * `etcdserver: request is too large`); default {@link DEFAULT_MAX_REQUEST_BYTES}, 0 = no limit.
   */
  readonly maxRequestBytes?: number;
  /**
   * Refuse writes that grow the live data (latest version of every key, 256 bytes of overhead each, as etcd's quota
   * counts) past this many bytes, as etcd's `--quota-backend-bytes` does (500 `etcdserver: mvcc: database space
   * exceeded`; deletes still pass); default {@link DEFAULT_QUOTA_BACKEND_BYTES}, 0 = no limit.
   */
  readonly quotaBackendBytes?: number;
  /**
   * Compact the oldest revisions before the next periodic compaction once superseded versions and tombstones hold
   * more than this many bytes (down to three quarters of it); default {@link DEFAULT_HISTORY_BUDGET_BYTES}, 0 = no limit.
   */
  readonly historyBudgetBytes?: number;
  /** With `dataDir`: snapshot (and empty the log) this often, default 60 000 ms; 0 disables the timer. */
  readonly snapshotIntervalMs?: number;
  /** With `dataDir`: snapshot once the log holds this many records, default 10 000; 0 disables. */
  readonly snapshotEveryRecords?: number;
  /** Unread events a watch may buffer before it is ended (the client re-watches), default 100 000; 0 = unbounded. */
  readonly watchBufferLimit?: number;
  /** Clock used for TTL deadlines (ms since epoch), default `Date.now`. */
  readonly now?: () => number;
}

/** Owns the MVCC store, its compactor and (optionally) its durable log; hands out StorageInterface views. */
export class MemoryBackend {
  readonly #mvcc: MvccStore;
  readonly #watches: WatchRegistry;
  readonly #compactor: Compactor | undefined;
  readonly #durable: DurableMvcc | undefined;

  /** Creates the backend; with `dataDir` it first recovers the saved state (throws CorruptLogError on damage). */
  constructor(options: MemoryBackendOptions = {}) {
    this.#watches = new WatchRegistry(options.watchBufferLimit ?? 100_000);
    this.#mvcc = new MvccStore({
      historyLimit: options.historyLimit ?? 0,
      maxRequestBytes: options.maxRequestBytes ?? DEFAULT_MAX_REQUEST_BYTES,
      quotaBackendBytes: options.quotaBackendBytes ?? DEFAULT_QUOTA_BACKEND_BYTES,
      historyBudgetBytes: options.historyBudgetBytes ?? DEFAULT_HISTORY_BUDGET_BYTES,
      ...(options.now && { now: options.now }),
    });
    if (options.dataDir !== undefined) {
      this.#durable = new DurableMvcc(this.#mvcc, {
        dataDir: options.dataDir,
        snapshotIntervalMs: options.snapshotIntervalMs,
        snapshotEveryRecords: options.snapshotEveryRecords,
      });
    }
    const interval = options.compactionIntervalMs ?? 300_000;
    if (interval > 0) this.#compactor = new Compactor(this.#mvcc, interval);
  }

  /** A StorageInterface over this backend; all views share one revision counter. */
  storage<T extends StorageObject = StorageObject>(options: MemoryStorageOptions<T> = {}): MemoryStorage<T> {
    return new MemoryStorage<T>(this.#mvcc, this.#watches, options);
  }

  /** The current global revision. */
  get currentRevision(): number {
    return this.#mvcc.currentRevision;
  }

  /** The compact revision (reads and watches below it answer 410 Expired). */
  get compactRevision(): number {
    return this.#mvcc.compactRevision;
  }

  /** Compacts history before `revision` now (the test hook behind the periodic compactor). */
  compact(revision: number): void {
    this.#mvcc.compact(revision);
  }

  /** Writes a snapshot and empties the log now (no-op without `dataDir`). */
  snapshot(): void {
    this.#durable?.snapshot();
  }

  /** What recovery found at start (undefined without `dataDir`). */
  get recovery(): RecoveryReport | undefined {
    return this.#durable?.recovery;
  }

  /** Retained history: revisions in the event log, versions over all keys, keys, live and history bytes. */
  stats(): MvccStats {
    return this.#mvcc.stats();
  }

  /** Stops timers, ends all watches, takes a final snapshot (with `dataDir`) and closes the store; views then fail. */
  close(): void {
    this.#compactor?.stop();
    this.#watches.endAll();
    try {
      this.#durable?.close();
    } finally {
      this.#mvcc.close();
    }
  }
}
