/**
 * The watch cache: current state by key, a bounded ring of recent events and the cache resource version
 * (pkg/storage/cacher/watch_cache.go, simplified for a single-threaded runtime).
 * @module
 */
import { newResourceExpiredError, newTooLargeResourceVersionError } from '../errors.js';
import type { StorageObject } from '../object.js';
import { shareObject } from '../shared-objects.js';

/**
 * One change as seen by the cache: the new object (absent for deletes) and the previous one. Both objects are
 * deeply frozen and shared by every watcher the event is delivered to.
 */
export interface CacheEvent {
  /** Event type as received from storage. */
  type: 'ADDED' | 'MODIFIED' | 'DELETED';
  /** Cache key (the storage key of the object). */
  key: string;
  /** The object after the change (absent for DELETED). */
  object: StorageObject | undefined;
  /** The object before the change, with its RV set to the event revision (absent for ADDED). */
  prevObject: StorageObject | undefined;
  /** The event revision. */
  resourceVersion: number;
}

/**
 * Current state + event ring + freshness waiting. The cache takes ownership of the objects it is given and
 * deep-freezes them once, so stored objects and events can be shared read-only without per-reader copies.
 */
export class WatchCache {
  readonly #store = new Map<string, StorageObject>();
  /** {@link sorted}'s answer until the next change (reads far outnumber writes in most clusters). */
  #sorted: readonly (readonly [string, StorageObject])[] | undefined;
  readonly #ring: CacheEvent[] = [];
  readonly #capacity: number;
  #rv = 0;
  #listRv = 0;
  #removedSinceRelist = false;
  #waiters: { rv: number; resolve: () => void }[] = [];

  /** Creates an empty cache whose ring keeps at most `capacity` events. */
  constructor(capacity: number) {
    this.#capacity = Math.max(1, capacity);
  }

  /** The cache resource version (last event or progress notification seen). */
  get resourceVersion(): number {
    return this.#rv;
  }

  /** Number of pending freshness waiters. */
  get waiting(): number {
    return this.#waiters.length;
  }

  /** Replaces the whole state after a (re)list at `rv` (the objects are frozen); the ring restarts empty. */
  replace(items: readonly [string, StorageObject][], rv: number): void {
    this.#store.clear();
    this.#sorted = undefined;
    for (const [key, obj] of items) this.#store.set(key, shareObject(obj));
    this.#ring.length = 0;
    this.#listRv = rv;
    this.#removedSinceRelist = false;
    this.#setRV(rv);
  }

  /**
   * Applies one storage event (freezing `obj`) and returns the cache event with the previous object filled in:
   * a frozen shallow copy of the cached one with its RV set to `rv`, sharing all other (frozen) parts.
   */
  process(type: CacheEvent['type'], key: string, obj: StorageObject, rv: number): CacheEvent {
    shareObject(obj);
    this.#sorted = undefined;
    const prev = this.#store.get(key);
    let prevObject: StorageObject | undefined;
    if (type === 'DELETED') {
      prevObject = obj;
      this.#store.delete(key);
    } else {
      if (prev !== undefined) prevObject = shareObject({ ...prev, metadata: { ...prev.metadata, resourceVersion: String(rv) } });
      this.#store.set(key, obj);
    }
    const event: CacheEvent = { type, key, object: type === 'DELETED' ? undefined : obj, prevObject, resourceVersion: rv };
    this.#ring.push(event);
    if (this.#ring.length > this.#capacity) this.#dropOldest();
    this.#setRV(rv);
    return event;
  }

  #dropOldest(): void {
    this.#ring.shift();
    this.#removedSinceRelist = true;
  }

  /** Moves the cache RV forward without a change (storage progress notification). */
  updateResourceVersion(rv: number): void {
    this.#setRV(rv);
  }

  #setRV(rv: number): void {
    if (rv < this.#rv) return;
    this.#rv = rv;
    if (this.#waiters.length === 0) return;
    const due = this.#waiters.filter((w) => w.rv <= rv);
    this.#waiters = this.#waiters.filter((w) => w.rv > rv);
    for (const w of due) w.resolve();
  }

  /** Drops ring events up to and including `rv` (mirrors a storage compaction). */
  compact(rv: number): void {
    while ((this.#ring[0]?.resourceVersion ?? Number.POSITIVE_INFINITY) <= rv) this.#dropOldest();
    if (this.#listRv <= rv) this.#removedSinceRelist = true;
  }

  /** Resolves once the cache RV is ≥ `rv`; rejects with 504 TooLargeResourceVersion after `timeoutMs`. */
  waitUntilFresh(rv: number, timeoutMs: number): Promise<void> {
    if (rv <= this.#rv) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const waiter = {
        rv,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        this.#waiters = this.#waiters.filter((w) => w !== waiter);
        reject(newTooLargeResourceVersionError(rv, this.#rv, 1));
      }, timeoutMs);
      this.#waiters.push(waiter);
    });
  }

  /** The cached (frozen) object at `key`. */
  get(key: string): StorageObject | undefined {
    return this.#store.get(key);
  }

  /** All cached [key, object] pairs sorted by key (the objects are frozen); sorted once per change of the cache. */
  sorted(): readonly (readonly [string, StorageObject])[] {
    this.#sorted ??= [...this.#store.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return this.#sorted;
  }

  /** Events with RV > `rv`, or a 410 Expired error if `rv` is older than the ring covers. */
  eventsSince(rv: number): CacheEvent[] {
    const first = this.#ring[0];
    const oldest = !this.#removedSinceRelist ? this.#listRv + 1 : (first?.resourceVersion ?? this.#rv + 1);
    if (rv < oldest - 1) throw newResourceExpiredError(`too old resource version: ${rv} (${oldest - 1})`);
    return this.#ring.filter((e) => e.resourceVersion > rv);
  }
}
