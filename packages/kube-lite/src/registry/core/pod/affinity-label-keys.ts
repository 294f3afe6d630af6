/**
 * The pod strategy's merge of pod affinity terms' matchLabelKeys and mismatchLabelKeys into their label selectors
 * (pkg/registry/core/pod `mutatePodAffinity`, MatchLabelKeysInPodAffinity being beta and on in 1.32): on create, each
 * key the pod carries as a label becomes a selector requirement, `In` the pod's value for matchLabelKeys and `NotIn`
 * it for mismatchLabelKeys. Only pods are changed; templates keep their terms as written.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { isRecord, type JSONRecord, recordAt, recordsAt, stringMapAt, stringsAt } from '../../../object-fields.js';

/** Appends the requirements of one term's label keys to its selector (a term without a selector matches nothing). */
function applyLabelKeys(term: JSONRecord, labels: Readonly<Record<string, string>>): void {
  const selector = term.labelSelector;
  const matchKeys = stringsAt(term, 'matchLabelKeys');
  const mismatchKeys = stringsAt(term, 'mismatchLabelKeys');
  if ((matchKeys.length === 0 && mismatchKeys.length === 0) || !isRecord(selector)) return;
  const added: JSONRecord[] = [];
  for (const [keys, operator] of [
    [matchKeys, 'In'],
    [mismatchKeys, 'NotIn'],
  ] as const) {
    for (const key of keys) {
      if (Object.hasOwn(labels, key)) added.push({ key, operator, values: [labels[key]] });
    }
  }
  if (added.length > 0) selector.matchExpressions = [...recordsAt(selector, 'matchExpressions'), ...added];
}

/** The terms of a podAffinity or podAntiAffinity: required ones, then the weighted ones' podAffinityTerm. */
function termsOf(affinity: JSONRecord | undefined): JSONRecord[] {
  const weighted = recordsAt(affinity, 'preferredDuringSchedulingIgnoredDuringExecution').flatMap((w): JSONRecord[] => {
    const term = recordAt(w, 'podAffinityTerm');
    return term === undefined ? [] : [term];
  });
  return [...recordsAt(affinity, 'requiredDuringSchedulingIgnoredDuringExecution'), ...weighted];
}

/** Merges matchLabelKeys and mismatchLabelKeys of a new pod's podAffinity and podAntiAffinity terms into their selectors. */
export function mutatePodAffinity(pod: ApiObject): void {
  const affinity = recordAt(recordAt(pod, 'spec'), 'affinity');
  if (affinity === undefined) return;
  const labels = stringMapAt(pod.metadata, 'labels') ?? {};
  for (const field of ['podAffinity', 'podAntiAffinity']) {
    for (const term of termsOf(recordAt(affinity, field))) applyLabelKeys(term, labels);
  }
}
