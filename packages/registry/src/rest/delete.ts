/**
 * The delete strategy, DeleteOptions validation and `BeforeDelete` (k8s.io/apiserver/pkg/registry/rest/delete.go).
 * @module
 */
import {
  type DeleteOptions,
  type FieldError,
  fieldInvalid,
  fieldNotSupported,
  newConflict,
  newInternalError,
  newInvalid,
  newPath,
  nowTime,
  type QualifiedKind,
} from '@apiserver/runtime';
import { notSupportedStringSlice } from './go-field-error.js';
import type { ApiObject, RequestContext } from './types.js';

/** Default garbage-collection behaviour of a resource (`rest.GarbageCollectionPolicy`). */
export type GarbageCollectionPolicy = 'DeleteDependents' | 'OrphanDependents' | 'Unsupported';

/** Propagation policies of DeleteOptions (`metav1.DeletionPropagation`). */
export type DeletionPropagation = 'Orphan' | 'Background' | 'Foreground';

/**
 * Resource-specific delete behaviour (`rest.RESTDeleteStrategy` plus the optional
 * `RESTGracefulDeleteStrategy` and `GarbageCollectionDeleteStrategy`).
 */
export interface RESTDeleteStrategy {
  /**
   * Whether the delete is graceful; when true it must set `options.gracePeriodSeconds`. Absent means
   * the resource is not gracefully deleted (upstream: the strategy is not a RESTGracefulDeleteStrategy).
   */
  checkGracefulDelete?(ctx: RequestContext, obj: ApiObject, options: DeleteOptions): boolean;
  /** The default dependents policy (absent means DeleteDependents). */
  defaultGarbageCollectionPolicy?(ctx: RequestContext): GarbageCollectionPolicy;
}

const PROPAGATION_POLICIES: readonly string[] = ['Foreground', 'Background', 'Orphan'];

/** Validates DeleteOptions (`ValidateDeleteOptions`): orphan/propagation exclusivity, policy and dryRun values. */
export function validateDeleteOptions(options: DeleteOptions): FieldError[] {
  const errs: FieldError[] = [];
  if (options.orphanDependents !== undefined && options.propagationPolicy !== undefined) {
    errs.push(fieldInvalid(newPath('propagationPolicy'), options.propagationPolicy, 'orphanDependents and deletionPropagation cannot be both set'));
  }
  if (options.propagationPolicy !== undefined && !PROPAGATION_POLICIES.includes(options.propagationPolicy)) {
    errs.push(fieldNotSupported(newPath('propagationPolicy'), options.propagationPolicy, [...PROPAGATION_POLICIES, 'nil']));
  }
  const dryRun = options.dryRun ?? [];
  if (dryRun.some((v) => v !== 'All')) errs.push(notSupportedStringSlice(newPath('dryRun'), dryRun, ['All']));
  return errs;
}

/** How a delete proceeds after `beforeDelete`. */
export interface DeleteDecision {
  /** The object was (re)marked for graceful deletion and must be written, not removed. */
  graceful: boolean;
  /** A graceful deletion is already pending with a shorter or equal period: nothing to do. */
  gracefulPending: boolean;
}

function checkPreconditions(obj: ApiObject, options: DeleteOptions, kind: QualifiedKind): void {
  const p = options.preconditions;
  if (p === undefined) return;
  // Upstream builds the GroupResource from the *kind* here, so the message names the kind.
  const gr = { group: kind.group, resource: kind.kind };
  const name = obj.metadata.name ?? '';
  if (p.uid !== undefined && p.uid !== (obj.metadata.uid ?? '')) {
    throw newConflict(
      gr,
      name,
      `the UID in the precondition (${p.uid}) does not match the UID in record (${obj.metadata.uid ?? ''}). The object might have been deleted and then recreated`,
    );
  }
  if (p.resourceVersion !== undefined && p.resourceVersion !== (obj.metadata.resourceVersion ?? '')) {
    throw newConflict(
      gr,
      name,
      `the ResourceVersion in the precondition (${p.resourceVersion}) does not match the ResourceVersion in record (${obj.metadata.resourceVersion ?? ''}). The object might have been modified`,
    );
  }
}

function shortenPendingDeletion(obj: ApiObject, options: DeleteOptions, clock: () => number): DeleteDecision {
  const meta = obj.metadata;
  const existingGrace = meta.deletionGracePeriodSeconds ?? 0;
  if (existingGrace === 0) return { graceful: false, gracefulPending: false };
  if (options.gracePeriodSeconds === undefined) {
    options.gracePeriodSeconds = existingGrace;
    return { graceful: false, gracefulPending: true };
  }
  const period = options.gracePeriodSeconds;
  if (period >= existingGrace) return { graceful: false, gracefulPending: true };
  const started = Date.parse(meta.deletionTimestamp ?? '') - existingGrace * 1000;
  const at = Number.isNaN(started) ? clock() + period * 1000 : started + period * 1000;
  meta.deletionTimestamp = nowTime(() => at);
  meta.deletionGracePeriodSeconds = period;
  return { graceful: true, gracefulPending: false };
}

/**
 * Decides and prepares a delete (`rest.BeforeDelete`): validates options (422), checks preconditions (409),
 * normalizes negative grace periods to 1, then handles an already pending graceful deletion or asks the
 * strategy's `checkGracefulDelete`, setting `deletionTimestamp`, `deletionGracePeriodSeconds` and bumping
 * `generation`. Mutates `obj` and `options`.
 */
export function beforeDelete(
  strategy: RESTDeleteStrategy,
  ctx: RequestContext,
  obj: ApiObject,
  options: DeleteOptions,
  kind: QualifiedKind,
  clock: () => number = Date.now,
): DeleteDecision {
  const errs = validateDeleteOptions(options);
  if (errs.length > 0) throw newInvalid({ group: 'meta.k8s.io', kind: 'DeleteOptions' }, '', errs);
  checkPreconditions(obj, options, kind);
  const meta = obj.metadata;
  if (options.gracePeriodSeconds !== undefined && options.gracePeriodSeconds < 0) options.gracePeriodSeconds = 1;
  if (meta.deletionGracePeriodSeconds !== undefined && meta.deletionGracePeriodSeconds < 0) meta.deletionGracePeriodSeconds = 1;
  if (strategy.checkGracefulDelete === undefined) return { graceful: false, gracefulPending: false };
  if (meta.deletionTimestamp !== undefined) return shortenPendingDeletion(obj, options, clock);
  if (!strategy.checkGracefulDelete(ctx, obj, options)) return { graceful: false, gracefulPending: false };
  const grace = options.gracePeriodSeconds;
  if (grace === undefined) throw newInternalError('options.GracePeriodSeconds should not be nil');
  meta.deletionTimestamp = nowTime(() => clock() + grace * 1000);
  meta.deletionGracePeriodSeconds = grace;
  if ((meta.generation ?? 0) > 0) meta.generation = (meta.generation ?? 0) + 1;
  return { graceful: true, gracefulPending: false };
}
