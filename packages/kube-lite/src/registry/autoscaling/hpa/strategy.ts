/**
 * The HorizontalPodAutoscaler strategies (pkg/registry/autoscaling/horizontalpodautoscaler/strategy.go):
 * namespaced, v2 defaults, status cleared on create and kept on spec updates (no generation), validation; the
 * status strategy validates the replica counts.
 * @module
 */
import { type ApiObject, GenericStrategy, type RequestContext, resetFieldsByVersion, StatusStrategy } from '@apiserver/registry';
import { autoscalingV2 } from '@apiserver/runtime/apis';
import { defaultHPA } from './defaults.js';
import { validateHPA, validateHPAStatusUpdate, validateHPAUpdate } from './validation.js';

/** Create and update behaviour of horizontal pod autoscalers. */
export class HPAStrategy extends GenericStrategy {
  /** A namespaced strategy with status reset and HPA validation. */
  constructor() {
    super({
      namespaceScoped: true,
      statusField: 'status',
      schema: autoscalingV2.HorizontalPodAutoscalerSchema,
      validate: (_ctx, obj) => validateHPA(obj),
      validateUpdate: (_ctx, obj, old) => validateHPAUpdate(obj, old),
    });
  }

  /** Defaults, then an empty status. */
  override prepareForCreate(ctx: RequestContext, obj: ApiObject): void {
    defaultHPA(obj);
    super.prepareForCreate(ctx, obj);
    obj.status = { desiredReplicas: 0 };
  }

  /** Defaults; the stored status is kept. */
  override prepareForUpdate(ctx: RequestContext, obj: ApiObject, old: ApiObject): void {
    defaultHPA(obj);
    super.prepareForUpdate(ctx, obj, old);
  }
}

/** The `horizontalpodautoscalers/status` strategy. */
export function newHPAStatusStrategy(base: HPAStrategy): StatusStrategy {
  return new StatusStrategy(base, {
    keep: ['spec'],
    resetFields: resetFieldsByVersion(['autoscaling/v1', 'autoscaling/v2', 'autoscaling/v2beta1', 'autoscaling/v2beta2'], ['spec']),
    validate: (_ctx, obj) => validateHPAStatusUpdate(obj),
  });
}
