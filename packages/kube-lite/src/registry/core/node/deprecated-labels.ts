/**
 * Deprecated node labels (pkg/api/node `GetNodeLabelDeprecatedMessage`, `GetWarningsForNodeSelectorTerm`): a pod,
 * template or RuntimeClass that selects nodes by one of them gets a warning naming its replacement.
 * @module
 */
import type { FieldPath } from '@apiserver/runtime';
import { recordsAt, stringAt } from '../../../object-fields.js';

/** The deprecated node labels of kube-apiserver 1.32 and what to say about each. */
const DEPRECATED_NODE_LABELS: ReadonlyMap<string, string> = new Map([
  ['beta.kubernetes.io/arch', 'deprecated since v1.14; use "kubernetes.io/arch" instead'],
  ['beta.kubernetes.io/os', 'deprecated since v1.14; use "kubernetes.io/os" instead'],
  ['failure-domain.beta.kubernetes.io/region', 'deprecated since v1.17; use "topology.kubernetes.io/region" instead'],
  ['failure-domain.beta.kubernetes.io/zone', 'deprecated since v1.17; use "topology.kubernetes.io/zone" instead'],
  ['beta.kubernetes.io/instance-type', 'deprecated since v1.17; use "node.kubernetes.io/instance-type" instead'],
  ['app.kubernetes.io/created-by', 'deprecated since v1.9'],
  ['scheduler.alpha.kubernetes.io/preferAvoidPods', 'deprecated since v1.22; use Taints and Tolerations instead'],
  ['node-role.kubernetes.io/master', 'use "node-role.kubernetes.io/control-plane" instead'],
]);

/** What is said of a deprecated node label, or undefined when `key` is not one. */
export function nodeLabelDeprecatedMessage(key: string): string | undefined {
  return DEPRECATED_NODE_LABELS.get(key);
}

/** Warnings for the deprecated node labels a node selector term's matchExpressions use (`<path>: <key> is <message>`). */
export function warningsForNodeSelectorTerm(term: unknown, path: FieldPath): string[] {
  const warnings: string[] = [];
  recordsAt(term, 'matchExpressions').forEach((expression, i) => {
    const key = stringAt(expression, 'key');
    const msg = nodeLabelDeprecatedMessage(key);
    if (msg !== undefined) warnings.push(`${path.child('matchExpressions').index(i).child('key')}: ${key} is ${msg}`);
  });
  return warnings;
}
