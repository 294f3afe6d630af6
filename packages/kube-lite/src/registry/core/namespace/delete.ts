/**
 * The first DELETE of a namespace (pkg/registry/core/namespace/storage `REST.Delete`): instead of removing
 * it, set deletionTimestamp and phase Terminating, and keep the GC finalizers (`orphan`,
 * `foregroundDeletion`) in line with the delete options.
 * @module
 */
import {
  type ApiObject,
  type DryRunnableStorage,
  interpretGetError,
  interpretUpdateError,
  type RequestContext,
  type ValidateObjectFunc,
} from '@apiserver/registry';
import { type DeleteOptions, newConflict, newInternalError, nowTime, StatusError } from '@apiserver/runtime';
import type { Preconditions } from '@apiserver/storage';
import { isRecord } from '../../../object-fields.js';
import { NamespacePhase } from './validation.js';

const NAMESPACES = { group: '', resource: 'namespaces' };

/** Resolves the UID/resourceVersion preconditions of a namespace delete against the stored namespace. */
export function namespaceDeletePreconditions(ns: ApiObject, options: DeleteOptions): Preconditions {
  const name = ns.metadata.name ?? '';
  const uid = ns.metadata.uid ?? '';
  const given = options.preconditions ?? {};
  if (given.uid !== undefined && given.uid !== uid) {
    throw newConflict(NAMESPACES, name, `Precondition failed: UID in precondition: ${given.uid}, UID in object meta: ${uid}`);
  }
  const rv = ns.metadata.resourceVersion ?? '';
  if (given.resourceVersion !== undefined && given.resourceVersion !== rv) {
    throw newConflict(
      NAMESPACES,
      name,
      `Precondition failed: ResourceVersion in precondition: ${given.resourceVersion}, ResourceVersion in object meta: ${rv}`,
    );
  }
  return { uid: given.uid ?? uid, ...(given.resourceVersion !== undefined && { resourceVersion: given.resourceVersion }) };
}

function shouldHaveOrphanFinalizer(options: DeleteOptions, has: boolean): boolean {
  if (options.orphanDependents !== undefined) return options.orphanDependents;
  if (options.propagationPolicy !== undefined) return options.propagationPolicy === 'Orphan';
  return has;
}

function shouldHaveDeleteDependentsFinalizer(options: DeleteOptions, has: boolean): boolean {
  if (options.orphanDependents !== undefined) return !options.orphanDependents;
  if (options.propagationPolicy !== undefined) return options.propagationPolicy === 'Foreground';
  return has;
}

/** Adds or removes `orphan` and `foregroundDeletion` in metadata.finalizers as the delete options ask. */
export function applyGCFinalizers(ns: ApiObject, options: DeleteOptions): void {
  const current = ns.metadata.finalizers ?? [];
  const want: Record<string, boolean> = {
    orphan: shouldHaveOrphanFinalizer(options, current.includes('orphan')),
    foregroundDeletion: shouldHaveDeleteDependentsFinalizer(options, current.includes('foregroundDeletion')),
  };
  const changed = Object.entries(want).some(([f, should]) => current.includes(f) !== should);
  if (!changed) return;
  const kept = current.filter((f) => want[f] !== false);
  for (const [f, should] of Object.entries(want)) if (should && !kept.includes(f)) kept.push(f);
  ns.metadata.finalizers = kept;
}

/** Marks the namespace at `key` Terminating (deletionTimestamp now, phase Terminating, GC finalizers); returns it. */
export async function markNamespaceTerminating(
  storage: DryRunnableStorage,
  ctx: RequestContext,
  key: string,
  name: string,
  preconditions: Preconditions,
  deleteValidation: ValidateObjectFunc,
  options: DeleteOptions,
): Promise<ApiObject> {
  try {
    return await storage.guaranteedUpdate(
      key,
      false,
      preconditions,
      async (existing) => {
        if (existing === undefined) throw newInternalError('namespace disappeared during delete');
        await deleteValidation(ctx, existing);
        existing.metadata.deletionTimestamp ??= nowTime();
        const status = isRecord(existing.status) ? existing.status : {};
        existing.status = { ...status, phase: NamespacePhase.Terminating };
        applyGCFinalizers(existing, options);
        return { object: existing };
      },
      (options.dryRun ?? []).includes('All') || ctx.dryRun === true,
    );
  } catch (err) {
    const interpreted = interpretUpdateError(interpretGetError(err, NAMESPACES, name), NAMESPACES, name);
    throw interpreted instanceof StatusError ? interpreted : newInternalError(interpreted instanceof Error ? interpreted : String(interpreted));
  }
}
