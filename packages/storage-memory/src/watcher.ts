/**
 * Watches: replay from the MVCC event log (or an initial list), then the live tail (etcd3 `watcher.go`).
 * @module
 */
import {
  errorEvent,
  expiredWatchMessage,
  isPredicateEmpty,
  type ListOptions,
  newBookmarkObject,
  newResourceExpiredError,
  newTooLargeResourceVersionError,
  predicateMatches,
  type StorageObject,
  type Watch,
  type WatchEvent,
  WatchQueue,
} from '@apiserver/storage';
import { CompactedError } from './mvcc/errors.js';
import { prefixRangeEnd } from './mvcc/key-index.js';
import type { KeyValue, MvccEvent } from './mvcc/key-value.js';
import { decodeAt, decodeKeyValue, type StorageContext } from './object-state.js';
import { type CommitSource, WatchFanout, type WatchSubscription } from './watch-fanout.js';

/** A unit of work for a watch's pump: a change, an initial object, or a bookmark at a revision. */
type Pending =
  | { readonly kind: 'event'; readonly event: MvccEvent }
  | { readonly kind: 'initial'; readonly kv: KeyValue }
  | { readonly kind: 'bookmark'; readonly revision: number; readonly initialEnd: boolean }
  | { readonly kind: 'error'; readonly error: unknown };

/** Live watches of one backend, so `requestWatchProgress` can reach the ones that asked for progress. */
export class WatchRegistry {
  readonly #progress = new Set<(revision: number) => void>();
  readonly #live = new Set<() => void>();
  readonly #fanout = new WatchFanout();
  /** Most events a watch may hold unread before it is ended (0 = unbounded). */
  readonly bufferLimit: number;

  /** Creates a registry whose watches buffer at most `bufferLimit` unread events (0 = unbounded). */
  constructor(bufferLimit = 0) {
    this.bufferLimit = bufferLimit;
  }

  /** Subscribes a watch to the commits of its key range (an index lookup per commit, not a call per watch). */
  subscribe(source: CommitSource, sub: WatchSubscription): () => void {
    return this.#fanout.subscribe(source, sub);
  }

  /** Registers a progress callback; returns the unregister function. */
  onProgress(fn: (revision: number) => void): () => void {
    this.#progress.add(fn);
    return () => this.#progress.delete(fn);
  }

