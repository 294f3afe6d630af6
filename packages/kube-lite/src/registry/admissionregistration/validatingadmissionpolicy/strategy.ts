/**
 * The validatingadmissionpolicy strategy (pkg/registry/admissionregistration/validatingadmissionpolicy/strategy.go):
 * cluster-scoped, an empty status and generation 1 on create, the status kept and generation bumped on spec changes
 * by updates, which need a resourceVersion; the v1 defaults and validation; and the status strategy, which keeps the
 * spec and validates the status.
 * @module
 */
import { type ApiObject, GenericStrategy, type RequestContext, RESET_OBJECT_META_FOR_STATUS, resetFieldsByVersion, StatusStrategy } from '@apiserver/registry';
import { admissionregistrationV1 } from '@apiserver/runtime/apis';
import { defaultValidatingAdmissionPolicy } from '../defaults.js';
import { validateValidatingAdmissionPolicy, validateValidatingAdmissionPolicyStatus, validateValidatingAdmissionPolicyUpdate } from './validation.js';

/** Create and update behaviour of validatingadmissionpolicies. */
export class ValidatingAdmissionPolicyStrategy extends GenericStrategy {
  /** A cluster-scoped strategy with status reset, generation tracking and policy validation. */
  constructor() {
    super({
      namespaceScoped: false,
      statusField: 'status',
      trackGeneration: true,
      allowUnconditionalUpdate: false,
      schema: admissionregistrationV1.ValidatingAdmissionPolicySchema,
      validate: (_ctx, obj) => validateValidatingAdmissionPolicy(obj),
      validateUpdate: (_ctx, obj, old) => validateValidatingAdmissionPolicyUpdate(obj, old),
    });
  }

  /** Defaults, then the empty status and generation 1. */
  override prepareForCreate(ctx: RequestContext, obj: ApiObject): void {
    defaultValidatingAdmissionPolicy(obj);
    super.prepareForCreate(ctx, obj);
    obj.status = {};
  }

  /** Defaults, keeps the status, bumps generation when the spec changed. */
  override prepareForUpdate(ctx: RequestContext, obj: ApiObject, old: ApiObject): void {
    defaultValidatingAdmissionPolicy(obj);
    super.prepareForUpdate(ctx, obj, old);
  }
}

/** The `validatingadmissionpolicies/status` update strategy: spec and metadata stay (`ResetObjectMetaForStatus`), the status is validated. */
export function newValidatingAdmissionPolicyStatusStrategy(base: ValidatingAdmissionPolicyStrategy): StatusStrategy {
  return new StatusStrategy(base, {
    keep: ['spec'],
    keepMetadata: RESET_OBJECT_META_FOR_STATUS,
    resetFields: resetFieldsByVersion(
      ['admissionregistration.k8s.io/v1alpha1', 'admissionregistration.k8s.io/v1beta1', 'admissionregistration.k8s.io/v1'],
      ['spec', 'metadata'],
    ),
    validate: (_ctx, obj) => validateValidatingAdmissionPolicyStatus(obj),
  });
}
