/**
 * The objects of one resource kept from a list-watch of its storage (what admission reads of a shared informer's
 * store): the current objects by name, whether the first list has arrived, and a wait for it; consumers rebuild
 * what they derive when {@link InformerCache.generation} changes.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { ListWatcher, type ListWatchSource } from '../controllers/list-watch.js';

/** Current objects of one storage, kept by list + watch. */
export class InformerCache {
  readonly #watcher: ListWatcher;
  #objects = new Map<string, ApiObject>();
  #generation = 0;
  #synced = false;
  readonly #waiters = new Set<() => void>();
  #abort: AbortController | undefined;
  #loop: Promise<void> | undefined;

  /** Watches `storage`; `onError` hears list and watch failures. */
  constructor(storage: ListWatchSource, onError: (err: unknown) => void) {
    this.#watcher = new ListWatcher(storage, (type, obj) => this.#apply(type, obj), {
      onList: (items) => this.#replace(items),
      onError,
    });
  }

  #replace(items: readonly ApiObject[]): void {
    this.#objects = new Map(items.map((o) => [o.metadata.name ?? '', o]));
    this.#generation++;
    this.#synced = true;
    for (const wake of this.#waiters) wake();
    this.#waiters.clear();
  }

  #apply(type: string, obj: ApiObject): void {
    if (type === 'LISTED') return;
    const name = obj.metadata.name ?? '';
    if (type === 'DELETED') this.#objects.delete(name);
    else this.#objects.set(name, obj);
    this.#generation++;
  }

  /** The objects now, in no particular order. */
  objects(): ApiObject[] {
    return [...this.#objects.values()];
  }

  /** Changes with every list and event: what is derived from the objects is stale when it differs. */
  get generation(): number {
    return this.#generation;
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
