/**
 * Byte accounting of the MVCC store (etcd's request-size limit and backend quota, for memory): the live data,
 * the history compaction can release, and the limits writes are checked against.
 * @module
 */
import { newDatabaseSpaceExceededError, newRequestTooLargeError } from '@apiserver/storage';
import type { KeyValue, MvccEvent, MvccOp } from './key-value.js';

/** Estimated cost of a version beyond its key and value (etcd's quota uses the same `kvOverhead`). */
export const KEY_VALUE_OVERHEAD_BYTES = 256;

/** Accounted size of one stored version (or of the version a put would store): key, value and the per-version overhead. */
export function keyValueBytes(kv: { readonly key: string; readonly value: Uint8Array }): number {
  return kv.key.length + kv.value.byteLength + KEY_VALUE_OVERHEAD_BYTES;
}

/** The byte limits of a store; 0 turns a limit off. */
export interface SpaceLimits {
  /** Largest commit, counted as the keys and values it puts (etcd `--max-request-bytes`). */
  readonly maxRequestBytes: number;
  /** Most live data (latest versions of existing keys) before writes that add to it are refused (etcd `--quota-backend-bytes`). */
  readonly quotaBackendBytes: number;
  /** Most history (superseded versions and tombstones) kept before the oldest revisions are compacted early. */
  readonly historyBudgetBytes: number;
}

/** Tracks live and releasable bytes and refuses writes over the limits, before they are journaled. */
export class SpaceQuota {
  readonly #limits: SpaceLimits;
  #live = 0;
  #history = 0;

  /** Starts empty with `limits`. */
  constructor(limits: SpaceLimits) {
    this.#limits = limits;
  }

  /** Bytes of the latest version of every existing key. */
  get liveBytes(): number {
    return this.#live;
  }

  /** Bytes compaction to the current revision would release (superseded versions and tombstones). */
  get historyBytes(): number {
    return this.#history;
  }

  /** Throws etcd's `request is too large` when the puts of one commit exceed `maxRequestBytes`. */
  checkRequest(ops: readonly MvccOp[]): void {
    const max = this.#limits.maxRequestBytes;
    if (max <= 0) return;
    let size = 0;
    for (const op of ops) if (op.type === 'put') size += op.key.length + op.value.byteLength;
    if (size > max) throw newRequestTooLargeError();
  }

  /**
   * Throws etcd's `database space exceeded` when `ops` would grow the live data past `quotaBackendBytes`; writes that
   * do not grow it (deletes, shrinking updates) always pass, so space can be freed.
   */
  checkQuota(ops: readonly MvccOp[], live: (key: string) => KeyValue | undefined): void {
    const quota = this.#limits.quotaBackendBytes;
    if (quota <= 0) return;
    let delta = 0;
    for (const op of ops) {
      const current = live(op.key);
      if (current !== undefined) delta -= keyValueBytes(current);
      if (op.type === 'put') delta += keyValueBytes(op);
    }
    if (delta > 0 && this.#live + delta > quota) throw newDatabaseSpaceExceededError();
  }

  /** Accounts an applied change; returns the bytes it made releasable by compaction at its revision. */
  applied(event: MvccEvent): number {
    const prev = event.prevKv === undefined ? 0 : keyValueBytes(event.prevKv);
    const releasable = event.type === 'delete' ? prev + keyValueBytes(event.kv) : prev;
    this.#live += (event.type === 'put' ? keyValueBytes(event.kv) : 0) - prev;
    this.#history += releasable;
    return releasable;
  }

  /** Accounts a compaction that released `bytes` of history. */
  released(bytes: number): void {
    this.#history -= bytes;
  }

  /** Accounts the live key-values of a restored snapshot (no history). */
  restored(kvs: readonly KeyValue[]): void {
    this.#live = kvs.reduce((sum, kv) => sum + keyValueBytes(kv), 0);
    this.#history = 0;
  }

  /**
   * History bytes to release now: none while within the budget; past it, enough to come back to three quarters
   * of the budget, so early compactions (an O(released versions) pass each) stay rare.
   */
  historyExcess(): number {
    const budget = this.#limits.historyBudgetBytes;
    if (budget <= 0 || this.#history <= budget) return 0;
    return this.#history - Math.floor((budget * 3) / 4);
  }
}
