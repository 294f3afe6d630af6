/**
 * The `ValidatingAdmissionWebhook` admission plugin: calls the validating webhooks of the current
 * ValidatingWebhookConfigurations, in parallel, on the final object.
 * @module
 */
import type { RequestContext } from '../../../rest/types.js';
import type { Attributes, Operation, ValidationInterface } from '../../interfaces.js';
import type { ValidatingWebhookSpec } from './types.js';
import { dispatchValidating } from './validating-dispatcher.js';
import { Webhook, type WebhookPluginOptions } from './webhook.js';

/** The plugin's name. */
export const VALIDATING_WEBHOOK_PLUGIN_NAME = 'ValidatingAdmissionWebhook';

/** Calls validating admission webhooks. */
export class ValidatingAdmissionWebhook implements ValidationInterface {
  /** The plugin's name, which the admission chain's per-plugin metrics carry. */
  readonly name = VALIDATING_WEBHOOK_PLUGIN_NAME;
  readonly #webhook: Webhook<ValidatingWebhookSpec>;

  /** Creates the plugin over a webhook source. */
  constructor(options: WebhookPluginOptions<ValidatingWebhookSpec>) {
    this.#webhook = new Webhook(options);
  }

  /** Every operation. */
  handles(operation: Operation): boolean {
    return this.#webhook.handles(operation);
  }

  /** Runs the webhooks; throws the StatusError that fails the request. */
  async validate(ctx: RequestContext, attributes: Attributes): Promise<void> {
    const hooks = await this.#webhook.hooksFor(attributes);
    if (!Array.isArray(hooks)) throw hooks;
    if (hooks.length === 0) return;
    await dispatchValidating(this.#webhook, ctx, attributes, hooks);
  }
}
