/**
 * Whether a quota scope selects a pod (pkg/quota/v1/evaluator/core `podMatchesScopeFunc`): Terminating (an
 * `activeDeadlineSeconds` ≥ 0), NotTerminating, BestEffort (no cpu or memory request or limit anywhere),
 * NotBestEffort, PriorityClass (its `priorityClassName` against In / NotIn / Exists / DoesNotExist) and
 * CrossNamespacePodAffinity (an affinity term naming other namespaces or selecting them).
 * @module
 */
import { quantitySign } from '@apiserver/runtime';
import type { ApiObject } from '../../rest/types.js';
import type { ScopeSelectorRequirement } from '../evaluator.js';
import { containerResources, containersOf } from '../pod-resources.js';
import { isRecord, recordAt, type JSONRecord } from '../json-record.js';

function specOf(pod: ApiObject): JSONRecord {
  return recordAt(pod, 'spec');
}

/** An `activeDeadlineSeconds` of zero or more makes a pod terminating. */
export function isTerminatingPod(pod: ApiObject): boolean {
  const deadline = specOf(pod)['activeDeadlineSeconds'];
  return typeof deadline === 'number' && deadline >= 0;
}

/** No container or init container requests or limits a non-zero cpu or memory (QoS class BestEffort). */
export function isBestEffortPod(pod: ApiObject): boolean {
  for (const c of [...containersOf(pod, 'initContainers'), ...containersOf(pod, 'containers')]) {
    for (const which of ['requests', 'limits'] as const) {
      for (const [name, q] of containerResources(c, which)) if ((name === 'cpu' || name === 'memory') && quantitySign(q) !== 0) return false;
    }
  }
  return true;
}

function affinityTerms(affinity: unknown): JSONRecord[] {
  if (!isRecord(affinity)) return [];
  const required = Array.isArray(affinity['requiredDuringSchedulingIgnoredDuringExecution']) ? affinity['requiredDuringSchedulingIgnoredDuringExecution'] : [];
  const preferred = Array.isArray(affinity['preferredDuringSchedulingIgnoredDuringExecution']) ? affinity['preferredDuringSchedulingIgnoredDuringExecution'] : [];
  return [...required.filter(isRecord), ...preferred.filter(isRecord).map((w) => w['podAffinityTerm']).filter(isRecord)];
}

/** A pod (anti-)affinity term lists namespaces or has a namespace selector. */
export function usesCrossNamespacePodAffinity(pod: ApiObject): boolean {
  const affinity = specOf(pod)['affinity'];
  if (!isRecord(affinity)) return false;
  const terms = [...affinityTerms(affinity['podAffinity']), ...affinityTerms(affinity['podAntiAffinity'])];
  return terms.some((t) => (Array.isArray(t['namespaces']) && t['namespaces'].length > 0) || isRecord(t['namespaceSelector']));
}

/** The PriorityClass requirement as a label selector over `{PriorityClass: <name>}` (no label when the pod names none). */
function matchesPriorityClass(pod: ApiObject, selector: ScopeSelectorRequirement): boolean {
  const name = specOf(pod)['priorityClassName'];
  const value = typeof name === 'string' && name !== '' ? name : undefined;
  const values = selector.values ?? [];
  switch (selector.operator) {
    case 'Exists':
      return value !== undefined;
    case 'DoesNotExist':
      return value === undefined;
    case 'In':
      return value !== undefined && values.includes(value);
    case 'NotIn':
      return value === undefined || !values.includes(value);
    default:
      return false;
  }
}

/** Whether the scope requirement selects the pod. */
export function podMatchesScope(selector: ScopeSelectorRequirement, pod: ApiObject): boolean {
  switch (selector.scopeName) {
    case 'Terminating':
      return isTerminatingPod(pod);
    case 'NotTerminating':
      return !isTerminatingPod(pod);
    case 'BestEffort':
      return isBestEffortPod(pod);
    case 'NotBestEffort':
      return !isBestEffortPod(pod);
    case 'PriorityClass':
      return matchesPriorityClass(pod, selector);
    case 'CrossNamespacePodAffinity':
      return usesCrossNamespacePodAffinity(pod);
    default:
      return false;
  }
}
