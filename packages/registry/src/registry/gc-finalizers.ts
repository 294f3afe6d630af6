/**
 * Garbage-collection finalizers recorded on delete (generic/registry/store.go `shouldOrphanDependents`,
 * `shouldDeleteDependents`, `deletionFinalizersForGarbageCollection`).
 * @module
 */
import type { DeleteOptions } from '@apiserver/runtime';
import type { GarbageCollectionPolicy, RESTDeleteStrategy } from '../rest/delete.js';
import { FINALIZER_DELETE_DEPENDENTS, FINALIZER_ORPHAN_DEPENDENTS } from '../rest/object-meta-validation.js';
import type { ApiObjectMeta, RequestContext } from '../rest/types.js';

function defaultPolicy(strategy: RESTDeleteStrategy, ctx: RequestContext): GarbageCollectionPolicy | undefined {
  return strategy.defaultGarbageCollectionPolicy?.(ctx);
}

/** Whether dependents are orphaned: explicit options, then existing finalizers, then the strategy default. */
export function shouldOrphanDependents(
  strategy: RESTDeleteStrategy,
  ctx: RequestContext,
  meta: ApiObjectMeta,
  options: DeleteOptions,
): boolean {
  const policy = defaultPolicy(strategy, ctx);
  if (policy === 'Unsupported') return false;
  if (options.orphanDependents !== undefined) return options.orphanDependents;
  if (options.propagationPolicy === 'Orphan') return true;
  if (options.propagationPolicy === 'Background' || options.propagationPolicy === 'Foreground') return false;
  for (const f of meta.finalizers ?? []) {
    if (f === FINALIZER_ORPHAN_DEPENDENTS) return true;
    if (f === FINALIZER_DELETE_DEPENDENTS) return false;
  }
  return policy === 'OrphanDependents';
}

/** Whether dependents are deleted in the foreground: explicit options, then existing finalizers. */
export function shouldDeleteDependents(
  strategy: RESTDeleteStrategy,
  ctx: RequestContext,
  meta: ApiObjectMeta,
  options: DeleteOptions,
): boolean {
  if (defaultPolicy(strategy, ctx) === 'Unsupported') return false;
  if (options.orphanDependents !== undefined) return false;
  if (options.propagationPolicy === 'Foreground') return true;
  if (options.propagationPolicy === 'Background' || options.propagationPolicy === 'Orphan') return false;
  for (const f of meta.finalizers ?? []) {
    if (f === FINALIZER_DELETE_DEPENDENTS) return true;
    if (f === FINALIZER_ORPHAN_DEPENDENTS) return false;
  }
  return false;
}

/** The finalizers a delete should leave and whether they differ (as sets) from the current ones. */
export interface GCFinalizerUpdate {
  /** True when the finalizer set changes. */
  needsUpdate: boolean;
  /** The finalizers to store. */
  finalizers: string[];
}

/**
 * Replaces `orphan`/`foregroundDeletion` in the finalizers according to the delete options, existing
 * finalizers and the strategy; no change when garbage collection is disabled.
 */
export function deletionFinalizersForGarbageCollection(
  enabled: boolean,
  strategy: RESTDeleteStrategy,
  ctx: RequestContext,
  meta: ApiObjectMeta,
  options: DeleteOptions,
): GCFinalizerUpdate {
  const current = meta.finalizers ?? [];
  if (!enabled) return { needsUpdate: false, finalizers: [] };
  const orphan = shouldOrphanDependents(strategy, ctx, meta, options);
  const foreground = shouldDeleteDependents(strategy, ctx, meta, options);
  const next = current.filter((f) => f !== FINALIZER_ORPHAN_DEPENDENTS && f !== FINALIZER_DELETE_DEPENDENTS);
  if (orphan) next.push(FINALIZER_ORPHAN_DEPENDENTS);
  if (foreground) next.push(FINALIZER_DELETE_DEPENDENTS);
  const a = new Set(current);
  const b = new Set(next);
  const same = a.size === b.size && [...a].every((f) => b.has(f));
  return same ? { needsUpdate: false, finalizers: current } : { needsUpdate: true, finalizers: next };
}
