/**
 * One client watch served by the Cacher (pkg/storage/cacher/cache_watcher.go): filtering, a bounded
 * buffer (a watcher that falls behind is closed, never waited for) and bookmark scheduling.
 * @module
 */
import { hasPathPrefix } from '../keys.js';
import type { StorageObject } from '../object.js';
import { isPredicateEmpty, predicateMatches, type SelectionPredicate } from '../selection-predicate.js';
import { convertToWatchEvent, newBookmarkObject, WatchQueue } from '../watch.js';
import type { CacheEvent } from './watch-cache.js';

/** Construction options of a CacheWatcher. */
export interface CacheWatcherOptions {
  /** The watched key (exact) or prefix (recursive, without trailing slash handling by the caller). */
  key: string;
  /** Whether `key` is a prefix. */
  recursive: boolean;
  /** Filter and bookmark options. */
  predicate: SelectionPredicate | undefined;
  /** Only events with a greater RV are delivered. */
  startRv: number;
  /** Live events the watcher may have buffered before it is closed as too slow. */
  capacity: number;
  /** Interval between bookmarks, in milliseconds. */
  bookmarkFrequencyMs: number;
  /** When the caller ends the watch (ms since the epoch): a bookmark is then due 2 s before it. */
  deadline?: number | undefined;
  /** Called when the client stops the watch. */
  onStop: () => void;
  /** Stops the watch when aborted; its listener is removed as soon as the watch ends either way. */
  signal?: AbortSignal | undefined;
}

const matchEverything = (): boolean => true;

/** How long before its deadline a watch gets its last bookmark (cache_watcher.go's nextBookmarkTime: 2 s). */
export const PRE_TIMEOUT_BOOKMARK_MS = 2_000;

/**
 * A filtered, bounded view of the cache's event stream for one client. Object events carry the cache's frozen
 * objects, shared with every other watcher (no per-watcher copy); bookmarks are created per watcher.
 */
export class CacheWatcher {
  /** The client-facing watch. */
  readonly queue: WatchQueue;
  /** The watched key, or prefix when {@link CacheWatcher.recursive}. */
  readonly key: string;
  /** Whether {@link CacheWatcher.key} is a prefix. */
  readonly recursive: boolean;
  readonly #opts: CacheWatcherOptions;
  /**
   * The RV the client has been brought up to: the last event offered (delivered or filtered out) or bookmark. An
   * event is offered once: the replay of a new watch may already hold events the cacher has yet to dispatch.
   */
  #rv: number;
  #nextBookmark: number;
  readonly #onAbort = (): void => this.queue.stop();
  /** The predicate test, made once per watcher (not per event); an empty predicate matches without a look. */
  readonly #matches: (obj: StorageObject) => boolean;

  /** Creates a watcher; events are added with `sendInitial` and `dispatch`. */
  constructor(opts: CacheWatcherOptions) {
    this.#opts = opts;
    this.key = opts.key;
    this.recursive = opts.recursive;
    this.#rv = opts.startRv;
    const predicate = opts.predicate;
    this.#matches = isPredicateEmpty(predicate) ? matchEverything : (obj) => predicateMatches(predicate, obj);
    this.#nextBookmark = this.#nextBookmarkTime(Date.now());
    this.queue = new WatchQueue({
      onStop: () => {
        this.#detach();
        opts.onStop();
      },
    });
    opts.signal?.addEventListener('abort', this.#onAbort, { once: true });
  }

  /** Removes the abort listener (a long-lived signal may carry many watches over its life). */
  #detach(): void {
    this.#opts.signal?.removeEventListener('abort', this.#onAbort);
  }

  /** Whether the watcher wants bookmarks. */
  get wantsBookmarks(): boolean {
    return this.#opts.predicate?.allowWatchBookmarks === true;
  }

  /** Whether `key` is inside the watched key range. */
  matchesKey(key: string): boolean {
    const { key: watched, recursive } = this.#opts;
    return recursive ? key !== watched && hasPathPrefix(key, watched) : key === watched;
  }

  /** Whether an object matches the watcher's predicate. */
  matches(obj: StorageObject): boolean {
    return this.#matches(obj);
  }

  /** Queues an initial ADDED event with the (frozen, shared) cached object; not subject to the buffer bound. */
  sendInitial(obj: StorageObject): void {
    this.queue.push({ type: 'ADDED', object: obj });
  }

  /** Queues the end-of-initial-events bookmark at `rv`. */
  sendInitialEventsEnd(rv: number): void {
    this.#rv = Math.max(this.#rv, rv);
    this.queue.push({ type: 'BOOKMARK', object: newBookmarkObject(rv, true) });
  }

  /**
   * Offers a cache event (events at or below the RV already reached are ignored); a watcher whose buffer is full
   * is closed instead of blocking the cache. The event's frozen objects are delivered as they are: the
   * ADDED/DELETED conversion only picks `object` or `prevObject`.
   */
  dispatch(e: CacheEvent): void {
    if (e.resourceVersion <= this.#rv || this.queue.closed) return;
    this.#rv = e.resourceVersion;
    if (!this.matchesKey(e.key)) return;
    const ev = convertToWatchEvent(e.type, e.object, e.prevObject, this.#matches);
    if (ev === undefined) return;
    if (this.queue.length >= this.#opts.capacity) {
      this.close();
      return;
    }
    this.queue.push(ev);
  }

  /**
   * Sends a periodic bookmark at `rv` when one is due, never behind an RV already reached; `rv` must be one every
   * event up to which has been offered to this watcher.
   */
  maybeBookmark(rv: number, now: number): void {
    if (!this.wantsBookmarks || now < this.#nextBookmark || rv < this.#rv || this.queue.closed) return;
    if (this.queue.length >= this.#opts.capacity) return;
    this.#nextBookmark = this.#nextBookmarkTime(now);
    this.#rv = rv;
    this.queue.push({ type: 'BOOKMARK', object: newBookmarkObject(rv) });
  }

  /**
   * When the next bookmark is due: a bookmark interval from `now`, or 2 s before the watch's deadline when that
   * comes first; never once that moment has passed (a watch shorter than 2 s, or its pre-timeout bookmark sent).
   */
  #nextBookmarkTime(now: number): number {
    const heartbeat = now + this.#opts.bookmarkFrequencyMs;
    const { deadline } = this.#opts;
    if (deadline === undefined) return heartbeat;
    const due = Math.min(heartbeat, deadline - PRE_TIMEOUT_BOOKMARK_MS);
    return due < now ? Number.POSITIVE_INFINITY : due;
  }

  /** Ends the watch (already buffered events remain readable) and releases the abort listener. */
  close(): void {
    this.queue.close();
    this.#detach();
  }
}
