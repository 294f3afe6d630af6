/**
 * The replicaset strategy (pkg/registry/apps/replicaset/strategy.go): defaults (replicas 1, pod template
 * defaults), status reset (`replicas: 0`) and generation 1 on create, generation bumped on spec changes,
 * validation; and the status strategy.
 * @module
 */
import { type ApiObject, GenericStrategy, type RequestContext, StatusStrategy } from '@apiserver/registry';
import { defaultReplicaSet, ReplicaSetSchema } from '@apiserver/runtime/apis';
import { validateReplicaSet, validateReplicaSetStatus, validateReplicaSetUpdate } from './validation.js';
import { specTemplateOf, workloadWarningsOnCreate, workloadWarningsOnUpdate } from '../../core/pod/template-warnings.js';
import { dropDisabledTemplateFields } from '../../core/pod/drop-disabled-fields.js';

/** Create and update behaviour of replicasets. */
export class ReplicaSetStrategy extends GenericStrategy {
  /** A namespaced strategy with status reset, generation tracking and replicaset validation. */
  constructor() {
    super({
      namespaceScoped: true,
      statusField: 'status',
      trackGeneration: true,
      schema: ReplicaSetSchema,
      validate: (_ctx, obj) => validateReplicaSet(obj),
      validateUpdate: (_ctx, obj, old) => validateReplicaSetUpdate(obj, old),
    });
  }

  /** Defaults, then status `{ replicas: 0 }` and generation 1. */
  override prepareForCreate(ctx: RequestContext, obj: ApiObject): void {
    defaultReplicaSet(obj);
    dropDisabledTemplateFields(specTemplateOf(obj));
    super.prepareForCreate(ctx, obj);
    obj.status = { replicas: 0 };
  }

  /** Defaults, keeps status, bumps generation on spec changes. */
  override prepareForUpdate(ctx: RequestContext, obj: ApiObject, old: ApiObject): void {
    defaultReplicaSet(obj);
    dropDisabledTemplateFields(specTemplateOf(obj), specTemplateOf(old));
    super.prepareForUpdate(ctx, obj, old);
  }

  /** A name that is not a DNS label (pods are named after it), then the pod template's warnings. */
  warningsOnCreate(_ctx: RequestContext, obj: ApiObject): string[] {
    return workloadWarningsOnCreate(obj, true);
  }

  /** The pod template's warnings, when the update changed the generation. */
  warningsOnUpdate(_ctx: RequestContext, obj: ApiObject, old: ApiObject): string[] {
    return workloadWarningsOnUpdate(obj, old);
  }
}

/** The `replicasets/status` update strategy: the spec stays, metadata is the request's, the status is validated. */
export function newReplicaSetStatusStrategy(base: ReplicaSetStrategy): StatusStrategy {
  return new StatusStrategy(base, { keep: ['spec'], resetFields: { 'apps/v1': ['spec'] }, validate: (_ctx, obj) => validateReplicaSetStatus(obj) });
}
