/**
 * A least-recently-used cache bounded in entries and in total weight, for compiled forms of
 * user-supplied text (regular expressions) that must not grow without limit.
 *
 * @module
 */

interface Entry<V> {
  readonly value: V;
  readonly weight: number;
}

/**
 * A map that keeps at most `capacity` entries whose weights sum to at most `maxWeight`, dropping
 * the least recently used ones first; an entry heavier than `maxWeight` alone is not kept.
 */
export class LRUCache<K, V> {
  readonly #capacity: number;
  readonly #maxWeight: number;
  // A Map iterates in insertion order: re-inserting on each hit keeps the oldest entry first.
  readonly #entries = new Map<K, Entry<V>>();
  #weight = 0;

  /** A cache holding at most `capacity` (≥ 1) entries of total weight at most `maxWeight`. */
  constructor(capacity: number, maxWeight = Number.POSITIVE_INFINITY) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`LRU capacity must be ≥ 1, got ${capacity}`);
    this.#capacity = capacity;
    this.#maxWeight = maxWeight;
  }

  /** The number of entries held. */
  get size(): number {
    return this.#entries.size;
  }

  /** The total weight of the entries held. */
  get weight(): number {
    return this.#weight;
  }

  /** The value for `key`, marked most recently used; `undefined` when absent. */
  get(key: K): V | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  /** Stores `value` under `key` as the most recently used entry, evicting the oldest while over a bound. */
  set(key: K, value: V, weight = 1): void {
    this.#delete(key);
    if (weight > this.#maxWeight) return;
    this.#entries.set(key, { value, weight });
    this.#weight += weight;
    while (this.#entries.size > this.#capacity || this.#weight > this.#maxWeight) {
      const oldest = this.#entries.keys().next();
      if (oldest.done === true) break;
      this.#delete(oldest.value);
    }
  }

  #delete(key: K): void {
    const entry = this.#entries.get(key);
    if (entry === undefined) return;
    this.#entries.delete(key);
    this.#weight -= entry.weight;
  }
}
