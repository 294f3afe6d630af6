/**
 * The version chain of one key (etcd's `keyIndex` generations, flattened).
 * @module
 */
import { isTombstone, type KeyValue } from './key-value.js';

/** All retained versions of one key, oldest first, tombstones included. */
export class KeyHistory {
  readonly #versions: KeyValue[] = [];

  /** The newest version (possibly a tombstone), or undefined when the history is empty. */
  latest(): KeyValue | undefined {
    return this.#versions[this.#versions.length - 1];
  }

  /** The live version visible at `revision`, or undefined if the key did not exist then. */
  at(revision: number): KeyValue | undefined {
    const i = this.#indexAt(revision);
    const kv = i < 0 ? undefined : this.#versions[i];
    return kv === undefined || isTombstone(kv) ? undefined : kv;
  }

  /** Appends a newer version; its modRevision must exceed the latest one. */
  append(kv: KeyValue): void {
    const last = this.latest();
    if (last !== undefined && kv.modRevision <= last.modRevision) {
      throw new RangeError(`key ${kv.key}: revision ${kv.modRevision} is not after ${last.modRevision}`);
    }
    this.#versions.push(kv);
  }

  /**
   * Drops versions nobody can read once `revision` is the compact revision: everything
   * older than the version visible at `revision`, and that version too if it is a tombstone.
   * Returns true when nothing is left (the key can be forgotten).
   */
  compact(revision: number): boolean {
    const i = this.#indexAt(revision);
    if (i >= 0) {
      const kv = this.#versions[i];
      const drop = kv !== undefined && isTombstone(kv) ? i + 1 : i;
      this.#versions.splice(0, drop);
    }
    return this.#versions.length === 0;
  }

  /** Number of retained versions (for memory accounting and tests). */
  get size(): number {
    return this.#versions.length;
  }

  /** Index of the last version with modRevision <= revision, or -1. */
  #indexAt(revision: number): number {
    let lo = 0;
    let hi = this.#versions.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.#versions[mid]?.modRevision ?? 0) <= revision) lo = mid + 1;
      else hi = mid;
    }
    return lo - 1;
  }
}
