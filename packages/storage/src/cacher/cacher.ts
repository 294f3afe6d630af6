/**
 * The watch cache decorator (pkg/storage/cacher/cacher.go): one list+watch per resource prefix, reads at
 * RV "0"/NotOlderThan served from memory, client watches fanned out with per-watcher filtering.
 * @module
 */
import { newBadRequestError, newKeyNotFoundError, newTooManyRequestsError, StorageNotReadyError } from '../errors.js';
import type {
  CreateOptions,
  DeleteOptions,
  GetOptions,
  GuaranteedUpdateOptions,
  ListOptions,
  ListResult,
  StorageInterface,
  UpdateFunc,
} from '../interfaces.js';
import { hasPathPrefix, validateKey } from '../keys.js';
import { hasMaybeSyncGet, type MaybeSyncGetStorage } from '../maybe-sync-get.js';
import { deepCopy, type StorageObject } from '../object.js';
import type { Versioner } from '../versioner.js';
import { errorEvent, type Watch, WatchQueue } from '../watch.js';
import type { MetricsRegistry } from '../metrics/metrics-registry.js';
import { CacheWatcher } from './cache-watcher.js';
import { type CacherMetrics, cacherMetrics, noCacherMetrics } from './cacher-metrics.js';
import { EventDispatcher } from './event-dispatcher.js';
import { IndexedWatchers } from './indexed-watchers.js';
import { listFromCache } from './list-from-cache.js';
import { Reflector } from './reflector.js';
import { WatchCache } from './watch-cache.js';

/** Configuration of a Cacher. */
export interface CacherOptions {
  /** The storage to decorate. */
  storage: StorageInterface;
  /** Resource prefix cached (e.g. `/pods`); requests outside it are delegated. */
  resourcePrefix: string;
  /** Storage key of an object (default `<prefix>/<namespace>/<name>` or `<prefix>/<name>`). */
  keyFunc?: (obj: StorageObject) => string;
  /** Events kept for watches from an older RV (default 1024). */
  historyCapacity?: number;
  /** Live events a watcher may have unread before it is closed (default 100). */
  watcherBufferSize?: number;
  /**
   * The most watchers offered an event in one turn of the event loop (default 128: about 5 ms of delivery and socket
   * writes in kube-lite): events are delivered after the write that produced them is answered, in slices of this
   * many watchers, so other requests wait at most one slice.
   */
  dispatchSliceSize?: number;
  /** Interval of client bookmarks, ms (default 60 000). */
  bookmarkFrequencyMs?: number;
  /** Longest wait for the cache to reach a requested RV, ms (default 3000). */
  blockTimeoutMs?: number;
  /** Delay before relisting after a broken watch, ms (default 1000). */
  relistBackoffMs?: number;
  /**
   * Serve consistent LISTs (RV "") from the cache once it has caught up with storage's current revision
   * (upstream `ConsistentListFromCache`); falls back to storage after `blockTimeoutMs` (default false: delegate).
   */
  consistentListFromCache?: boolean;
  /**
   * Receives one line of JSON per cache reset (the storage list or watch failed or ended; the cache relists):
   * `{"msg":"watch cache reset","resource":…,"phase":"list"|"watch"|"stream","reason":…,"resourceVersion":…,"relistAfterMs":…}`.
   * Default: written to stderr. Stopping the cacher is not a reset and is not logged.
   */
  log?: (line: string) => void;
  /** Where the cache's metrics go (`apiserver_watch_cache_*`, `watch_cache_capacity`); absent = not recorded. */
  metrics?: MetricsRegistry;
  /** The `resource` label of those metrics (`resource[.group]`, default the prefix's last segment). */
  groupResource?: string;
}

/** The default reset log: one line on stderr. */
function logToStderr(line: string): void {
  console.error(line);
}

/**
 * A StorageInterface that serves reads and watches from an in-memory cache kept by one storage watch.
 *
 * Watch events from the Cacher are frozen: the object of an ADDED/MODIFIED/DELETED event (live, replayed or
 * initial) is the cache's own object, deep-frozen once and shared by every watcher that receives it, so a write
 * costs no per-watcher copy. Mutating it throws a TypeError in strict mode (all ES modules); copy it first
 * (`deepCopy`) if you need to change it. Objects returned by `get` and `getList` are private copies the
 * caller may change, as with every other StorageInterface, unless the read asked for `readOnly`: a read served
 * from the cache then hands out the cache's own shared object (`isSharedObject`).
 */
