/**
 * The claim strategy (pkg/registry/core/persistentvolumeclaim/strategy.go): defaults, status reset to Pending
 * on create and kept on spec updates, `spec.volumeAttributesClassName` dropped while the VolumeAttributesClass
 * gate is off (1.32's default) unless the old claim uses it; and the status strategy, which keeps the spec.
 * @module
 */
import { type ApiObject, GenericStrategy, type RequestContext, StatusStrategy } from '@apiserver/registry';
import { coreV1 } from '@apiserver/runtime/apis';
import { recordAt } from '../../../object-fields.js';
import { defaultPersistentVolumeClaim } from './defaults.js';
import { persistentVolumeClaimWarnings } from './warnings.js';
import { validatePersistentVolumeClaim, validatePersistentVolumeClaimStatus, validatePersistentVolumeClaimUpdate } from './validation.js';

/** Drops `spec.volumeAttributesClassName` unless `old` has one (`dropDisabledFields`). */
export function dropVolumeAttributesClass(obj: ApiObject, old?: ApiObject): void {
  const spec = recordAt(obj, 'spec');
  const inUse = (recordAt(old, 'spec')?.volumeAttributesClassName ?? null) !== null;
  if (spec !== undefined && !inUse) delete spec.volumeAttributesClassName;
}

/** Create and update behaviour of claims. */
export class PersistentVolumeClaimStrategy extends GenericStrategy {
  /** Namespaced, status reset on create and kept on update, claim validation. */
  constructor() {
    super({
      namespaceScoped: true,
      statusField: 'status',
      schema: coreV1.PersistentVolumeClaimSchema,
      validate: (_ctx, obj) => validatePersistentVolumeClaim(obj),
      validateUpdate: (_ctx, obj, old) => validatePersistentVolumeClaimUpdate(obj, old),
    });
  }

  /** Defaults, drops gated fields, then status `{ phase: Pending }`. */
  override prepareForCreate(ctx: RequestContext, obj: ApiObject): void {
    dropVolumeAttributesClass(obj);
    super.prepareForCreate(ctx, obj);
    defaultPersistentVolumeClaim(obj);
  }

  /** Defaults, drops gated fields, keeps the old status. */
  override prepareForUpdate(ctx: RequestContext, obj: ApiObject, old: ApiObject): void {
    dropVolumeAttributesClass(obj, old);
    super.prepareForUpdate(ctx, obj, old);
    defaultPersistentVolumeClaim(obj);
  }

  /** The beta storage class annotation and fractional storage amounts. */
  warningsOnCreate(_ctx: RequestContext, obj: ApiObject): string[] {
    return persistentVolumeClaimWarnings(obj);
  }

  /** As on create, on every update. */
  warningsOnUpdate(_ctx: RequestContext, obj: ApiObject): string[] {
    return persistentVolumeClaimWarnings(obj);
  }
}

/** The `persistentvolumeclaims/status` strategy: the spec stays, metadata is the request's, the status is validated. */
export function newPersistentVolumeClaimStatusStrategy(base: PersistentVolumeClaimStrategy): StatusStrategy {
  return new StatusStrategy(base, { keep: ['spec'], resetFields: { v1: ['spec'] }, validate: (_ctx, obj) => validatePersistentVolumeClaimStatus(obj) });
}
