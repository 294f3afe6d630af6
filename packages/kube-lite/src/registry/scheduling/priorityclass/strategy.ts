/**
 * The priorityclass strategy (pkg/registry/scheduling/priorityclass/strategy.go): cluster-scoped,
 * `SetDefaults_PriorityClass` (preemptionPolicy PreemptLowerPriority), generation 1 on create and never bumped,
 * validation.
 * @module
 */
import { type ApiObject, GenericStrategy, type RequestContext } from '@apiserver/registry';
import { schedulingV1 } from '@apiserver/runtime/apis';
import { validatePriorityClass, validatePriorityClassUpdate } from './validation.js';

/** `SetDefaults_PriorityClass`. */
export function defaultPriorityClass(pc: ApiObject): void {
  if (pc.preemptionPolicy === undefined || pc.preemptionPolicy === null) pc.preemptionPolicy = 'PreemptLowerPriority';
}

/** Create and update behaviour of priorityclasses. */
export class PriorityClassStrategy extends GenericStrategy {
  /** A cluster-scoped strategy with priorityclass validation. */
  constructor() {
    super({
      namespaceScoped: false,
      schema: schedulingV1.PriorityClassSchema,
      validate: (_ctx, obj) => validatePriorityClass(obj),
      validateUpdate: (_ctx, obj, old) => validatePriorityClassUpdate(obj, old),
    });
  }

  /** Defaults, then generation 1. */
  override prepareForCreate(ctx: RequestContext, obj: ApiObject): void {
    defaultPriorityClass(obj);
    super.prepareForCreate(ctx, obj);
    obj.metadata.generation = 1;
  }

  /** Defaults (the generation stays). */
  override prepareForUpdate(ctx: RequestContext, obj: ApiObject, old: ApiObject): void {
    defaultPriorityClass(obj);
    super.prepareForUpdate(ctx, obj, old);
  }
}
