/**
 * The webhook source over the stored Mutating/ValidatingWebhookConfigurations (upstream's configuration managers
 * over a shared informer): lists and watches the storage, so a configuration applied with kubectl takes effect on
 * the next request; requests wait for the first list.
 * @module
 */
import type { ApiObject, WebhookAccessor, WebhookConfiguration, WebhookSource, WebhookSpec } from '@apiserver/registry';
import { webhookAccessors } from '@apiserver/registry';
import { ListWatcher, type ListWatchSource } from '../controllers/list-watch.js';

/** Keeps the current configurations of one kind from a list-watch of their storage. */
export class WebhookConfigurationSource<W extends WebhookSpec> implements WebhookSource<W> {
  readonly #watcher: ListWatcher;
  #configurations = new Map<string, WebhookConfiguration<W>>();
  #accessors: readonly WebhookAccessor<W>[] | undefined;
  #synced = false;
  readonly #waiters = new Set<() => void>();
  #abort: AbortController | undefined;
  #loop: Promise<void> | undefined;

  /** Watches `storage` (a Store of webhook configurations); `onError` hears list and watch failures. */
  constructor(storage: ListWatchSource, onError: (err: unknown) => void) {
    this.#watcher = new ListWatcher(storage, (type, obj) => this.#apply(type, obj), {
      onList: (items) => this.#replace(items),
      onError,
    });
  }

  #replace(items: readonly ApiObject[]): void {
    this.#configurations = new Map(items.map((c) => [c.metadata.name ?? '', c as unknown as WebhookConfiguration<W>]));
    this.#accessors = undefined;
    this.#synced = true;
    for (const wake of this.#waiters) wake();
    this.#waiters.clear();
  }

  #apply(type: string, obj: ApiObject): void {
    if (type === 'LISTED') return;
    const name = obj.metadata.name ?? '';
    if (type === 'DELETED') this.#configurations.delete(name);
    else this.#configurations.set(name, obj as unknown as WebhookConfiguration<W>);
    this.#accessors = undefined;
  }

  /** The webhooks of every configuration, configurations by name. */
  webhooks(): readonly WebhookAccessor<W>[] {
    this.#accessors ??= webhookAccessors([...this.#configurations.values()]);
    return this.#accessors;
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
