/**
 * The volume strategy (pkg/registry/core/persistentvolume/strategy.go): cluster-scoped, defaults, status reset
 * to Pending with `lastPhaseTransitionTime` on create (PersistentVolumeLastPhaseTransitionTime is GA in 1.31),
 * status kept on spec updates; the status strategy stamps the transition time when the phase changes.
 * @module
 */
import { type ApiObject, GenericStrategy, type RequestContext, StatusStrategy } from '@apiserver/registry';
import { coreV1 } from '@apiserver/runtime/apis';
import { ensureRecord, recordAt, stringAt } from '../../../object-fields.js';
import { dropVolumeAttributesClass } from '../persistentvolumeclaim/strategy.js';
import { defaultPersistentVolume } from './defaults.js';
import { validatePersistentVolume, validatePersistentVolumeUpdate } from './validation.js';

/** A metav1.Time of `ms` (RFC 3339, whole seconds). */
export function metaTime(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/** Create and update behaviour of volumes. */
export class PersistentVolumeStrategy extends GenericStrategy {
  readonly #now: () => number;

  /** Cluster-scoped, status reset on create and kept on update; `now` is the clock of transition times. */
  constructor(now: () => number = Date.now) {
    super({
      namespaceScoped: false,
      statusField: 'status',
      schema: coreV1.PersistentVolumeSchema,
      validate: (_ctx, obj) => validatePersistentVolume(obj),
      validateUpdate: (_ctx, obj, old) => validatePersistentVolumeUpdate(obj, old),
    });
    this.#now = now;
  }

  /** The clock of transition times. */
  now(): number {
    return this.#now();
  }

  /** Defaults, then status `{ phase: Pending, lastPhaseTransitionTime: now }`. */
  override prepareForCreate(ctx: RequestContext, obj: ApiObject): void {
    dropVolumeAttributesClass(obj);
    super.prepareForCreate(ctx, obj);
    obj.status = { phase: 'Pending', lastPhaseTransitionTime: metaTime(this.#now()) };
    defaultPersistentVolume(obj);
  }

  /** Defaults, keeps the old status. */
  override prepareForUpdate(ctx: RequestContext, obj: ApiObject, old: ApiObject): void {
    dropVolumeAttributesClass(obj, old);
    super.prepareForUpdate(ctx, obj, old);
    defaultPersistentVolume(obj);
  }
}

/** The `persistentvolumes/status` strategy: the spec is kept; a phase change without a new time gets now. */
export class PersistentVolumeStatusStrategy extends StatusStrategy {
  readonly #base: PersistentVolumeStrategy;

  /** Wraps the volume strategy (scope and clock). */
  constructor(base: PersistentVolumeStrategy) {
    super(base, { keep: ['spec'], resetFields: { v1: ['spec'] } });
    this.#base = base;
  }

  /** Keeps the spec; stamps `lastPhaseTransitionTime` when the phase changed and the time did not. */
  override prepareForUpdate(ctx: RequestContext, obj: ApiObject, old: ApiObject): void {
    super.prepareForUpdate(ctx, obj, old);
    const status = ensureRecord(obj, 'status');
    const oldStatus = recordAt(old, 'status');
    const timeKept = (status.lastPhaseTransitionTime ?? null) === null || status.lastPhaseTransitionTime === oldStatus?.lastPhaseTransitionTime;
    if (stringAt(status, 'phase') !== stringAt(oldStatus, 'phase') && timeKept) status.lastPhaseTransitionTime = metaTime(this.#base.now());
  }
}
