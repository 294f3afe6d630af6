/**
 * The webhook source over the stored Mutating/ValidatingWebhookConfigurations (upstream's configuration managers
 * over a shared informer): lists and watches the storage, so a configuration applied with kubectl takes effect on
 * the next request; requests wait for the first list.
 * @module
 */
import type { WebhookAccessor, WebhookConfiguration, WebhookSource, WebhookSpec } from '@apiserver/registry';
import { webhookAccessors } from '@apiserver/registry';
import type { ListWatchSource } from '../controllers/list-watch.js';
import { InformerCache } from '../controllers/informer-cache.js';

/** Keeps the current configurations of one kind from a list-watch of their storage. */
export class WebhookConfigurationSource<W extends WebhookSpec> implements WebhookSource<W> {
  readonly #cache: InformerCache;
  #accessors: readonly WebhookAccessor<W>[] = [];
  #generation = -1;

  /** Watches `storage` (a Store of webhook configurations); `onError` hears list and watch failures. */
  constructor(storage: ListWatchSource, onError: (err: unknown) => void) {
    this.#cache = new InformerCache(storage, onError);
  }

  /** The webhooks of every configuration, configurations by name. */
  webhooks(): readonly WebhookAccessor<W>[] {
    if (this.#generation !== this.#cache.generation) {
      this.#accessors = webhookAccessors(this.#cache.objects() as unknown as WebhookConfiguration<W>[]);
      this.#generation = this.#cache.generation;
    }
    return this.#accessors;
  }

  /** True once the first list arrived. */
  hasSynced(): boolean {
    return this.#cache.hasSynced();
  }

  /** Resolves true once synced, false after `timeoutMillis`. */
  waitForSync(timeoutMillis: number): Promise<boolean> {
    return this.#cache.waitForSync(timeoutMillis);
  }

  /** Starts listing and watching (no-op when running). */
  start(): void {
    this.#cache.start();
  }

  /** Stops watching; resolves when the loop has ended. */
  async stop(): Promise<void> {
    await this.#cache.stop();
  }
}
