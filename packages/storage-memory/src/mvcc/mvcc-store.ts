/**
 * The in-memory multi-version key-value store: one global revision, per-key history,
 * reads at a revision, compaction, leases and an ordered event stream.
 * @module
 */
import { CompactedError, FutureRevisionError, StoreClosedError } from './errors.js';
import { EventLog, type RevisionEntry } from './event-log.js';
import type { Journal, JournalOp, JournalRecord } from './journal.js';
import { KeyHistory } from './key-history.js';
import { KeyIndex } from './key-index.js';
import { isTombstone, type KeyValue, type MvccEvent, type MvccOp } from './key-value.js';
import { type LeaseGrant, Lessor } from './lessor.js';
import { type SpaceLimits, SpaceQuota } from './space-quota.js';

/** Delay before a lease expiry whose delete could not be journaled is tried again. */
const EXPIRY_RETRY_MS = 1000;

/** Options of {@link MvccStore}. */
export interface MvccStoreOptions {
  /** Keep at least this many revisions of history; older ones are compacted automatically (0 = unbounded). */
  readonly historyLimit?: number;
  /** Refuse commits whose puts exceed this many key and value bytes with etcd's `request is too large` (0 = no limit, the default). */
  readonly maxRequestBytes?: number;
  /** Refuse writes that grow the live data past this many bytes with etcd's `database space exceeded` (0 = no limit, the default). */
  readonly quotaBackendBytes?: number;
  /** Compact the oldest revisions early once history holds more than this many bytes (0 = no limit, the default). */
  readonly historyBudgetBytes?: number;
  /** Clock for lease deadlines (ms since epoch). */
  readonly now?: () => number;
  /** Durability sink called before each change is applied. */
  readonly journal?: Journal;
}

/** Result of a range read. */
export interface RangeResult {
  /** Live key-values in key order, at most `limit` of them. */
  readonly kvs: KeyValue[];
  /** Number of live keys in the whole range at that revision (etcd's `count`). */
  readonly count: number;
  /** The revision the read was served at. */
  readonly revision: number;
}

/** Sizes of the retained state (for memory accounting, tests and benchmarks). */
export interface MvccStats {
  /** Revisions held in the event log (since the last compaction). */
  readonly revisions: number;
  /** Versions (including tombstones) held over all keys. */
  readonly versions: number;
  /** Keys with at least one retained version. */
  readonly keys: number;
  /** Accounted bytes of the latest version of every existing key (what `quotaBackendBytes` bounds). */
  readonly liveBytes: number;
  /** Accounted bytes of superseded versions and tombstones (what `historyBudgetBytes` bounds). */
  readonly historyBytes: number;
}

/** Receives each committed revision, in order, synchronously after it is applied. */
export type CommitListener = (entry: RevisionEntry) => void;

/** Content of a snapshot: the live state at one revision. */
export interface MvccSnapshot {
  /** Revision of the snapshot. */
  readonly revision: number;
  /** Live key-values at that revision, in key order. */
  readonly kvs: readonly KeyValue[];
  /** Leases those key-values refer to. */
  readonly leases: readonly LeaseGrant[];
}

/** A store like etcd's mvcc: every commit gets the next global revision, old versions stay readable until compacted. */
export class MvccStore {
  readonly #keys = new Map<string, KeyHistory>();
  readonly #index = new KeyIndex();
  readonly #log = new EventLog();
  readonly #listeners = new Set<CommitListener>();
  readonly #lessor: Lessor;
  readonly #space: SpaceQuota;
  readonly #historyLimit: number;
  readonly #now: () => number;
  #journal: Journal | undefined;
  // etcd starts at revision 1 with no keys; RV 0 means "unset" to the apiserver.
  #revision = 1;
  #compactRevision = 0;
  #closed = false;

  /** Creates an empty store at revision 1. */
  constructor(options: MvccStoreOptions = {}) {
    this.#historyLimit = Math.max(0, Math.floor(options.historyLimit ?? 0));
    this.#space = new SpaceQuota(spaceLimits(options));
    this.#journal = options.journal;
    this.#now = options.now ?? Date.now;
    this.#lessor = new Lessor(this.#now, (id, keys) => this.#expire(id, keys));
  }

  /** The revision of the last commit. */
  get currentRevision(): number {
    return this.#revision;
  }

  /** The oldest readable revision (0 before any compaction). */
  get compactRevision(): number {
    return this.#compactRevision;
  }

  /** Installs (or removes) the durability sink, e.g. after recovery replayed the log. */
  setJournal(journal: Journal | undefined): void {
    this.#journal = journal;
  }

