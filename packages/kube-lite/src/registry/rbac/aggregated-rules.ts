/**
 * The rules of an aggregated ClusterRole (what the clusterrole-aggregation controller writes): those of every
 * ClusterRole its `aggregationRule` selectors pick, itself left out, in name order, each rule once.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { labelSelectorAsSelector, type LabelSelectorSpec } from '@apiserver/runtime';
import { type PolicyRule, sameRule } from '@apiserver/server';
import { isRecord, recordAt } from '../../object-fields.js';

function selectorsOf(role: ApiObject): LabelSelectorSpec[] | undefined {
  const rule = recordAt(role, 'aggregationRule');
  if (rule === undefined) return undefined;
  const selectors = rule.clusterRoleSelectors;
  return Array.isArray(selectors) ? (selectors.filter(isRecord) as LabelSelectorSpec[]) : [];
}

/** The rules a role holds itself. */
export function rulesOf(role: ApiObject): PolicyRule[] {
  return Array.isArray(role.rules) ? role.rules.filter(isRecord) : [];
}

const byName = (a: ApiObject, b: ApiObject): number => {
  const x = a.metadata.name ?? '';
  const y = b.metadata.name ?? '';
  return x < y ? -1 : x > y ? 1 : 0;
};

/** The rules an aggregated role should have: those of the roles its selectors pick, by name, each once. */
export function aggregatedRules(role: ApiObject, all: readonly ApiObject[]): PolicyRule[] | undefined {
  const selectors = selectorsOf(role);
  if (selectors === undefined) return undefined;
  const matchers = selectors.map((s) => labelSelectorAsSelector(s));
  const rules: PolicyRule[] = [];
  for (const other of [...all].sort(byName)) {
    if (other.metadata.name === role.metadata.name || !matchers.some((m) => m.matches(other.metadata.labels ?? {}))) continue;
    for (const r of rulesOf(other)) if (!rules.some((have) => sameRule(have, r))) rules.push(r);
  }
  return rules;
}

/** Whether two rule lists are the same, in order. */
export function sameRules(a: readonly PolicyRule[], b: readonly PolicyRule[]): boolean {
  return a.length === b.length && a.every((r, i) => sameRule(r, b[i] as PolicyRule));
}

/** Whether `role` has an `aggregationRule`. */
export function isAggregated(role: ApiObject): boolean {
  return selectorsOf(role) !== undefined;
}
