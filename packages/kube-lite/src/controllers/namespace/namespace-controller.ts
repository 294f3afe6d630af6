/**
 * The namespace controller (pkg/controller/namespace `NamespaceController`): lists and watches namespaces,
 * queues every one with a deletionTimestamp and runs the NamespacedResourcesDeleter on it, retrying with a
 * bounded backoff; a periodic resync re-lists so nothing is missed after a dropped watch or a dropped key.
 * @module
 */
import type { Lister, Watcher } from '@apiserver/registry';
import { ControllerRun } from '../controller-run.js';
import { ListWatcher, listWatchOptionsOf } from '../list-watch.js';
import { type RetryOptions, RetryQueue } from '../retry-queue.js';
import {
  type DeletionOutcome,
  type NamespaceClient,
  NamespacedResourcesDeleter,
  type NamespacedResourcesDeleterOptions,
} from './namespaced-resources-deleter.js';

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

/** Removes the content of deleted namespaces and finalizes them; `start()` / `stop()`. */
export class NamespaceController {
  readonly #queue: RetryQueue;
  readonly #run: ControllerRun;

  /** Creates a stopped controller. */
  constructor(options: NamespaceControllerOptions) {
    const deleter = new NamespacedResourcesDeleter(options);
    this.#queue = new RetryQueue(
      async (name) => {
        const outcome = await deleter.delete(name);
        options.onProcessed?.(name, outcome);
      },
      (name, err) => options.onError?.(err, name),
      options.retry,
    );
    const informer = new ListWatcher(
      options.namespaces,
      (type, ns) => {
        if (type !== 'DELETED' && ns.metadata.deletionTimestamp !== undefined) this.#queue.add(ns.metadata.name ?? '');
      },
      listWatchOptionsOf(options),
    );
    this.#run = new ControllerRun([informer], [this.#queue]);
  }

  /** Starts listing and watching; `signal` aborting stops the controller. Calling it twice is a no-op. */
  start(signal?: AbortSignal): void {
    this.#run.start(signal);
  }

  /** Queues one namespace now (what a namespace store's delete hook may call). */
  enqueue(name: string): void {
    this.#queue.add(name);
  }

  /** Stops watching and retrying; resolves when the running pass (if any) is over. */
  stop(): Promise<void> {
    return this.#run.stop();
  }
}
