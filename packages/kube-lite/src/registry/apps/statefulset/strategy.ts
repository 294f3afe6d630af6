/**
 * The statefulset strategy (pkg/registry/apps/statefulset/strategy.go): defaults, empty status and generation 1
 * on create, generation bumped on spec changes, DNS-label names, validation; and the status strategy.
 * @module
 */
import { type ApiObject, GenericStrategy, type RequestContext, StatusStrategy } from '@apiserver/registry';
import { nameIsDNSLabel } from '@apiserver/runtime';
import { appsV1 } from '@apiserver/runtime/apis';
import { defaultStatefulSet } from './defaults.js';
import { validateStatefulSetSpec, validateStatefulSetStatus, validateStatefulSetUpdate } from './validation.js';
import { specTemplateOf, workloadWarningsOnCreate, workloadWarningsOnUpdate } from '../../core/pod/template-warnings.js';
import { volumeClaimTemplateWarnings } from './warnings.js';
import { dropDisabledTemplateFields } from '../../core/pod/drop-disabled-fields.js';

/** Create and update behaviour of statefulsets. */
export class StatefulSetStrategy extends GenericStrategy {
  /** A namespaced strategy with status reset, generation tracking and statefulset validation. */
  constructor() {
    super({
      namespaceScoped: true,
      statusField: 'status',
      trackGeneration: true,
      schema: appsV1.StatefulSetSchema,
      nameFn: nameIsDNSLabel,
      validate: (_ctx, obj) => validateStatefulSetSpec(obj),
      validateUpdate: (_ctx, obj, old) => validateStatefulSetUpdate(obj, old),
    });
  }

  /** Defaults, then status `{ replicas: 0, availableReplicas: 0 }` (the zero status as JSON) and generation 1. */
  override prepareForCreate(ctx: RequestContext, obj: ApiObject): void {
    defaultStatefulSet(obj);
    dropDisabledTemplateFields(specTemplateOf(obj));
    super.prepareForCreate(ctx, obj);
    obj.status = { replicas: 0, availableReplicas: 0 };
  }

  /** Defaults, keeps status, bumps generation on spec changes. */
  override prepareForUpdate(ctx: RequestContext, obj: ApiObject, old: ApiObject): void {
    defaultStatefulSet(obj);
    dropDisabledTemplateFields(specTemplateOf(obj), specTemplateOf(old));
    super.prepareForUpdate(ctx, obj, old);
  }

  /** The pod template's warnings, then the volume claim templates' (its name is a DNS label already). */
  warningsOnCreate(_ctx: RequestContext, obj: ApiObject): string[] {
    return [...workloadWarningsOnCreate(obj, false), ...volumeClaimTemplateWarnings(obj, false)];
  }

  /** The pod template's warnings when the generation changed, then the volume claim templates'. */
  warningsOnUpdate(_ctx: RequestContext, obj: ApiObject, old: ApiObject): string[] {
    return [...workloadWarningsOnUpdate(obj, old), ...volumeClaimTemplateWarnings(obj, true)];
  }
}

/** The `statefulsets/status` update strategy: the spec stays, metadata is the request's, the status is validated. */
export function newStatefulSetStatusStrategy(base: StatefulSetStrategy): StatusStrategy {
  return new StatusStrategy(base, { keep: ['spec'], resetFields: { 'apps/v1': ['spec'] }, validate: (_ctx, obj, old) => validateStatefulSetStatus(obj, old) });
}