  /** Sends a progress bookmark at `revision` to every progressNotify watch. */
  notifyProgress(revision: number): void {
    for (const fn of this.#progress) fn(revision);
  }

  /** Registers the function that ends a live watch; returns the unregister function. */
  track(end: () => void): () => void {
    this.#live.add(end);
    return () => this.#live.delete(end);
  }

  /** Ends every live watch (their buffered events stay readable), e.g. when the backend closes. */
  endAll(): void {
    for (const end of [...this.#live]) end();
  }
}

/** Starts a watch of `key` (exact, or the `key/` prefix when recursive) per the storage watch rules. */
export function startWatch<T extends StorageObject>(
  ctx: StorageContext<T>,
  registry: WatchRegistry,
  key: string,
  opts: ListOptions<T>,
): Watch<T> {
  const rv = ctx.versioner.parseResourceVersion(opts.resourceVersion);
  const recursive = opts.recursive === true;
  const prefix = recursive && !key.endsWith('/') ? `${key}/` : key;
  const inScope = recursive ? (k: string) => k.startsWith(prefix) : (k: string) => k === prefix;
  const pump = new WatchPump(ctx, opts, registry.bufferLimit);
  const queue = pump.queue;
  if (opts.signal?.aborted === true) {
    queue.close();
    return queue;
  }
  // Everything below up to the first await runs synchronously: no commit can slip between the
  // initial read (or replay) and the subscription.
  // A watch from a future RV (legacy rules allow it) starts with the first revision after it, as etcd does.
  const unsubscribe = registry.subscribe(ctx.mvcc, { key: prefix, prefix: recursive, afterRevision: rv, deliver: (event) => pump.enqueue({ kind: 'event', event }) });
  const unprogress = opts.progressNotify === true ? registry.onProgress((r) => pump.enqueue({ kind: 'bookmark', revision: r, initialEnd: false })) : () => {};
  const onAbort = () => queue.stop();
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  const untrack = registry.track(() => pump.end());
  pump.onFinish(() => {
    untrack();
    unsubscribe();
    unprogress();
    opts.signal?.removeEventListener('abort', onAbort);
  });
  const initial = opts.sendInitialEvents === true || (opts.sendInitialEvents === undefined && rv === 0);
  const backlog: Pending[] = [];
  try {
    if (initial) {
      if (rv > ctx.mvcc.currentRevision) throw newTooLargeResourceVersionError(rv, ctx.mvcc.currentRevision, 1);
      const kvs = recursive ? ctx.mvcc.range(prefix, prefixRangeEnd(prefix)).kvs : [ctx.mvcc.get(prefix)].filter((kv) => kv !== undefined);
      for (const kv of kvs) backlog.push({ kind: 'initial', kv });
      if (opts.sendInitialEvents === true && opts.predicate?.allowWatchBookmarks === true) {
        backlog.push({ kind: 'bookmark', revision: ctx.mvcc.currentRevision, initialEnd: true });
      }
    } else if (rv > 0) {
      for (const event of ctx.mvcc.eventsAfter(rv)) if (inScope(event.kv.key)) backlog.push({ kind: 'event', event });
    }
  } catch (err) {
    backlog.length = 0;
    backlog.push({ kind: 'error', error: err instanceof CompactedError ? newResourceExpiredError(expiredWatchMessage) : err });
  }
  pump.start(backlog);
  return queue;
}

/** Decodes and filters pending work in order and feeds the consumer's queue. */
class WatchPump<T extends StorageObject> {
  readonly queue: WatchQueue<T>;
  readonly #ctx: StorageContext<T>;
  readonly #opts: ListOptions<T>;
  #pending: Pending[] = [];
  #started = false;
  #running = false;
  #finish: (() => void) | undefined;

  constructor(ctx: StorageContext<T>, opts: ListOptions<T>, bufferLimit: number) {
    this.#ctx = ctx;
    this.#opts = opts;
    const capacity = bufferLimit > 0 ? bufferLimit : Number.POSITIVE_INFINITY;
    this.queue = new WatchQueue<T>({ capacity, onStop: () => this.#finished() });
  }

  /** Sets the cleanup run once when the watch ends. */
  onFinish(fn: () => void): void {
    this.#finish = fn;
  }

  /** Queues work; it runs after everything queued before it. */
  enqueue(item: Pending): void {
    if (this.queue.closed) return;
    this.#pending.push(item);
    if (this.#started) this.#kick();
  }

  /** Runs the backlog (initial events or replay) ahead of live events received meanwhile. */
  start(backlog: Pending[]): void {
    this.#pending = [...backlog, ...this.#pending];
    this.#started = true;
    this.#kick();
  }

  #kick(): void {
    if (this.#running) return;
    this.#running = true;
    void this.#drain();
  }

  async #drain(): Promise<void> {
    while (!this.queue.closed) {
      const item = this.#pending.shift();
      if (item === undefined) break;
      let event: WatchEvent<T> | undefined;
      try {
        event = await this.#convert(item);
      } catch (err) {
        event = errorEvent(err);
      }
      if (event === undefined) continue;
      // A consumer this far behind is cut off (like the cacher's slow watchers); it re-watches from its last RV.
      // An error also ends the watch: nothing after it could be trusted to be complete.
      if (!this.queue.push(event) || event.type === 'ERROR') this.end();
    }
    this.#running = false;
  }

  async #convert(item: Pending): Promise<WatchEvent<T> | undefined> {
    const pred = this.#opts.predicate;
    switch (item.kind) {
      case 'error':
        return errorEvent(item.error);
      case 'bookmark':
        return { type: 'BOOKMARK', object: newBookmarkObject(item.revision, item.initialEnd) };
      case 'initial': {
        const { obj } = await decodeKeyValue(this.#ctx, item.kv);
        return obj !== undefined && predicateMatches(pred, obj) ? { type: 'ADDED', object: obj } : undefined;
      }
      case 'event':
        return this.#convertChange(item.event);
    }
  }

  async #convertChange(e: MvccEvent): Promise<WatchEvent<T> | undefined> {
    const pred = this.#opts.predicate;
    const rev = e.kv.modRevision;
    const needPrev = e.type === 'delete' || !isPredicateEmpty(pred);
    const prev = needPrev && e.prevKv !== undefined ? await this.#decodePrev(e.prevKv, rev) : undefined;
    if (e.type === 'delete') {
      return prev !== undefined && predicateMatches(pred, prev) ? { type: 'DELETED', object: prev } : undefined;
    }
    const { obj: cur } = await decodeKeyValue(this.#ctx, e.kv);
    if (cur === undefined) return undefined;
    const curMatches = predicateMatches(pred, cur);
    if (e.prevKv === undefined) return curMatches ? { type: 'ADDED', object: cur } : undefined;
    const prevMatches = prev === undefined ? !needPrev : predicateMatches(pred, prev);
    if (curMatches && prevMatches) return { type: 'MODIFIED', object: cur };
    if (curMatches) return { type: 'ADDED', object: cur };
    if (prevMatches && prev !== undefined) return { type: 'DELETED', object: prev };
    return undefined;
  }

  /** The previous object, carrying the event's revision (as upstream does for DELETED and filtered MODIFIED). */
  async #decodePrev(kv: KeyValue, rev: number): Promise<T | undefined> {
    const { data } = await decodeKeyValue(this.#ctx, kv);
    return decodeAt(this.#ctx, data, rev);
  }

  /** Ends the watch from the producer side: no more events; buffered ones stay readable. */
  end(): void {
    this.queue.close();
    this.#finished();
  }

  #finished(): void {
    const fn = this.#finish;
    this.#finish = undefined;
    this.#pending = [];
    fn?.();
  }
}
