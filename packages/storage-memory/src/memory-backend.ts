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

/** Options of {@link MemoryBackend}. */
export interface MemoryBackendOptions {
  /** Persist to this directory (commit log + snapshots) and restore from it on start; absent = memory only. */
  readonly dataDir?: string;
  /** Compact history every this many ms (like `--etcd-compaction-interval`, default 300 000; 0 disables). */
  readonly compactionIntervalMs?: number;
  /** Also keep at most about this many revisions of history (0 = no limit, the default). */
  readonly historyLimit?: number;
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
    this.#mvcc = new MvccStore({ historyLimit: options.historyLimit ?? 0, ...(options.now && { now: options.now }) });
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

  /** Retained history: revisions in the event log, versions over all keys, keys. */
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
