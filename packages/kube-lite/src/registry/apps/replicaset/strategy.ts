/**
 * The replicaset strategy (pkg/registry/apps/replicaset/strategy.go): defaults (replicas 1, pod template
 * defaults), status reset (`replicas: 0`) and generation 1 on create, generation bumped on spec changes,
 * validation; and the status strategy.
 * @module
 */
import { type ApiObject, GenericStrategy, type RequestContext, StatusStrategy } from '@apiserver/registry';
import { defaultPodSpec } from '@apiserver/runtime/apis';
import { ensureRecord } from '../../core/pod/object-fields.js';
import { validateReplicaSet, validateReplicaSetStatus, validateReplicaSetUpdate } from './validation.js';

/** apps/v1 `SetDefaults_ReplicaSet` plus the pod template defaults. */
export function defaultReplicaSet(obj: ApiObject): void {
  const spec = ensureRecord(obj, 'spec');
  if (spec.replicas === undefined || spec.replicas === null) spec.replicas = 1;
  defaultPodSpec(ensureRecord(ensureRecord(spec, 'template'), 'spec'));
}

/** Create and update behaviour of replicasets. */
export class ReplicaSetStrategy extends GenericStrategy {
  /** A namespaced strategy with status reset, generation tracking and replicaset validation. */
  constructor() {
    super({
      namespaceScoped: true,
      statusField: 'status',
      trackGeneration: true,
      validate: (_ctx, obj) => validateReplicaSet(obj),
      validateUpdate: (_ctx, obj, old) => validateReplicaSetUpdate(obj, old),
    });
  }

  /** Defaults, then status `{ replicas: 0 }` and generation 1. */
  override prepareForCreate(ctx: RequestContext, obj: ApiObject): void {
    defaultReplicaSet(obj);
    super.prepareForCreate(ctx, obj);
    obj.status = { replicas: 0 };
  }

  /** Defaults, keeps status, bumps generation on spec changes. */
  override prepareForUpdate(ctx: RequestContext, obj: ApiObject, old: ApiObject): void {
    defaultReplicaSet(obj);
    super.prepareForUpdate(ctx, obj, old);
  }
}

/** The `replicasets/status` update strategy: only status changes, validated. */
export function newReplicaSetStatusStrategy(base: ReplicaSetStrategy): StatusStrategy {
  return new StatusStrategy(base, 'status', (_ctx, obj) => validateReplicaSetStatus(obj));
}
