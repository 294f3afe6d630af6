/**
 * The namespace controller (pkg/controller/namespace `NamespaceController`): lists and watches namespaces,
 * queues every one with a deletionTimestamp and runs the NamespacedResourcesDeleter on it, retrying with a
 * bounded backoff; a periodic resync re-lists so nothing is missed after a dropped watch or a dropped key.
 * @module
 */
import type { Lister, Watcher } from '@apiserver/registry';
import { ControllerRun, RunController } from '../controller-run.js';
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
export class NamespaceController extends RunController {
  readonly #queue: RetryQueue;
  protected readonly run: ControllerRun;

  /** Creates a stopped controller. */
  constructor(options: NamespaceControllerOptions) {
    super();
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
    this.run = new ControllerRun([informer], [this.#queue]);
  }

  /** Queues one namespace now (what a namespace store's delete hook may call). */
  enqueue(name: string): void {
    this.#queue.add(name);
  }
}
