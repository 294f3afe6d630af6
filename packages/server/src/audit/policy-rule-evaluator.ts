/**
 * The policy checker (apiserver `pkg/audit/policy/checker.go`): the first rule matching a request's
 * authorization attributes gives its level, stages to omit and managedFields handling.
 * @module
 */
import type { Attributes } from '../authorization/authorizer.js';
import type { AuditPolicy, AuditStage, GroupResources, PolicyRule, RequestAuditConfig } from './policy.js';

function isEmpty(list: readonly unknown[] | undefined): boolean {
  return list === undefined || list.length === 0;
}

/** A non-resource URL rule: `*`, the exact path, or a prefix ending in `*`. */
export function pathMatches(path: string, spec: string): boolean {
  if (spec === '*' || spec === path) return true;
  return spec.endsWith('*') && path.startsWith(spec.replace(/\*+$/, ''));
}

function resourceMatches(spec: string, resource: string, subresource: string): boolean {
  const combined = subresource === '' ? resource : `${resource}/${subresource}`;
  if (spec === combined || spec === '*') return true;
  if (subresource !== '' && spec.startsWith('*/') && spec.slice(2) === subresource) return true;
  return spec.endsWith('/*') && spec.slice(0, -2) === resource;
}

function groupResourcesMatch(gr: GroupResources, a: Attributes): boolean {
  if ((gr.group ?? '') !== a.apiGroup) return false;
  if (isEmpty(gr.resources)) return true;
  if (!isEmpty(gr.resourceNames) && !gr.resourceNames?.includes(a.name)) return false;
  return (gr.resources ?? []).some((spec) => resourceMatches(spec, a.resource, a.subresource));
}

function ruleMatchesResource(rule: PolicyRule, a: Attributes): boolean {
  if (!a.isResourceRequest) return false;
  if (!isEmpty(rule.namespaces) && !rule.namespaces?.includes(a.namespace)) return false;
  if (isEmpty(rule.resources)) return true;
  return (rule.resources ?? []).some((gr) => groupResourcesMatch(gr, a));
}

/** Whether `rule` applies to a request with attributes `a`. */
export function ruleMatches(rule: PolicyRule, a: Attributes): boolean {
  const user = a.user;
  if (!isEmpty(rule.users) && (user === undefined || !rule.users?.includes(user.name))) return false;
  if (!isEmpty(rule.userGroups) && (user === undefined || !user.groups.some((g) => rule.userGroups?.includes(g)))) return false;
  if (!isEmpty(rule.verbs) && !rule.verbs?.includes(a.verb)) return false;
  if (!isEmpty(rule.namespaces) || !isEmpty(rule.resources)) return ruleMatchesResource(rule, a);
  if (!isEmpty(rule.nonResourceURLs)) return !a.isResourceRequest && (rule.nonResourceURLs ?? []).some((spec) => pathMatches(a.path, spec));
  return true;
}

function unionStages(a: readonly AuditStage[] | undefined, b: readonly AuditStage[] | undefined): AuditStage[] {
  return [...new Set([...(a ?? []), ...(b ?? [])])];
}

/** Decides each request's audit level from a policy (`policy.PolicyRuleEvaluator`). */
export class PolicyRuleEvaluator {
  readonly #policy: AuditPolicy;
  readonly #none: RequestAuditConfig;

  /** An evaluator of `policy` (assumed valid: see `parseAuditPolicy`). */
  constructor(policy: AuditPolicy) {
    this.#policy = policy;
    this.#none = { level: 'None', omitStages: [...(policy.omitStages ?? [])], omitManagedFields: false };
  }

  /** The audit configuration of a request: the first matching rule's, or level None. */
  evaluatePolicyRule(a: Attributes): RequestAuditConfig {
    const rule = this.#policy.rules.find((r) => ruleMatches(r, a));
    if (rule === undefined) return this.#none;
    return {
      level: rule.level,
      omitStages: unionStages(this.#policy.omitStages, rule.omitStages),
      omitManagedFields: rule.omitManagedFields ?? this.#policy.omitManagedFields ?? false,
    };
  }
}
