/**
 * The rules of an aggregated ClusterRole (what the clusterrole-aggregation controller writes): those of every
 * ClusterRole its `aggregationRule` selectors pick, itself left out, in name order, each rule once. Roles are read as
 * the RBAC authorizer reads them (`toClusterRoleObject`).
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { labelSelectorAsSelector } from '@apiserver/runtime';
import { type PolicyRule, sameRule } from '@apiserver/server';
import { toClusterRoleObject } from './rule-source.js';

/** The rules a role holds itself. */
export function rulesOf(role: ApiObject): readonly PolicyRule[] {
  return toClusterRoleObject(role).rules ?? [];
}

/** Whether `role` has an `aggregationRule`. */
export function isAggregated(role: ApiObject): boolean {
  const aggregation = toClusterRoleObject(role).aggregationRule;
  return aggregation !== undefined && aggregation !== null;
}

const byName = (a: ApiObject, b: ApiObject): number => {
  const x = a.metadata.name ?? '';
  const y = b.metadata.name ?? '';
  return x < y ? -1 : x > y ? 1 : 0;
};

/** The rules an aggregated role should have: those of the roles its selectors pick, by name, each once. */
export function aggregatedRules(role: ApiObject, all: readonly ApiObject[]): PolicyRule[] | undefined {
  const aggregation = toClusterRoleObject(role).aggregationRule;
  if (aggregation === undefined || aggregation === null) return undefined;
  const matchers = (aggregation.clusterRoleSelectors ?? []).map((s) => labelSelectorAsSelector(s));
  const picked = all.filter((other) => other.metadata.name !== role.metadata.name && matchers.some((m) => m.matches(other.metadata.labels ?? {})));
  const rules: PolicyRule[] = [];
  for (const other of picked.sort(byName)) {
    for (const r of rulesOf(other)) if (!rules.some((have) => sameRule(have, r))) rules.push(r);
  }
  return rules;
}

/** Whether two rule lists are the same, in order. */
export function sameRules(a: readonly PolicyRule[], b: readonly PolicyRule[]): boolean {
  return a.length === b.length && a.every((r, i) => sameRule(r, b[i] as PolicyRule));
}
