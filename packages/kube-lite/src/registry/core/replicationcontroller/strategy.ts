/**
 * The controller strategy (pkg/registry/core/replicationcontroller/strategy.go): defaults, status reset
 * (`replicas: 0`) and generation 1 on create, generation bumped on spec changes, validation; dependents orphaned
 * by default (v1, the only version served, keeps the behaviour from before server-side garbage collection); and the
 * status strategy.
 * @module
 */
import { type ApiObject, GenericStrategy, type RequestContext, StatusStrategy } from '@apiserver/registry';
import { coreV1 } from '@apiserver/runtime/apis';
import { defaultReplicationController } from './defaults.js';
import { validateReplicationController, validateReplicationControllerStatus } from './validation.js';
import { generationChanged, SPEC_TEMPLATE, specTemplateOf, workloadWarningsOnCreate } from '../pod/template-warnings.js';
import { podTemplateWarnings } from '../pod/warnings.js';
import { dropDisabledTemplateFields } from '../pod/drop-disabled-fields.js';

/** Create and update behaviour of replication controllers. */
export class ReplicationControllerStrategy extends GenericStrategy {
  /** Namespaced, status reset, generation tracking, controller validation, orphaning deletes. */
  constructor() {
    super({
      namespaceScoped: true,
      statusField: 'status',
      trackGeneration: true,
      schema: coreV1.ReplicationControllerSchema,
      garbageCollectionPolicy: 'OrphanDependents',
      validate: (_ctx, obj) => validateReplicationController(obj),
      validateUpdate: (_ctx, obj) => validateReplicationController(obj),
    });
  }

  /** Defaults, then status `{ replicas: 0 }` and generation 1. */
  override prepareForCreate(ctx: RequestContext, obj: ApiObject): void {
    defaultReplicationController(obj);
    dropDisabledTemplateFields(specTemplateOf(obj));
    super.prepareForCreate(ctx, obj);
    obj.status = { replicas: 0 };
  }

  /** Defaults, keeps status, bumps generation on spec changes. */
  override prepareForUpdate(ctx: RequestContext, obj: ApiObject, old: ApiObject): void {
    defaultReplicationController(obj);
    dropDisabledTemplateFields(specTemplateOf(obj), specTemplateOf(old));
    super.prepareForUpdate(ctx, obj, old);
  }

  /** A name that is not a DNS label (pods are named after it), then the pod template's warnings. */
  warningsOnCreate(_ctx: RequestContext, obj: ApiObject): string[] {
    return workloadWarningsOnCreate(obj, true);
  }

  /**
   * When the update changed the generation: the warnings of the *old* template. kube-apiserver 1.32 passes the two
   * templates to `GetWarningsForPodTemplate` the other way round (kubernetes/kubernetes#142443), and clients see that.
   */
  warningsOnUpdate(_ctx: RequestContext, obj: ApiObject, old: ApiObject): string[] {
    return generationChanged(obj, old) ? podTemplateWarnings(SPEC_TEMPLATE, specTemplateOf(old)) : [];
  }
}

/** The `replicationcontrollers/status` strategy: the spec stays, metadata is the request's, the status is validated. */
export function newReplicationControllerStatusStrategy(base: ReplicationControllerStrategy): StatusStrategy {
  return new StatusStrategy(base, { keep: ['spec'], resetFields: { v1: ['spec'] }, validate: (_ctx, obj) => validateReplicationControllerStatus(obj) });
}