  /** The live version of `key` at `revision` (0 = current). */
  get(key: string, revision = 0): KeyValue | undefined {
    const rev = this.#readRevision(revision);
    return this.#keys.get(key)?.at(rev);
  }

  /** Live keys in [start, end) at `revision` (0 = current), first `limit` of them (0 = all). */
  range(start: string, end: string, revision = 0, limit = 0): RangeResult {
    const rev = this.#readRevision(revision);
    const kvs: KeyValue[] = [];
    let count = 0;
    for (const key of this.#index.range(start, end)) {
      const kv = this.#keys.get(key)?.at(rev);
      if (kv === undefined) continue;
      count++;
      if (limit <= 0 || kvs.length < limit) kvs.push(kv);
    }
    return { kvs, count, revision: rev };
  }

  /** Applies `ops` atomically at the next revision; returns the events (none, and no new revision, if nothing changed). */
  commit(ops: readonly MvccOp[]): RevisionEntry {
    this.#ensureOpen();
    this.#space.checkRequest(ops);
    const effective = ops.filter((op) => op.type === 'put' || this.#live(op.key) !== undefined);
    if (effective.length === 0) return { revision: this.#revision, events: [] };
    this.#space.checkQuota(effective, (key) => this.#live(key));
    const leases: LeaseGrant[] = [];
    const resolved: JournalOp[] = effective.map((op) => {
      if (op.type === 'delete') return op;
      const grant = op.ttlMs !== undefined && op.ttlMs > 0 ? this.#lessor.grant(op.ttlMs) : undefined;
      if (grant !== undefined) leases.push(grant);
      return { type: 'put', key: op.key, value: op.value, lease: grant?.id ?? 0 };
    });
    const record: JournalRecord = { kind: 'commit', revision: this.#revision + 1, ops: resolved, leases };
    this.#journal?.append(record);
    return this.apply(record);
  }

  /** Applies a record that is already durable (used by commit and by log replay); notifies listeners. */
  apply(record: JournalRecord): RevisionEntry {
    if (record.kind === 'compact') {
      this.#compactTo(record.revision);
      return { revision: record.revision, events: [] };
    }
    if (record.revision !== this.#revision + 1) {
      throw new RangeError(`mvcc: record revision ${record.revision} does not follow ${this.#revision}`);
    }
    for (const grant of record.leases) this.#lessor.restore(grant);
    const rev = record.revision;
    const events = record.ops.map((op) => this.#applyOp(op, rev));
    this.#revision = rev;
    const entry = { revision: rev, events };
    this.#log.append(entry, events.reduce((sum, e) => sum + this.#space.applied(e), 0));
    for (const listener of this.#listeners) listener(entry);
    this.#autoCompact();
    return entry;
  }

  /** Forgets history before `revision`; reads and watches below it then fail with CompactedError. */
  compact(revision: number): void {
    this.#ensureOpen();
    if (revision > this.#revision) throw new FutureRevisionError(revision, this.#revision);
    if (revision <= this.#compactRevision) throw new CompactedError(revision, this.#compactRevision);
    this.#journal?.append({ kind: 'compact', revision });
    this.#compactTo(revision);
  }

  /** Events of every revision after `revision`; CompactedError if `revision` is below the compact revision. */
  eventsAfter(revision: number): MvccEvent[] {
    if (revision < this.#compactRevision) throw new CompactedError(revision, this.#compactRevision);
    return this.#log.eventsAfter(revision);
  }

  /** Calls `listener` for each later commit; returns the unsubscribe function. */
  subscribe(listener: CommitListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The live state at the current revision, for snapshots. */
  snapshot(): MvccSnapshot {
    const { kvs, revision } = this.range('', '');
    const used = new Set(kvs.map((kv) => kv.lease));
    return { revision, kvs, leases: this.#lessor.grants().filter((g) => used.has(g.id)) };
  }

  /** Loads a snapshot into an empty store; its revision becomes the compact revision (older history is gone). */
  restore(snapshot: MvccSnapshot): void {
    if (this.#revision !== 1 || this.#keys.size > 0) throw new Error('mvcc: restore needs an empty store');
    for (const grant of snapshot.leases) this.#lessor.restore(grant);
    for (const kv of snapshot.kvs) {
      const history = new KeyHistory();
      history.append(kv);
      this.#keys.set(kv.key, history);
      this.#index.insert(kv.key);
      this.#lessor.attach(kv.key, kv.lease);
    }
    this.#space.restored(snapshot.kvs);
    this.#revision = Math.max(1, snapshot.revision);
    this.#compactRevision = snapshot.revision;
  }

  /** Retained history size: revisions in the event log and versions over all keys. */
  stats(): MvccStats {
    let versions = 0;
    for (const h of this.#keys.values()) versions += h.size;
    const { liveBytes, historyBytes } = this.#space;
    return { revisions: this.#log.size, versions, keys: this.#keys.size, liveBytes, historyBytes };
  }

  /** Stops lease timers and refuses further use; listeners are dropped. */
  close(): void {
    this.#closed = true;
    this.#lessor.close();
    this.#listeners.clear();
  }

  /** Whether close() was called. */
  get closed(): boolean {
    return this.#closed;
  }

  #applyOp(op: JournalOp, rev: number): MvccEvent {
    let history = this.#keys.get(op.key);
    if (history === undefined) {
      history = new KeyHistory();
      this.#keys.set(op.key, history);
      this.#index.insert(op.key);
    }
    const latest = history.latest();
    const prevKv = latest === undefined || isTombstone(latest) ? undefined : latest;
    if (prevKv !== undefined) this.#lessor.detach(op.key, prevKv.lease);
    if (op.type === 'delete') {
      const kv = { key: op.key, createRevision: 0, modRevision: rev, version: 0, value: new Uint8Array(0), lease: 0 };
      history.append(kv);
      return { type: 'delete', kv, prevKv };
    }
    const kv: KeyValue = {
      key: op.key,
      createRevision: prevKv?.createRevision ?? rev,
      modRevision: rev,
      version: (prevKv?.version ?? 0) + 1,
      value: op.value,
      lease: op.lease,
    };
    history.append(kv);
    this.#lessor.attach(op.key, op.lease);
    return { type: 'put', kv, prevKv };
  }

  /**
   * Every version compaction can drop was superseded (or is a tombstone) at a revision the log still holds, so only
   * the keys of the dropped revisions need trimming: the pass costs O(changes released), not O(keys).
   */
  #compactTo(revision: number): void {
    if (revision <= this.#compactRevision) return;
    this.#compactRevision = revision;
    const { dropped, releasedBytes } = this.#log.compact(revision);
    const touched = new Set<string>();
    for (const entry of dropped) for (const e of entry.events) touched.add(e.kv.key);
    for (const key of touched) {
      if (this.#keys.get(key)?.compact(revision) === true) {
        this.#keys.delete(key);
        this.#index.remove(key);
      }
    }
    this.#space.released(releasedBytes);
  }

  /**
   * Compacts early when history outgrows `historyLimit` revisions (by a quarter, to amortize) or `historyBudgetBytes`
   * (down to three quarters of it). A compaction that cannot be journaled leaves history in place: the commit that
   * triggered it is already applied, and the next commit tries again.
   */
  #autoCompact(): void {
    if (this.#closed) return;
    const limit = this.#historyLimit;
    let target = 0;
    if (limit > 0 && this.#revision - this.#compactRevision > limit + Math.max(1, limit >> 2)) target = this.#revision - limit;
    const excess = this.#space.historyExcess();
    if (excess > 0) target = Math.max(target, this.#log.revisionReleasing(excess));
    if (target <= this.#compactRevision) return;
    try {
      this.compact(Math.min(target, this.#revision));
    } catch {
      // Retried after the next commit.
    }
  }

  #expire(leaseId: number, keys: readonly string[]): void {
    if (this.#closed) return;
    const ops: MvccOp[] = keys.filter((k) => this.#live(k)?.lease === leaseId).map((key) => ({ type: 'delete', key }));
    try {
      this.commit(ops);
    } catch {
      // A failed journal write leaves the keys in place; the lease is re-armed to try again in a second.
      this.#lessor.restore({ id: leaseId, expiresAt: this.#now() + EXPIRY_RETRY_MS });
      for (const op of ops) this.#lessor.attach(op.key, leaseId);
    }
  }

  #live(key: string): KeyValue | undefined {
    const latest = this.#keys.get(key)?.latest();
    return latest === undefined || isTombstone(latest) ? undefined : latest;
  }

  #readRevision(revision: number): number {
    this.#ensureOpen();
    if (revision <= 0) return this.#revision;
    if (revision > this.#revision) throw new FutureRevisionError(revision, this.#revision);
    if (revision < this.#compactRevision) throw new CompactedError(revision, this.#compactRevision);
    return revision;
  }

  #ensureOpen(): void {
    if (this.#closed) throw new StoreClosedError();
  }
}

/** The byte limits of `options`, negative or fractional values normalized (0 = off). */
function spaceLimits(options: MvccStoreOptions): SpaceLimits {
  const bytes = (n: number | undefined) => Math.max(0, Math.floor(n ?? 0));
  return {
    maxRequestBytes: bytes(options.maxRequestBytes),
    quotaBackendBytes: bytes(options.quotaBackendBytes),
    historyBudgetBytes: bytes(options.historyBudgetBytes),
  };
}
