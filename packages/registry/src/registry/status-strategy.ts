/**
 * The update strategy of a `/status` subresource (upstream's per-kind `…StatusStrategy`): what a status update
 * takes from the stored object, which fields it resets for server-side apply, and how it is validated.
 * @module
 */
import type { FieldError } from '@apiserver/runtime';
import type { ApiObject, ApiObjectMeta, RequestContext } from '../rest/types.js';
import type { RESTUpdateStrategy } from '../rest/update.js';

/** Validates a status update (the object after the strategy prepared it, and the stored one). */
export type StatusValidateFunc = (ctx: RequestContext, obj: ApiObject, old: ApiObject) => FieldError[];

/**
 * The metadata fields `metav1.ResetObjectMetaForStatus` takes from the stored object: a status write through a
 * strategy that uses it changes no label, annotation, finalizer or owner (managedFields stay the request's).
 */
export const RESET_OBJECT_META_FOR_STATUS: readonly (keyof ApiObjectMeta & string)[] = [
  'deletionTimestamp',
  'generation',
  'selfLink',
  'labels',
  'annotations',
  'finalizers',
  'ownerReferences',
];

/** How a status update combines the request's object with the stored one. */
export interface StatusStrategyOptions {
  /**
   * Top-level fields taken from the stored object: upstream's built-in status strategies take `spec` and leave
   * metadata to the request. `'all-but-status'` (the default) takes everything but `status` and the request's
   * managedFields and resourceVersion, as the custom resource status strategy.
   */
  readonly keep?: readonly string[] | 'all-but-status';
  /**
   * Metadata fields taken from the stored object besides (deployments: `labels`; pods: `ownerReferences`;
   * {@link RESET_OBJECT_META_FOR_STATUS}), or `'all-but-managedFields'` (flow control's status strategies).
   */
  readonly keepMetadata?: readonly (keyof ApiObjectMeta & string)[] | 'all-but-managedFields';
  /**
   * The strategy's `GetResetFields`: API version (`apps/v1`) → dotted paths a write through `/status` cannot own.
   * Absent: the strategy does not say (endpoints then derives "everything but status").
   */
  readonly resetFields?: Readonly<Record<string, readonly string[]>>;
  /** Validates status updates (beyond the object metadata checks every update gets). */
  readonly validate?: StatusValidateFunc;
}

function copyField(target: Record<string, unknown>, source: Record<string, unknown>, field: string): void {
  if (source[field] === undefined) delete target[field];
  else target[field] = structuredClone(source[field]);
}

/**
 * Makes `meta` the stored metadata `oldMeta` in place (a deep copy; callers hold `meta`), then puts back the request's
 * values of `fromRequest` (one the request lacks is removed).
 */
function restoreStoredMetadata(meta: Record<string, unknown>, oldMeta: Record<string, unknown>, fromRequest: readonly string[]): void {
  const kept = fromRequest.map((k) => [k, meta[k]] as const);
  for (const k of Object.keys(meta)) delete meta[k];
  Object.assign(meta, structuredClone(oldMeta));
  for (const [k, v] of kept) {
    if (v === undefined) delete meta[k];
    else meta[k] = v;
  }
}

/**
 * Makes `obj` the stored object `old` in place, as upstream's strategies copy the old object over the new one: deep
 * copies in `old`'s field order, `obj.metadata` staying the same object (so the update's metadata checks see the
 * prepared object), with the request's values of the metadata fields `metadataFromRequest` put back.
 */
export function restoreStoredObject(obj: ApiObject, old: ApiObject, metadataFromRequest: readonly string[]): void {
  const meta = obj.metadata;
  restoreStoredMetadata(meta as Record<string, unknown>, old.metadata as Record<string, unknown>, metadataFromRequest);
  for (const k of Object.keys(obj)) delete obj[k];
  for (const [k, v] of Object.entries(old)) obj[k] = k === 'metadata' ? meta : structuredClone(v);
}

/**
 * The status-subresource update strategy. By default it keeps everything but `status` from the stored object (the
 * custom resource rule); built-in kinds say what they keep ({@link StatusStrategyOptions}). Objects are changed in
 * place, so the metadata the generic update checks afterwards is the prepared object's.
 */
export class StatusStrategy implements RESTUpdateStrategy {
  readonly #base: RESTUpdateStrategy;
  readonly #options: StatusStrategyOptions;
  /**
   * `rest.ResetFieldsStrategy`, present only when the options give reset fields: the generic store and StatusREST
   * offer the capability when their update strategy has it.
   */
  declare readonly getResetFields?: () => Readonly<Record<string, readonly string[]>>;

  /** Wraps the main strategy (for scope and unconditional updates). */
  constructor(base: RESTUpdateStrategy, options: StatusStrategyOptions = {}) {
    this.#base = base;
    this.#options = options;
    const resetFields = options.resetFields;
    if (resetFields !== undefined) this.getResetFields = () => resetFields;
  }

  /** True when objects of the resource live in a namespace. */
  namespaceScoped(): boolean {
    return this.#base.namespaceScoped();
  }

  /** Status updates never create. */
  allowCreateOnUpdate(): boolean {
    return false;
  }

  /** Same as the main strategy. */
  allowUnconditionalUpdate(): boolean {
    return this.#base.allowUnconditionalUpdate();
  }

  /** Takes the fields the options name from the stored object; the rest stays the request's. */
  prepareForUpdate(_ctx: RequestContext, obj: ApiObject, old: ApiObject): void {
    const { keep = 'all-but-status', keepMetadata = [] } = this.#options;
    if (keep === 'all-but-status') {
      keepAllButStatus(obj, old);
      return;
    }
    for (const field of keep) copyField(obj, old, field);
    const meta = obj.metadata as Record<string, unknown>;
    const oldMeta = old.metadata as Record<string, unknown>;
    if (keepMetadata === 'all-but-managedFields') {
      restoreStoredMetadata(meta, oldMeta, ['managedFields']);
      return;
    }
    for (const field of keepMetadata) copyField(meta, oldMeta, field);
  }

  /** Runs the status validation, if any. */
  validateUpdate(ctx: RequestContext, obj: ApiObject, old: ApiObject): FieldError[] {
    return this.#options.validate?.(ctx, obj, old) ?? [];
  }
}

/** The custom resource rule: the stored object, with the request's `status`, managedFields and resourceVersion. */
function keepAllButStatus(obj: ApiObject, old: ApiObject): void {
  const status = obj.status;
  const resourceVersion = obj.metadata.resourceVersion;
  restoreStoredObject(obj, old, ['managedFields']);
  if (resourceVersion !== undefined) obj.metadata.resourceVersion = resourceVersion;
  if (status === undefined) delete obj.status;
  else obj.status = status;
}

/** Reset fields that are the same `paths` in each of `versions` (`apps/v1`, …), as upstream's maps mostly are. */
export function resetFieldsByVersion(versions: readonly string[], paths: readonly string[]): Record<string, readonly string[]> {
  return Object.fromEntries(versions.map((version) => [version, paths]));
}
