/**
 * The validatingadmissionpolicybinding strategy (pkg/registry/admissionregistration/validatingadmissionpolicybinding/
 * strategy.go): cluster-scoped, generation 1 on create and bumped on spec changes, updates only with a
 * resourceVersion, the match resources' defaults, validation.
 * @module
 */
import { type ApiObject, GenericStrategy, type RequestContext } from '@apiserver/registry';
import { admissionregistrationV1 } from '@apiserver/runtime/apis';
import { defaultValidatingAdmissionPolicyBinding } from '../defaults.js';
import { validateValidatingAdmissionPolicyBinding } from './validation.js';

/** Create and update behaviour of validatingadmissionpolicybindings. */
export class ValidatingAdmissionPolicyBindingStrategy extends GenericStrategy {
  /** A cluster-scoped strategy with generation tracking and binding validation. */
  constructor() {
    super({
      namespaceScoped: false,
      trackGeneration: true,
      allowUnconditionalUpdate: false,
      schema: admissionregistrationV1.ValidatingAdmissionPolicyBindingSchema,
      validate: (_ctx, obj) => validateValidatingAdmissionPolicyBinding(obj),
      validateUpdate: (_ctx, obj) => validateValidatingAdmissionPolicyBinding(obj),
    });
  }

  /** Defaults, then generation 1. */
  override prepareForCreate(ctx: RequestContext, obj: ApiObject): void {
    defaultValidatingAdmissionPolicyBinding(obj);
    super.prepareForCreate(ctx, obj);
  }

  /** Defaults, then bumps generation when the spec changed. */
  override prepareForUpdate(ctx: RequestContext, obj: ApiObject, old: ApiObject): void {
    defaultValidatingAdmissionPolicyBinding(obj);
    super.prepareForUpdate(ctx, obj, old);
  }
}
