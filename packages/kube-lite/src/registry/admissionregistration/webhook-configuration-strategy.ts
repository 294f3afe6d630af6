/**
 * The strategy of validating and mutating webhook configurations (pkg/registry/admissionregistration/
 * validatingwebhookconfiguration and mutatingwebhookconfiguration `strategy.go`): cluster-scoped, generation 1 on
 * create and bumped when the webhooks change, updates only with a resourceVersion, the v1 defaults, validation.
 * @module
 */
import { type ApiObject, GenericStrategy, type RequestContext } from '@apiserver/registry';
import { admissionregistrationV1 } from '@apiserver/runtime/apis';
import { defaultWebhookConfiguration } from './defaults.js';
import { validateWebhookConfiguration, validateWebhookConfigurationUpdate } from './webhook-validation.js';

/** Create and update behaviour of one of the two webhook configuration kinds. */
export class WebhookConfigurationStrategy extends GenericStrategy {
  readonly #mutating: boolean;

  /** The strategy of MutatingWebhookConfigurations when `mutating`, else of ValidatingWebhookConfigurations. */
  constructor(mutating: boolean) {
    super({
      namespaceScoped: false,
      trackGeneration: true,
      allowUnconditionalUpdate: false,
      schema: mutating ? admissionregistrationV1.MutatingWebhookConfigurationSchema : admissionregistrationV1.ValidatingWebhookConfigurationSchema,
      validate: (_ctx, obj) => validateWebhookConfiguration(obj, mutating),
      validateUpdate: (_ctx, obj, old) => validateWebhookConfigurationUpdate(obj, old, mutating),
    });
    this.#mutating = mutating;
  }

  /** Defaults, then generation 1. */
  override prepareForCreate(ctx: RequestContext, obj: ApiObject): void {
    defaultWebhookConfiguration(obj, this.#mutating);
    super.prepareForCreate(ctx, obj);
  }

  /** Defaults, then bumps generation when the webhooks changed. */
  override prepareForUpdate(ctx: RequestContext, obj: ApiObject, old: ApiObject): void {
    defaultWebhookConfiguration(obj, this.#mutating);
    super.prepareForUpdate(ctx, obj, old);
  }
}
