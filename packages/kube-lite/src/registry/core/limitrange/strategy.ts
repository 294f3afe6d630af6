/**
 * The limit range strategy (pkg/registry/core/limitrange/strategy.go): namespaced, item defaults, the same
 * validation on create and update.
 * @module
 */
import { type ApiObject, GenericStrategy, type RequestContext } from '@apiserver/registry';
import { coreV1 } from '@apiserver/runtime/apis';
import { defaultLimitRange } from './defaults.js';
import { validateLimitRange } from './validation.js';

/** Create and update behaviour of limit ranges. */
export class LimitRangeStrategy extends GenericStrategy {
  /** Namespaced, limit range validation. */
  constructor() {
    super({ namespaceScoped: true, schema: coreV1.LimitRangeSchema, validate: (_ctx, obj) => validateLimitRange(obj), validateUpdate: (_ctx, obj) => validateLimitRange(obj) });
  }

  /** Item defaults. */
  override prepareForCreate(ctx: RequestContext, obj: ApiObject): void {
    defaultLimitRange(obj);
    super.prepareForCreate(ctx, obj);
  }

  /** Item defaults. */
  override prepareForUpdate(ctx: RequestContext, obj: ApiObject, old: ApiObject): void {
    defaultLimitRange(obj);
    super.prepareForUpdate(ctx, obj, old);
  }
}
