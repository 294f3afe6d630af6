/**
 * Durability for an MvccStore: recover from snapshot + log, journal every commit, snapshot periodically.
 * @module
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Journal, JournalRecord } from '../mvcc/journal.js';
import type { MvccStore } from '../mvcc/mvcc-store.js';
import { lockDataDir } from './data-dir-lock.js';
import { CorruptLogError } from './errors.js';
import { decodeRecord } from './record-codec.js';
import { scanFrames } from './record-frame.js';
import { readSnapshot, writeSnapshot } from './snapshot-file.js';
import { WriteAheadLog } from './write-ahead-log.js';

/** File name of the commit log inside the data directory. */
export const LOG_FILE = 'wal';

/** Options of the durable mode. */
export interface DurabilityOptions {
  /** Directory holding `snapshot` and `wal` (created if missing). */
  readonly dataDir: string;
  /** Snapshot (and empty the log) this often; 0 disables the timer. Default 60 000. */
  readonly snapshotIntervalMs?: number | undefined;
  /** Also snapshot once the log holds this many records; 0 disables. Default 10 000. */
  readonly snapshotEveryRecords?: number | undefined;
}

/** What recovery found on open. */
export interface RecoveryReport {
  /** Revision of the snapshot loaded, 0 when there was none. */
  readonly snapshotRevision: number;
  /** Log records applied on top of it. */
  readonly replayedRecords: number;
  /** Bytes of a torn final record that were cut off (0 when the log was clean). */
  readonly droppedTailBytes: number;
}

/** Binds an empty MvccStore to a data directory: restores it, then persists every later change. */
export class DurableMvcc implements Journal {
  readonly #store: MvccStore;
  readonly #dir: string;
  readonly #wal: WriteAheadLog;
  readonly #everyRecords: number;
  readonly #timer: NodeJS.Timeout | undefined;
  readonly #recovery: RecoveryReport;
  readonly #unlock: () => void;
  #snapshotQueued = false;
  #lastSnapshotError: unknown;
  #closed = false;

  /**
   * Locks `options.dataDir` (DataDirLockedError if another live process has it), recovers `store` (which must
   * be empty) from it and starts journaling into it.
   */
  constructor(store: MvccStore, options: DurabilityOptions) {
    this.#store = store;
    this.#dir = options.dataDir;
    this.#everyRecords = options.snapshotEveryRecords ?? 10_000;
    mkdirSync(this.#dir, { recursive: true });
    this.#unlock = lockDataDir(this.#dir);
    try {
      const { report, validLength } = recover(store, this.#dir);
      this.#recovery = report;
      this.#wal = new WriteAheadLog(join(this.#dir, LOG_FILE), validLength);
    } catch (err) {
      this.#unlock();
      throw err;
    }
    store.setJournal(this);
    const interval = options.snapshotIntervalMs ?? 60_000;
    if (interval > 0) {
      this.#timer = setInterval(() => this.#backgroundSnapshot(), interval);
      this.#timer.unref();
    }
  }

  /** What recovery found. */
  get recovery(): RecoveryReport {
    return this.#recovery;
  }

  /** Records in the log since the last snapshot. */
  get logRecords(): number {
    return this.#wal.records;
  }

  /** {@inheritDoc Journal.append} */
  append(record: JournalRecord): void {
    this.#wal.append(record);
    if (this.#everyRecords > 0 && this.#wal.records >= this.#everyRecords && !this.#snapshotQueued) {
      // Snapshot after the commit in progress has been applied, never in the middle of it.
      this.#snapshotQueued = true;
      queueMicrotask(() => this.#backgroundSnapshot());
    }
  }

  /** Writes a snapshot of the current state and empties the log. */
  snapshot(): void {
    if (this.#closed) return;
    writeSnapshot(this.#dir, this.#store.snapshot());
    this.#wal.truncate();
  }

  /** Takes a final snapshot when the log is not empty, stops the timer and closes the log. */
  close(): void {
    if (this.#closed) return;
    if (this.#timer !== undefined) clearInterval(this.#timer);
    try {
      this.#snapshotIfDirty();
    } finally {
      this.#closed = true;
      this.#store.setJournal(undefined);
      this.#wal.close();
      this.#unlock();
    }
  }

  /** The error of the last failed background snapshot, cleared by the next success (the log keeps the data). */
  get lastSnapshotError(): unknown {
    return this.#lastSnapshotError;
  }

  /** Snapshot from a timer or microtask: a failure must not crash the process; the log still has everything. */
  #backgroundSnapshot(): void {
    try {
      this.#snapshotIfDirty();
      this.#lastSnapshotError = undefined;
    } catch (err) {
      this.#lastSnapshotError = err;
    }
  }

  #snapshotIfDirty(): void {
    this.#snapshotQueued = false;
    if (!this.#closed && !this.#store.closed && this.#wal.size > 0) this.snapshot();
  }
}

/** Loads the snapshot and replays the log; returns where the next append goes. */
function recover(store: MvccStore, dir: string): { report: RecoveryReport; validLength: number } {
  const snapshot = readSnapshot(dir);
  if (snapshot !== undefined) store.restore(snapshot);
  const path = join(dir, LOG_FILE);
  const buf = existsSync(path) ? readFileSync(path) : Buffer.alloc(0);
  const scan = scanFrames(buf);
  if (scan.damage !== undefined && !scan.damage.isTail) {
    throw new CorruptLogError(path, scan.damage.offset, `${scan.damage.reason} before the end of the log`);
  }
  let replayed = 0;
  let offset = 0;
  for (const payload of scan.payloads) {
    try {
      const record = decodeRecord(payload);
      // Records a snapshot already covers are left over from a crash between rename and truncate.
      if (record.kind === 'commit' && record.revision <= store.currentRevision) continue;
      store.apply(record);
      replayed++;
    } catch (err) {
      throw new CorruptLogError(path, offset, err instanceof Error ? err.message : String(err));
    } finally {
      offset += payload.length + 8;
    }
  }
  const report = {
    snapshotRevision: snapshot?.revision ?? 0,
    replayedRecords: replayed,
    droppedTailBytes: buf.length - scan.validLength,
  };
  return { report, validLength: scan.validLength };
}
