/**
 * The list-then-watch loop of a shared informer's reflector (client-go `Reflector.ListAndWatch`), reduced to
 * what kube-lite's controllers need: list, hand every object to the handler, watch from the list's
 * resourceVersion, re-list on a resync period or when the watch ends, with a bounded backoff after errors.
 * @module
 */
import type { ApiList, ApiObject, InternalListOptions, RequestContext } from '@apiserver/registry';
import { isGone, isResourceExpired } from '@apiserver/runtime';
import type { Watch } from '@apiserver/storage';
import { isRecord } from '../object-fields.js';
import type { RetryOptions } from './retry-queue.js';

/** What can be listed and watched (a Store, or any Lister + Watcher). */
export interface ListWatchSource {
  /** Lists every object. */
  list(ctx: RequestContext, options?: InternalListOptions): Promise<ApiList>;
  /** Watches from a resourceVersion. */
  watch(ctx: RequestContext, options?: InternalListOptions): Promise<Watch<ApiObject>>;
}

/** How the handler learns about an object: from a (re)list, or a watch event. */
export type ListWatchEventType = 'LISTED' | 'ADDED' | 'MODIFIED' | 'DELETED';

/** Receives each listed object and each watch event. */
export type ListWatchHandler = (type: ListWatchEventType, obj: ApiObject) => void;

/** Options of a ListWatcher. */
export interface ListWatchOptions {
  /** Re-list every this many ms (default 300 000; 0 = only when the watch ends). */
  readonly resyncIntervalMs?: number;
  /** Delay after a failure, doubling up to the maximum (the initial delay also separates re-lists). */
  readonly retry?: RetryOptions;
  /** Called with each list or watch failure; the loop keeps going. */
  readonly onError?: (err: unknown) => void;
  /** Called with every (re)list's items before the handler sees them one by one (caches that replace their content). */
  readonly onList?: (items: readonly ApiObject[]) => void;
}

/** What a controller's options say of its list-watch loops: resync interval, retry backoff, an error callback. */
export interface ControllerLoopOptions {
  /** Re-list every this many ms. */
  readonly resyncIntervalMs?: number;
  /** Backoff of failed syncs and of re-watching. */
  readonly retry?: RetryOptions;
  /** Called with every failure; the loops report theirs with no key. */
  readonly onError?: (err: unknown, key: undefined) => void;
}

/** The ListWatch options of a controller's informers, from the controller's own options. */
export function listWatchOptionsOf(options: ControllerLoopOptions): ListWatchOptions {
  return {
    ...(options.resyncIntervalMs !== undefined && { resyncIntervalMs: options.resyncIntervalMs }),
    ...(options.retry !== undefined && { retry: options.retry }),
    onError: (err: unknown) => options.onError?.(err, undefined),
  };
}

const none: RequestContext = {};

/** Runs list + watch until the signal aborts. */
export class ListWatcher {
  readonly #source: ListWatchSource;
  readonly #handler: ListWatchHandler;
  readonly #o: ListWatchOptions;
  #stopWatch: (() => void) | undefined;

  /** Creates the loop (not started). */
  constructor(source: ListWatchSource, handler: ListWatchHandler, options: ListWatchOptions = {}) {
    this.#source = source;
    this.#handler = handler;
    this.#o = options;
  }

  /** Lists and watches until `signal` aborts; never rejects. */
  async run(signal: AbortSignal): Promise<void> {
    const onAbort = () => this.#stopWatch?.();
    signal.addEventListener('abort', onAbort, { once: true });
    let failures = 0;
    while (!signal.aborted) {
      try {
        const list = await this.#source.list(none, {});
        this.#o.onList?.(list.items);
        for (const item of list.items) this.#handler('LISTED', item);
        failures = 0;
        await this.#watchFrom(list.metadata.resourceVersion, signal, Date.now());
      } catch (err) {
        if (signal.aborted) break;
        // A watch from a resourceVersion the watch cache or etcd no longer has: re-list, as client-go's reflector
        // does (it logs that at -v=4), rather than report a failure and back off.
        if (!isExpired(err)) {
          this.#o.onError?.(err);
          failures += 1;
        }
      }
      // Even a watch that ended cleanly waits the initial delay before re-listing, so a backend that ends
      // every watch at once cannot turn this loop into a busy one.
      await sleep(backoff(failures, this.#o.retry), signal);
    }
    signal.removeEventListener('abort', onAbort);
  }

  async #watchFrom(rv: string | undefined, signal: AbortSignal, listedAt: number): Promise<void> {
    const watch = await this.#source.watch(none, rv === undefined ? {} : { resourceVersion: rv });
    this.#stopWatch = () => watch.stop();
    const resync = this.#o.resyncIntervalMs ?? 300_000;
    const timer = resync > 0 ? setTimeout(() => watch.stop(), Math.max(0, listedAt + resync - Date.now())) : undefined;
    try {
      if (signal.aborted) return;
      for await (const event of watch) {
        if (event.type === 'ERROR') {
          // Expired (410): the window moved on; return to re-list (see run).
          if (isRecord(event.object) && event.object.code === 410) return;
          throw new Error(`watch failed: ${isRecord(event.object) ? String(event.object.message) : ''}`);
        }
        if (event.type !== 'BOOKMARK') this.#handler(event.type, event.object);
      }
    } finally {
      clearTimeout(timer);
      watch.stop();
      this.#stopWatch = undefined;
    }
  }
}

/** A 410 (Expired or Gone): the resourceVersion asked for is compacted or older than the watch cache's window. */
function isExpired(err: unknown): boolean {
  return isResourceExpired(err) || isGone(err);
}

function backoff(failures: number, retry: RetryOptions | undefined): number {
  const initial = retry?.initialDelayMs ?? 50;
  if (failures === 0) return initial;
  return Math.min(retry?.maxDelayMs ?? 5000, initial * 2 ** (failures - 1));
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
