/**
 * The namespace controller (pkg/controller/namespace `NamespaceController`): lists and watches namespaces,
 * queues every one with a deletionTimestamp and runs the NamespacedResourcesDeleter on it, retrying with a
 * bounded backoff; a periodic resync re-lists so nothing is missed after a dropped watch or a dropped key.
 * @module
 */
import type { ApiObject, Lister, RequestContext, Watcher } from '@apiserver/registry';
import { isRecord } from '../../printers/fields.js';
import {
  type DeletionOutcome,
  type NamespaceClient,
  NamespacedResourcesDeleter,
  type NamespacedResourcesDeleterOptions,
} from './namespaced-resources-deleter.js';
import { type RetryOptions, RetryQueue } from './retry-queue.js';

/** Options of the NamespaceController. */
export interface NamespaceControllerOptions extends Omit<NamespacedResourcesDeleterOptions, 'namespaces'> {
  /** The `namespaces` resource: read, list, watch, update and delete. */
  readonly namespaces: NamespaceClient & Lister & Watcher;
  /** Re-list every this many ms (default 300 000, upstream's resync period; 0 = never). */
  readonly resyncIntervalMs?: number;
  /** Backoff of failed passes, and of re-watching after the watch ends. */
  readonly retry?: RetryOptions;
  /** Called with every failed pass or watch error (default: ignored; the controller keeps running). */
  readonly onError?: (err: unknown, namespace: string | undefined) => void;
  /** Called after each successful pass (tests, metrics). */
  readonly onProcessed?: (namespace: string, outcome: DeletionOutcome) => void;
}

const none: RequestContext = {};

function isTerminating(obj: ApiObject): boolean {
  return obj.metadata.deletionTimestamp !== undefined;
}

/** Removes the content of deleted namespaces and finalizes them; `start()` / `stop()`. */
export class NamespaceController {
  readonly #o: NamespaceControllerOptions;
  readonly #deleter: NamespacedResourcesDeleter;
  readonly #queue: RetryQueue;
  #abort: AbortController | undefined;
  #loop: Promise<void> | undefined;
  #stopWatch: (() => void) | undefined;

  /** Creates a stopped controller. */
  constructor(options: NamespaceControllerOptions) {
    this.#o = options;
    this.#deleter = new NamespacedResourcesDeleter(options);
    this.#queue = new RetryQueue(
      async (name) => {
        const outcome = await this.#deleter.delete(name);
        options.onProcessed?.(name, outcome);
      },
      (name, err) => options.onError?.(err, name),
      options.retry,
    );
  }

  /** Starts listing and watching; `signal` aborting stops the controller. Calling it twice is a no-op. */
  start(signal?: AbortSignal): void {
    if (this.#abort !== undefined) return;
    const abort = new AbortController();
    this.#abort = abort;
    signal?.addEventListener('abort', () => void this.stop(), { once: true });
    if (signal?.aborted === true) {
      void this.stop();
      return;
    }
    this.#loop = this.#run(abort.signal);
  }

  /** Queues one namespace now (what a namespace store's delete hook may call). */
  enqueue(name: string): void {
    this.#queue.add(name);
  }

  /** Stops watching and retrying; resolves when the running pass (if any) is over. */
  async stop(): Promise<void> {
    const abort = this.#abort;
    if (abort === undefined) return;
    abort.abort();
    this.#stopWatch?.();
    await this.#loop;
    await this.#queue.close();
  }

  async #run(signal: AbortSignal): Promise<void> {
    let failures = 0;
    let lastList = 0;
    while (!signal.aborted) {
      try {
        const rv = await this.#listAll();
        lastList = Date.now();
        failures = 0;
        await this.#watchFrom(rv, signal, lastList);
      } catch (err) {
        if (signal.aborted) return;
        this.#o.onError?.(err, undefined);
        failures += 1;
      }
      // Even a watch that ended cleanly waits the initial delay before re-listing, so a backend that ends
      // every watch at once cannot turn this loop into a busy one.
      await sleep(backoff(failures, this.#o.retry), signal);
    }
  }

  async #listAll(): Promise<string | undefined> {
    const list = await this.#o.namespaces.list(none, {});
    for (const ns of list.items) if (isTerminating(ns)) this.#queue.add(ns.metadata.name ?? '');
    return list.metadata.resourceVersion;
  }

  async #watchFrom(rv: string | undefined, signal: AbortSignal, listedAt: number): Promise<void> {
    const watch = await this.#o.namespaces.watch(none, rv === undefined ? {} : { resourceVersion: rv });
    this.#stopWatch = () => watch.stop();
    const resync = this.#o.resyncIntervalMs ?? 300_000;
    const timer = resync > 0 ? setTimeout(() => watch.stop(), Math.max(0, listedAt + resync - Date.now())) : undefined;
    try {
      if (signal.aborted) return;
      for await (const event of watch) {
        if (event.type === 'ERROR') throw new Error(`namespace watch failed: ${isRecord(event.object) ? String(event.object.message) : ''}`);
        if ((event.type === 'ADDED' || event.type === 'MODIFIED') && isTerminating(event.object)) {
          this.#queue.add(event.object.metadata.name ?? '');
        }
      }
    } finally {
      clearTimeout(timer);
      watch.stop();
      this.#stopWatch = undefined;
    }
  }
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