export class Cacher implements MaybeSyncGetStorage {
  readonly #storage: StorageInterface;
  readonly #prefix: string;
  readonly #keyFunc: (obj: StorageObject) => string;
  readonly #cache: WatchCache;
  readonly #reflector: Reflector;
  readonly #watchers = new IndexedWatchers<CacheWatcher>();
  /** The watchers that asked for bookmarks: the periodic tick visits only them. */
  readonly #bookmarkWatchers = new Set<CacheWatcher>();
  readonly #dispatcher: EventDispatcher<CacheWatcher>;
  readonly #opts: Required<Omit<CacherOptions, 'storage' | 'resourcePrefix' | 'keyFunc' | 'log' | 'metrics' | 'groupResource'>>;
  readonly #metrics: CacherMetrics;
  readonly #timers: NodeJS.Timeout[] = [];
  #ready = false;
  #readyWaiters: (() => void)[] = [];

  /** Creates the cacher and starts listing and watching the storage. */
  constructor(options: CacherOptions) {
    this.#storage = options.storage;
    this.#prefix = options.resourcePrefix.replace(/\/+$/, '');
    this.#keyFunc =
      options.keyFunc ??
      ((o) => (o.metadata.namespace === undefined ? `${this.#prefix}/${o.metadata.name ?? ''}` : `${this.#prefix}/${o.metadata.namespace}/${o.metadata.name ?? ''}`));
    this.#opts = {
      historyCapacity: options.historyCapacity ?? 1024,
      watcherBufferSize: options.watcherBufferSize ?? 100,
      dispatchSliceSize: Math.max(1, options.dispatchSliceSize ?? 128),
      bookmarkFrequencyMs: options.bookmarkFrequencyMs ?? 60_000,
      blockTimeoutMs: options.blockTimeoutMs ?? 3000,
      relistBackoffMs: options.relistBackoffMs ?? 1000,
      consistentListFromCache: options.consistentListFromCache ?? false,
    };
    this.#cache = new WatchCache(this.#opts.historyCapacity);
    const resource = options.groupResource ?? this.#prefix.slice(this.#prefix.lastIndexOf('/') + 1);
    this.#metrics = options.metrics === undefined ? noCacherMetrics : cacherMetrics(options.metrics, resource, this.#opts.historyCapacity);
    const dispatched = this.#metrics.eventsDispatched;
    this.#dispatcher = new EventDispatcher({ watchers: this.#watchers, sliceSize: this.#opts.dispatchSliceSize, onDispatched: () => dispatched.inc() });
    this.#reflector = new Reflector({
      storage: this.#storage,
      resourcePrefix: this.#prefix,
      keyFunc: this.#keyFunc,
      cache: this.#cache,
      backoffMs: this.#opts.relistBackoffMs,
      onReady: () => this.#setReady(),
      onReset: () => this.#reset(),
      log: options.log ?? logToStderr,
      onEvent: (e) => {
        this.#metrics.eventsReceived.inc();
        this.#dispatcher.enqueue(e);
      },
    });
    void this.#reflector.run();
    const tick = Math.min(1000, this.#opts.bookmarkFrequencyMs);
    this.#timers.push(setInterval(() => this.#bookmarkTick(), tick).unref());
    this.#timers.push(setInterval(() => this.#requestProgress(), 100).unref());
  }

  /** {@inheritDoc StorageInterface.versioner} */
  get versioner(): Versioner {
    return this.#storage.versioner;
  }

  /** Whether the cache has completed its initial list. */
  get ready(): boolean {
    return this.#ready;
  }

  /** The cache's current resource version. */
  get cacheResourceVersion(): number {
    return this.#cache.resourceVersion;
  }

  /** Resolves once the cache is ready; rejects with StorageNotReadyError after `timeoutMs`. */
  waitUntilReady(timeoutMs = this.#opts.blockTimeoutMs): Promise<void> {
    if (this.#ready) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new StorageNotReadyError('watch cache is initializing')), timeoutMs);
      this.#readyWaiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /** Drops cached history up to `rv` (mirrors a storage compaction; watches from older RVs then get 410). */
  compact(rv: number): void {
    this.#cache.compact(rv);
  }

  /** Stops the cache: ends the storage watch, closes client watches, clears timers. */
  stop(): void {
    this.#reflector.stop();
    for (const t of this.#timers) clearInterval(t);
    this.#reset();
  }

  #setReady(): void {
    this.#ready = true;
    this.#metrics.initializations.inc();
    for (const w of this.#readyWaiters.splice(0)) w();
  }

  #reset(): void {
    this.#ready = false;
    this.#dispatcher.clear();
    this.#bookmarkWatchers.clear();
    for (const w of this.#watchers.clear()) w.close();
  }

  #bookmarkTick(): void {
    const now = Date.now();
    const rv = this.#dispatcher.settledResourceVersion(this.#cache.resourceVersion);
    for (const w of this.#bookmarkWatchers) w.maybeBookmark(rv, now);
  }

  #requestProgress(): void {
    if (this.#cache.waiting > 0) this.#storage.requestWatchProgress().catch(() => undefined);
  }

  #inPrefix(key: string): boolean {
    return hasPathPrefix(key, this.#prefix);
  }

  #parseRV(rv: string | undefined): number {
    try {
      return this.versioner.parseResourceVersion(rv);
    } catch (err) {
      throw newBadRequestError(`invalid resource version: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  /** {@inheritDoc StorageInterface.create} */
  create(key: string, obj: StorageObject, opts?: CreateOptions): Promise<StorageObject> {
    return this.#storage.create(key, obj, opts);
  }

  /** {@inheritDoc StorageInterface.delete} */
  delete(key: string, opts: DeleteOptions = {}): Promise<StorageObject> {
    return this.#storage.delete(key, { ...opts, ...this.#suggestion(key) });
  }

  /** {@inheritDoc StorageInterface.guaranteedUpdate} */
  guaranteedUpdate(key: string, tryUpdate: UpdateFunc, opts: GuaranteedUpdateOptions = {}): Promise<StorageObject> {
    return this.#storage.guaranteedUpdate(key, tryUpdate, { ...opts, ...this.#suggestion(key) });
  }

  #suggestion(key: string): { cachedExistingObject?: StorageObject } {
    const cached = this.#ready ? this.#cache.get(key) : undefined;
    // The cached object is frozen; backends copy the suggestion before using it (a mutation would throw).
    return cached === undefined ? {} : { cachedExistingObject: cached };
  }

  /**
   * `get` without a promise when it is delegated to a storage that answers at once (`MaybeSyncGetStorage`): a read
   * without a resourceVersion (or before the cache is ready, or outside its prefix) is the wrapped storage's; reads
   * from the cache go through `get`.
   */
  getMaybeSync(key: string, opts: GetOptions = {}): StorageObject | undefined | Promise<StorageObject | undefined> {
    if (!this.#delegatesGet(key, opts)) return this.get(key, opts);
    const storage = this.#storage;
    return hasMaybeSyncGet(storage) ? storage.getMaybeSync(key, opts) : storage.get(key, opts);
  }

  /** Whether `get` reads the wrapped storage rather than the cache. */
  #delegatesGet(key: string, opts: GetOptions): boolean {
    return (opts.resourceVersion ?? '') === '' || !this.#ready || !this.#inPrefix(key);
  }

  /** {@inheritDoc StorageInterface.get} */
  async get(key: string, opts: GetOptions = {}): Promise<StorageObject | undefined> {
    if (this.#delegatesGet(key, opts)) return this.#storage.get(key, opts);
    validateKey(key);
    await this.#cache.waitUntilFresh(this.#parseRV(opts.resourceVersion), this.#opts.blockTimeoutMs);
    const obj = this.#cache.get(key);
    if (obj !== undefined) return opts.readOnly === true ? obj : deepCopy(obj);
    if (opts.ignoreNotFound === true) return undefined;
    throw newKeyNotFoundError(key, this.#cache.resourceVersion);
  }

  /** {@inheritDoc StorageInterface.getList} */
  async getList(key: string, opts: ListOptions = {}): Promise<ListResult> {
    const rv = opts.resourceVersion ?? '';
    const match = opts.resourceVersionMatch ?? '';
    if (rv === '' && this.#opts.consistentListFromCache && this.#ready && this.#inPrefix(key) && (opts.predicate?.continue ?? '') === '') {
      return this.#consistentList(key, opts);
    }
    const delegate =
      rv === '' ||
      !this.#ready ||
      !this.#inPrefix(key) ||
      (opts.predicate?.continue ?? '') !== '' ||
      (match !== '' && match !== 'NotOlderThan') ||
      (match === '' && rv !== '0' && (opts.predicate?.limit ?? 0) > 0);
    if (delegate) return this.#storage.getList(key, opts);
    validateKey(key);
    await this.#cache.waitUntilFresh(this.#parseRV(rv), this.#opts.blockTimeoutMs);
    return listFromCache(this.#cache, key, opts);
  }

  async #consistentList(key: string, opts: ListOptions): Promise<ListResult> {
    validateKey(key);
    const current = Number(await this.#storage.getCurrentResourceVersion());
    try {
      await this.#cache.waitUntilFresh(current, this.#opts.blockTimeoutMs);
    } catch {
      return this.#storage.getList(key, opts);
    }
    return listFromCache(this.#cache, key, opts);
  }

  /** {@inheritDoc StorageInterface.watch} */
  async watch(key: string, opts: ListOptions = {}): Promise<Watch> {
    validateKey(key);
    if (!this.#inPrefix(key)) throw newBadRequestError(`key ${JSON.stringify(key)} is outside the cached prefix ${this.#prefix}`);
    const rv = this.#parseRV(opts.resourceVersion);
    if (!this.#ready) await this.waitUntilReady().catch(() => Promise.reject(newTooManyRequestsError('storage is (re)initializing')));
    if (opts.signal?.aborted === true) {
      const q = new WatchQueue();
      q.close();
      return q;
    }
    const initial = opts.sendInitialEvents === true || (opts.sendInitialEvents === undefined && rv === 0);
    if (opts.sendInitialEvents !== undefined && (opts.sendInitialEvents || (opts.resourceVersion ?? '') === '')) {
      const required = (opts.resourceVersion ?? '') === '' ? Number(await this.#storage.getCurrentResourceVersion()) : rv;
      await this.#cache.waitUntilFresh(required, this.#opts.blockTimeoutMs);
    }
    const startRv = initial || rv === 0 ? this.#cache.resourceVersion : rv;
    const w = this.#newWatcher(key, opts, startRv);
    if (initial) return this.#startWithState(w, opts);
    try {
      const replay = this.#cache.eventsSince(startRv);
      this.#register(w);
      for (const e of replay) w.dispatch(e);
    } catch (err) {
      w.queue.push(errorEvent(err));
      w.close();
    }
    return w.queue;
  }

  #newWatcher(key: string, opts: ListOptions, startRv: number): CacheWatcher {
    const w: CacheWatcher = new CacheWatcher({
      key: opts.recursive === true ? key.replace(/\/+$/, '') : key,
      recursive: opts.recursive === true,
      predicate: opts.predicate,
      startRv,
      capacity: this.#opts.watcherBufferSize,
      bookmarkFrequencyMs: this.#opts.bookmarkFrequencyMs,
      deadline: opts.deadline,
      onStop: () => {
        this.#watchers.delete(w);
        this.#bookmarkWatchers.delete(w);
      },
      signal: opts.signal,
    });
    return w;
  }

  #register(w: CacheWatcher): void {
    this.#watchers.add(w);
    if (w.wantsBookmarks) this.#bookmarkWatchers.add(w);
  }

  #startWithState(w: CacheWatcher, opts: ListOptions): Watch {
    for (const [k, obj] of this.#cache.sorted()) if (w.matchesKey(k) && w.matches(obj)) w.sendInitial(obj);
    if (opts.sendInitialEvents === true && w.wantsBookmarks) w.sendInitialEventsEnd(this.#cache.resourceVersion);
    this.#register(w);
    return w.queue;
  }

  /** {@inheritDoc StorageInterface.count} */
  count(key: string): Promise<number> {
    return this.#storage.count(key);
  }

  /** Rejects with StorageNotReadyError until the cache is initialized. */
  async readinessCheck(): Promise<void> {
    if (!this.#ready) throw new StorageNotReadyError('watch cache is not initialized');
  }

  /** {@inheritDoc StorageInterface.requestWatchProgress} */
  requestWatchProgress(): Promise<void> {
    return this.#storage.requestWatchProgress();
  }

  /** {@inheritDoc StorageInterface.getCurrentResourceVersion} */
  getCurrentResourceVersion(): Promise<string> {
    return this.#storage.getCurrentResourceVersion();
  }
}
