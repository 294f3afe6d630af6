/**
 * A list-and-watch cache of CRDs (the shared informer the apiextensions controllers use): lists the
 * CRD store, watches from the list's resourceVersion, relists after a watch ends, and calls
 * `onChange` after every change.
 *
 * @module
 */
import type { ApiObject, Lister, RequestContext, Watcher } from '@apiserver/registry';
import type { CustomResourceDefinition } from '../apis/types.js';

/** Keeps the current CRDs. */
export class CRDInformer {
  readonly #source: Lister & Watcher;
  readonly #onChange: () => void;
  readonly #log: (message: string) => void;
  #items = new Map<string, CustomResourceDefinition>();
  #synced = false;

  /** Informs `onChange` of changes of the CRDs in `source`. */
  constructor(source: Lister & Watcher, onChange: () => void, log: (message: string) => void) {
    this.#source = source;
    this.#onChange = onChange;
    this.#log = log;
  }

  /** The CRDs, sorted by name. */
  list(): CustomResourceDefinition[] {
    return [...this.#items.values()].sort((a, b) => (a.metadata.name ?? '').localeCompare(b.metadata.name ?? ''));
  }

  /** Whether the first list completed. */
  get hasSynced(): boolean {
    return this.#synced;
  }

  /** Lists and watches until `signal` aborts; resolves once the first list is in the cache (the loop continues). */
  async start(signal: AbortSignal): Promise<void> {
    const ctx: RequestContext = { signal };
    let first = true;
    const firstSync = new Promise<void>((resolve) => {
      const loop = async (): Promise<void> => {
        while (!signal.aborted) {
          try {
            const rv = await this.#relist(ctx);
            if (first) {
              first = false;
              resolve();
            }
            await this.#watch(ctx, rv, signal);
          } catch (err) {
            if (!signal.aborted) this.#log(`apiextensions: CRD watch failed: ${err instanceof Error ? err.message : String(err)}`);
          }
          if (!signal.aborted) await new Promise((r) => setTimeout(r, 1000));
        }
      };
      void loop();
    });
    await firstSync;
  }

  async #relist(ctx: RequestContext): Promise<string | undefined> {
    const list = await this.#source.list(ctx);
    this.#items = new Map(list.items.map((o: ApiObject) => [o.metadata.name ?? '', o as CustomResourceDefinition]));
    this.#synced = true;
    this.#onChange();
    return list.metadata.resourceVersion;
  }

  async #watch(ctx: RequestContext, rv: string | undefined, signal: AbortSignal): Promise<void> {
    const watch = await this.#source.watch(ctx, rv === undefined ? {} : { resourceVersion: rv });
    const stop = (): void => watch.stop();
    signal.addEventListener('abort', stop, { once: true });
    try {
      for await (const event of watch) {
        if (event.type === 'ERROR') return;
        if (event.type === 'BOOKMARK') continue;
        const crd = event.object as CustomResourceDefinition;
        if (event.type === 'DELETED') this.#items.delete(crd.metadata.name ?? '');
        else this.#items.set(crd.metadata.name ?? '', crd);
        this.#onChange();
      }
    } finally {
      signal.removeEventListener('abort', stop);
    }
  }
}
