/**
 * Where the webhook plugins get the current configurations from (upstream `Source`): kube-lite's implementation
 * watches the configurations' storage, so a change applies to the next request without a restart.
 * @module
 */
import type { WebhookAccessor } from './accessors.js';
import type { WebhookSpec } from './types.js';

/** The current webhooks of one kind (mutating or validating). */
export interface WebhookSource<W extends WebhookSpec = WebhookSpec> {
  /** The webhooks now, in calling order. */
  webhooks(): readonly WebhookAccessor<W>[];
  /** True once the first list has arrived. */
  hasSynced(): boolean;
  /** Resolves true once synced, false if `timeoutMillis` passes first. */
  waitForSync(timeoutMillis: number): Promise<boolean>;
}

/** A fixed set of webhooks, always synced (tests, static setups). */
export function staticWebhookSource<W extends WebhookSpec>(webhooks: readonly WebhookAccessor<W>[]): WebhookSource<W> {
  return { webhooks: () => webhooks, hasSynced: () => true, waitForSync: async () => true };
}
