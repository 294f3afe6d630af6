/**
 * The namespace status conditions the deleter maintains (pkg/controller/namespace/deletion
 * `namespaceConditionUpdater`): one condition per type, False with an "ok" reason and message unless a
 * failure of that type was recorded during this pass.
 * @module
 */
import { nowTime } from '@apiserver/runtime';
import { isRecord, recordsAt, stringAt } from '../../object-fields.js';

/** The condition types, in the order upstream writes them. */
export const NAMESPACE_CONDITION_TYPES = [
  'NamespaceDeletionDiscoveryFailure',
  'NamespaceDeletionGroupVersionParsingFailure',
  'NamespaceDeletionContentFailure',
  'NamespaceContentRemaining',
  'NamespaceFinalizersRemaining',
] as const;

/** One of the namespace deletion condition types. */
export type NamespaceConditionType = (typeof NAMESPACE_CONDITION_TYPES)[number];

const OK: Record<NamespaceConditionType, { reason: string; message: string }> = {
  NamespaceDeletionDiscoveryFailure: { reason: 'ResourcesDiscovered', message: 'All resources successfully discovered' },
  NamespaceDeletionGroupVersionParsingFailure: { reason: 'ParsedGroupVersions', message: 'All legacy kube types successfully parsed' },
  NamespaceDeletionContentFailure: { reason: 'ContentDeleted', message: 'All content successfully deleted, may be waiting on finalization' },
  NamespaceContentRemaining: { reason: 'ContentRemoved', message: 'All content successfully removed' },
  NamespaceFinalizersRemaining: { reason: 'ContentHasNoFinalizers', message: 'All content-preserving finalizers finished' },
};

const FAILED: Record<NamespaceConditionType, { reason: string; prefix: string }> = {
  NamespaceDeletionDiscoveryFailure: { reason: 'DiscoveryFailed', prefix: 'Discovery failed for some groups' },
  NamespaceDeletionGroupVersionParsingFailure: { reason: 'GroupVersionParsingFailed', prefix: 'Failed to parse some group versions' },
  NamespaceDeletionContentFailure: { reason: 'ContentDeletionFailed', prefix: 'Failed to delete all resource types' },
  NamespaceContentRemaining: { reason: 'SomeResourcesRemain', prefix: 'Some resources are remaining' },
  NamespaceFinalizersRemaining: { reason: 'SomeFinalizersRemain', prefix: 'Some content in the namespace has finalizers remaining' },
};

/** A namespace condition as stored. */
export interface NamespaceCondition {
  /** The condition type. */
  type: string;
  /** `True` or `False`. */
  status: string;
  /** When the status last changed. */
  lastTransitionTime?: string;
  /** Machine-readable reason. */
  reason?: string;
  /** Human-readable message. */
  message?: string;
}

/** Collects the failures of one deletion pass and turns them into the namespace's conditions. */
export class NamespaceConditionUpdater {
  readonly #failures = new Map<NamespaceConditionType, string[]>();

  /** Records a failure message of `type`. */
  add(type: NamespaceConditionType, message: string): void {
    this.#failures.set(type, [...(this.#failures.get(type) ?? []), message]);
  }

  /** The conditions for this pass; a condition whose status is unchanged keeps its lastTransitionTime. */
  conditions(existing: readonly NamespaceCondition[], clock: () => number = Date.now): NamespaceCondition[] {
    return NAMESPACE_CONDITION_TYPES.map((type) => {
      const failures = this.#failures.get(type) ?? [];
      const next =
        failures.length === 0
          ? { type, status: 'False', ...OK[type] }
          : { type, status: 'True', reason: FAILED[type].reason, message: `${FAILED[type].prefix}: ${failures.join(', ')}` };
      const old = existing.find((c) => c.type === type);
      const lastTransitionTime = old !== undefined && old.status === next.status ? old.lastTransitionTime : nowTime(clock);
      return { ...next, ...(lastTransitionTime !== undefined && { lastTransitionTime }) };
    });
  }
}

/** The conditions stored in a namespace's status. */
export function conditionsOf(ns: unknown): NamespaceCondition[] {
  const status = isRecord(ns) ? ns.status : undefined;
  return recordsAt(status, 'conditions').map((c) => ({
    type: stringAt(c, 'type'),
    status: stringAt(c, 'status'),
    ...(typeof c.lastTransitionTime === 'string' && { lastTransitionTime: c.lastTransitionTime }),
    ...(typeof c.reason === 'string' && { reason: c.reason }),
    ...(typeof c.message === 'string' && { message: c.message }),
  }));
}

/** Whether two condition lists say the same (type, status, reason, message), ignoring transition times. */
export function sameConditions(a: readonly NamespaceCondition[], b: readonly NamespaceCondition[]): boolean {
  const key = (c: NamespaceCondition) => `${c.type}\u0000${c.status}\u0000${c.reason ?? ''}\u0000${c.message ?? ''}`;
  return a.length === b.length && a.every((c, i) => b[i] !== undefined && key(c) === key(b[i]));
}
