/**
 * The objects of one resource kept from a list-watch of its storage (what admission and the RBAC authorizer read of a
 * shared informer's store): the current objects, whether the first list has arrived, and a wait for it; consumers
 * rebuild what they derive when {@link InformerCache.generation} changes.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { ListWatcher, type ListWatchSource } from './list-watch.js';
import { ObjectStore } from './object-store.js';

/** Current objects of one storage, kept by list + watch. */
export class InformerCache {
  readonly #watcher: ListWatcher;
  readonly #store = new ObjectStore();
  #synced = false;
  readonly #waiters = new Set<() => void>();
  #abort: AbortController | undefined;
  #loop: Promise<void> | undefined;

  /** Watches `storage`; `onError` hears list and watch failures. */
  constructor(storage: ListWatchSource, onError: (err: unknown) => void) {
    this.#watcher = new ListWatcher(storage, (type, obj) => this.#store.apply(type, obj), {
      onList: (items) => this.#replace(items),
      onError,
    });
  }

  #replace(items: readonly ApiObject[]): void {
    this.#store.replace(items);
    this.#synced = true;
    for (const wake of this.#waiters) wake();
    this.#waiters.clear();
  }

  /** The objects now, in no particular order. */
  objects(): ApiObject[] {
    return this.#store.objects();
  }

  /** Changes with every list and event: what is derived from the objects is stale when it differs. */
  get generation(): number {
    return this.#store.generation;
  }

  /** True once the first list arrived. */
  hasSynced(): boolean {
    return this.#synced;
  }

  /** Resolves true once synced, false after `timeoutMillis`. */
  waitForSync(timeoutMillis: number): Promise<boolean> {
    if (this.#synced) return Promise.resolve(true);
    return new Promise((resolve) => {
      const wake = (): void => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        this.#waiters.delete(wake);
        resolve(false);
      }, timeoutMillis);
      this.#waiters.add(wake);
    });
  }

  /** Starts listing and watching (no-op when running). */
  start(): void {
    if (this.#abort !== undefined) return;
    this.#abort = new AbortController();
    this.#loop = this.#watcher.run(this.#abort.signal);
  }

  /** Stops watching; resolves when the loop has ended. */
  async stop(): Promise<void> {
    this.#abort?.abort();
    await this.#loop;
  }
}
