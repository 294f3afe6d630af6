/**
 * The update strategy and `BeforeUpdate` (k8s.io/apiserver/pkg/registry/rest/update.go).
 * @module
 */
import { type FieldError, newInvalid, newPath, type QualifiedKind, validatePathSegmentName } from '@apiserver/runtime';
import { ensureObjectNamespaceMatchesRequestNamespace, expectedNamespaceForScope } from './meta.js';
import { validateObjectMeta, validateObjectMetaUpdate } from './object-meta-validation.js';
import type { ApiObject, RequestContext } from './types.js';

/** Resource-specific update behaviour the generic store calls (`rest.RESTUpdateStrategy`). */
export interface RESTUpdateStrategy {
  /** Whether objects are namespaced. */
  namespaceScoped(): boolean;
  /** Whether an update of a missing object creates it (PUT-creates). */
  allowCreateOnUpdate(): boolean;
  /** Whether an update without `metadata.resourceVersion` overwrites the latest version. */
  allowUnconditionalUpdate(): boolean;
  /** Normalizes the new object from the old one (keep status, bump generation…). */
  prepareForUpdate(ctx: RequestContext, obj: ApiObject, old: ApiObject): void;
  /** Validates the update; errors become one 422 Invalid. */
  validateUpdate(ctx: RequestContext, obj: ApiObject, old: ApiObject): FieldError[];
  /** Warnings to return to the client (default none). */
  warningsOnUpdate?(ctx: RequestContext, obj: ApiObject, old: ApiObject): string[];
  /** Puts the object in canonical form after validation (default no-op). */
  canonicalize?(obj: ApiObject): void;
}

/**
 * Prepares and validates an update (`rest.BeforeUpdate`): namespace agreement, generation copied from
 * the old object (clients cannot set it), `prepareForUpdate`, uid/creationTimestamp/deletion fields kept,
 * ObjectMeta and strategy validation, warnings, `canonicalize`.
 */
export function beforeUpdate(
  strategy: RESTUpdateStrategy,
  ctx: RequestContext,
  obj: ApiObject,
  old: ApiObject,
  kind: QualifiedKind,
): void {
  const meta = obj.metadata;
  const oldMeta = old.metadata;
  const namespaced = strategy.namespaceScoped();
  ensureObjectNamespaceMatchesRequestNamespace(expectedNamespaceForScope(ctx.namespace ?? '', namespaced), meta);
  if (oldMeta.generation === undefined) delete meta.generation;
  else meta.generation = oldMeta.generation;
  strategy.prepareForUpdate(ctx, obj, old);
  if ((meta.uid ?? '') === '' && oldMeta.uid !== undefined) meta.uid = oldMeta.uid;
  if ((oldMeta.creationTimestamp ?? '') !== '') meta.creationTimestamp = oldMeta.creationTimestamp;
  if (oldMeta.deletionTimestamp !== undefined) meta.deletionTimestamp = oldMeta.deletionTimestamp;
  if (oldMeta.deletionGracePeriodSeconds !== undefined && meta.deletionGracePeriodSeconds === undefined) {
    meta.deletionGracePeriodSeconds = oldMeta.deletionGracePeriodSeconds;
  }
  const errs = [
    ...validateObjectMeta(meta, namespaced, validatePathSegmentName, newPath('metadata')),
    ...validateObjectMetaUpdate(meta, oldMeta, newPath('metadata')),
    ...strategy.validateUpdate(ctx, obj, old),
  ];
  if (errs.length > 0) throw newInvalid(kind, meta.name ?? '', errs);
  for (const w of strategy.warningsOnUpdate?.(ctx, obj, old) ?? []) ctx.addWarning?.(w);
  strategy.canonicalize?.(obj);
}
