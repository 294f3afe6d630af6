/**
 * The `MutatingAdmissionWebhook` admission plugin: calls the mutating webhooks of the current
 * MutatingWebhookConfigurations in order, applies their JSON patches to the object, and runs the `IfNeeded`
 * webhooks a second time when a later webhook changed the object (upstream's single reinvocation round; kube-lite's
 * built-in mutating plugins do not change objects, so they are not re-run in between).
 * @module
 */
import type { ApiObject, RequestContext } from '../../../rest/types.js';
import type { Attributes, MutationInterface, Operation } from '../../interfaces.js';
import { dispatchMutating, type JSONPatcher } from './mutating-dispatcher.js';
import { WebhookReinvokeContext } from './reinvocation-context.js';
import type { MutatingWebhookSpec } from './types.js';
import { Webhook, type WebhookPluginOptions } from './webhook.js';

/** The plugin's name. */
export const MUTATING_WEBHOOK_PLUGIN_NAME = 'MutatingAdmissionWebhook';

/** Options of {@link MutatingAdmissionWebhook}. */
export interface MutatingWebhookOptions extends WebhookPluginOptions<MutatingWebhookSpec> {
  /** Applies the webhooks' JSON patches. */
  readonly jsonPatch: JSONPatcher;
  /**
   * Defaults each patched object in place, as upstream's dispatcher does after every patch
   * (`GetObjectDefaulter().Default`), e.g. `(obj) => scheme.default(obj)`; none: patched objects stay as patched.
   */
  readonly defaulter?: (obj: ApiObject) => void;
}

/** Calls mutating admission webhooks. */
export class MutatingAdmissionWebhook implements MutationInterface {
  /** The plugin's name, which the admission chain's per-plugin metrics carry. */
  readonly name = MUTATING_WEBHOOK_PLUGIN_NAME;
  readonly #webhook: Webhook<MutatingWebhookSpec>;
  readonly #jsonPatch: JSONPatcher;
  readonly #defaulter: ((obj: ApiObject) => void) | undefined;

  /** Creates the plugin over a webhook source. */
  constructor(options: MutatingWebhookOptions) {
    this.#webhook = new Webhook(options);
    this.#jsonPatch = options.jsonPatch;
    this.#defaulter = options.defaulter;
  }

  /** Every operation. */
  handles(operation: Operation): boolean {
    return this.#webhook.handles(operation);
  }

  /** Runs the webhooks (and the reinvocation round, if needed); throws the StatusError that fails the request. */
  async admit(ctx: RequestContext, attributes: Attributes): Promise<void> {
    const hooks = await this.#webhook.hooksFor(attributes);
    if (!Array.isArray(hooks)) throw hooks;
    if (hooks.length === 0) return;
    const d = { webhook: this.#webhook, jsonPatch: this.#jsonPatch, reinvoke: new WebhookReinvokeContext(), defaulter: this.#defaulter };
    await dispatchMutating(d, ctx, attributes, hooks);
    if (!d.reinvoke.shouldReinvoke) return;
    d.reinvoke.startReinvocation();
    await dispatchMutating(d, ctx, attributes, hooks);
  }
}
