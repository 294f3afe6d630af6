/**
 * A bounded cache whose entries expire (apimachinery `cache.LRUExpireCache`, as the delegating token and
 * SubjectAccessReview caches use): each entry lives for the TTL it was added with; the least recently used entry
 * goes first when the cache is full.
 * @module
 */

/** Upstream's size of the webhook authorizer's response cache. */
export const DEFAULT_CACHE_SIZE = 8192;

/** Entries that expire after their own TTL. */
export class ExpiringCache<V> {
  readonly #entries = new Map<string, { value: V; expires: number }>();
  readonly #maxSize: number;
  readonly #now: () => number;

  /** Holds at most `maxSize` entries; `now` is the clock in ms. */
  constructor(maxSize = DEFAULT_CACHE_SIZE, now: () => number = Date.now) {
    this.#maxSize = maxSize;
    this.#now = now;
  }

  /** The live value of `key`, or undefined. */
  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expires <= this.#now()) {
      this.#entries.delete(key);
      return undefined;
    }
    // Re-inserted: the Map's order is the recency order.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  /** Stores `value` for `ttlMillis` (nothing is stored for a TTL of 0 or less). */
  set(key: string, value: V, ttlMillis: number): void {
    if (ttlMillis <= 0) return;
    this.#entries.delete(key);
    this.#entries.set(key, { value, expires: this.#now() + ttlMillis });
    while (this.#entries.size > this.#maxSize) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }

  /** How many entries are held (expired ones included until looked up). */
  get size(): number {
    return this.#entries.size;
  }
}
