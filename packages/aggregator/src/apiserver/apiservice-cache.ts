/**
 * An in-memory view of the stored APIServices kept current by list + watch on the Store (the aggregator's
 * APIService informer and lister): the proxy, discovery and controllers read it instead of storage.
 * @module
 */
import type { ApiObject, Lister, RequestContext, Watcher } from '@apiserver/registry';
import { apiServiceOf } from '../apis/apiregistration/v1/helpers.js';
import type { APIService } from '../apis/apiregistration/v1/types.js';

/** Called after the view changed: the APIService as it is now, or undefined once deleted. */
export type APIServiceListener = (name: string, apiService: APIService | undefined) => void;

/** What the cache needs of the APIService Store. */
export type APIServiceSource = Lister & Watcher;

const RELIST_DELAY_MS = 200;

/** The APIServices, by name. */
export class APIServiceCache {
  readonly #source: APIServiceSource;
  readonly #items = new Map<string, APIService>();
  readonly #listeners = new Set<APIServiceListener>();
  readonly #log: (message: string) => void;
  #stopped = false;
  #stop: (() => void) | undefined;
  #synced: Promise<void> | undefined;

  /** Creates an unstarted cache over `source`. */
  constructor(source: APIServiceSource, log: (message: string) => void = () => undefined) {
    this.#source = source;
    this.#log = log;
  }

  /** Lists, then keeps watching until {@link APIServiceCache.stop}; resolves after the first list. */
  start(): Promise<void> {
    this.#synced ??= new Promise<void>((resolve) => {
      void this.#run(resolve);
    });
    return this.#synced;
  }

  /** Resolves once the first list was applied (starting the cache if needed). */
  hasSynced(): Promise<void> {
    return this.start();
  }

  /** Stops watching. */
  stop(): void {
    this.#stopped = true;
    this.#stop?.();
  }

  /** Registers a change listener; returns a function removing it. */
  onChange(listener: APIServiceListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** One APIService. */
  get(name: string): APIService | undefined {
    return this.#items.get(name);
  }

  /** Every APIService, by name. */
  list(): APIService[] {
    return [...this.#items.values()].sort((a, b) => ((a.metadata?.name ?? '') < (b.metadata?.name ?? '') ? -1 : 1));
  }

  async #run(synced: () => void): Promise<void> {
    const ctx: RequestContext = {};
    while (!this.#stopped) {
      try {
        const list = await this.#source.list(ctx);
        this.#replace(list.items);
        synced();
        const watch = await this.#source.watch(ctx, { resourceVersion: list.metadata.resourceVersion ?? '0' });
        this.#stop = () => watch.stop();
        if (this.#stopped) watch.stop();
        for await (const event of watch) {
          if (event.type === 'ADDED' || event.type === 'MODIFIED') this.#set(event.object);
          else if (event.type === 'DELETED') this.#delete(event.object.metadata.name ?? '');
          else if (event.type === 'ERROR') break;
        }
      } catch (err) {
        if (!this.#stopped) this.#log(`APIService watch failed: ${String(err)}`);
      }
      if (!this.#stopped) await new Promise((r) => setTimeout(r, RELIST_DELAY_MS));
    }
    synced();
  }

  #replace(items: readonly ApiObject[]): void {
    const seen = new Set<string>();
    for (const item of items) {
      seen.add(item.metadata.name ?? '');
      this.#set(item);
    }
    for (const name of [...this.#items.keys()]) if (!seen.has(name)) this.#delete(name);
  }

  #set(obj: ApiObject): void {
    const name = obj.metadata.name ?? '';
    const apiService = apiServiceOf(obj);
    this.#items.set(name, apiService);
    this.#notify(name, apiService);
  }

  #delete(name: string): void {
    if (!this.#items.delete(name)) return;
    this.#notify(name, undefined);
  }

  #notify(name: string, apiService: APIService | undefined): void {
    for (const listener of this.#listeners) {
      try {
        listener(name, apiService);
      } catch (err) {
        this.#log(`APIService listener failed: ${String(err)}`);
      }
    }
  }
}
