/**
 * The poddisruptionbudget strategy (pkg/registry/policy/poddisruptionbudget/strategy.go): any path-segment name,
 * the zero status and generation 1 on create, generation bumped on spec changes, spec validation on create and
 * update; and the status strategy (policy/v1 status validation).
 * @module
 */
import { type ApiObject, GenericStrategy, type RequestContext, resetFieldsByVersion, StatusStrategy } from '@apiserver/registry';
import { policyV1 } from '@apiserver/runtime/apis';
import { validatePodDisruptionBudget, validatePodDisruptionBudgetStatus } from './validation.js';

/** Create and update behaviour of poddisruptionbudgets. */
export class PodDisruptionBudgetStrategy extends GenericStrategy {
  /** A namespaced strategy with status reset, generation tracking and budget validation. */
  constructor() {
    super({
      namespaceScoped: true,
      statusField: 'status',
      trackGeneration: true,
      schema: policyV1.PodDisruptionBudgetSchema,
      // ValidatePodDisruptionBudget checks only the spec: names need only be path segments (as every object's).
      nameFn: () => [],
      validate: (_ctx, obj) => validatePodDisruptionBudget(obj),
      validateUpdate: (_ctx, obj) => validatePodDisruptionBudget(obj),
    });
  }

  /** Generation 1 and the zero status (its four counters are not omitempty). */
  override prepareForCreate(ctx: RequestContext, obj: ApiObject): void {
    super.prepareForCreate(ctx, obj);
    obj.status = { disruptionsAllowed: 0, currentHealthy: 0, desiredHealthy: 0, expectedPods: 0 };
  }
}

/** The `poddisruptionbudgets/status` update strategy. */
export function newPodDisruptionBudgetStatusStrategy(base: PodDisruptionBudgetStrategy): StatusStrategy {
  return new StatusStrategy(base, {
    keep: ['spec'],
    resetFields: resetFieldsByVersion(['policy/v1beta1', 'policy/v1'], ['spec']),
    validate: (_ctx, obj) => validatePodDisruptionBudgetStatus(obj),
  });
}
