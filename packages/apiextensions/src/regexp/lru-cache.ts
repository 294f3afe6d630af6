/**
 * A least-recently-used cache of bounded size, for compiled forms of user-supplied text
 * (regular expressions) that must not grow without limit.
 *
 * @module
 */

/** A map that keeps at most `capacity` entries, dropping the least recently used one first. */
export class LRUCache<K, V> {
  readonly #capacity: number;
  // A Map iterates in insertion order: re-inserting on each hit keeps the oldest entry first.
  readonly #entries = new Map<K, V>();

  /** A cache holding at most `capacity` (≥ 1) entries. */
  constructor(capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`LRU capacity must be ≥ 1, got ${capacity}`);
    this.#capacity = capacity;
  }

  /** The number of entries held. */
  get size(): number {
    return this.#entries.size;
  }

  /** The value for `key`, marked most recently used; `undefined` when absent. */
  get(key: K): V | undefined {
    if (!this.#entries.has(key)) return undefined;
    const value = this.#entries.get(key) as V;
    this.#entries.delete(key);
    this.#entries.set(key, value);
    return value;
  }

  /** Stores `value` under `key` as the most recently used entry, evicting the oldest when full. */
  set(key: K, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.#capacity) {
      const oldest = this.#entries.keys().next();
      if (oldest.done !== true) this.#entries.delete(oldest.value);
    }
  }
}
