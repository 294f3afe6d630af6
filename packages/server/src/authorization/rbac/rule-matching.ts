/**
 * Whether one PolicyRule allows a request (upstream `RuleAllows` and the `rbac/v1/helpers` matchers).
 * @module
 */
import type { Attributes } from '../authorizer.js';
import type { PolicyRule } from './types.js';

/** `*`: every verb, group or resource. */
export const ALL = '*';

/** Whether the rule names `verb` or `*`. */
export function verbMatches(rule: PolicyRule, verb: string): boolean {
  return (rule.verbs ?? []).some((v) => v === ALL || v === verb);
}

/** Whether the rule names `group` or `*`. */
export function apiGroupMatches(rule: PolicyRule, group: string): boolean {
  return (rule.apiGroups ?? []).some((g) => g === ALL || g === group);
}

/**
 * Whether the rule covers `combined` (`resource` or `resource/subresource`): `*`, an exact match, or
 * `*\/subresource` for a subresource request.
 */
export function resourceMatches(rule: PolicyRule, combined: string, subresource: string): boolean {
  for (const r of rule.resources ?? []) {
    if (r === ALL || r === combined) return true;
    if (subresource === '') continue;
    if (r.length === subresource.length + 2 && r.startsWith('*/') && r.endsWith(subresource)) return true;
  }
  return false;
}

/** Whether the rule has no resourceNames, or names `name`. */
export function resourceNameMatches(rule: PolicyRule, name: string): boolean {
  const names = rule.resourceNames ?? [];
  return names.length === 0 || names.includes(name);
}

/** Trims every trailing `*` (Go's `strings.TrimRight(s, "*")`). */
export function trimStars(s: string): string {
  let end = s.length;
  while (end > 0 && s[end - 1] === '*') end--;
  return s.slice(0, end);
}

/** Whether a non-resource URL pattern (`*`, exact, or `prefix*`) covers `path`. */
export function nonResourceURLCovers(pattern: string, path: string): boolean {
  if (pattern === ALL || pattern === path) return true;
  return pattern.endsWith('*') && path.startsWith(trimStars(pattern));
}

/** Whether the rule's nonResourceURLs cover `path`. */
export function nonResourceURLMatches(rule: PolicyRule, path: string): boolean {
  return (rule.nonResourceURLs ?? []).some((u) => nonResourceURLCovers(u, path));
}

/** Whether `rule` allows the request (upstream `RuleAllows`). */
export function ruleAllows(a: Attributes, rule: PolicyRule): boolean {
  if (a.isResourceRequest) {
    const combined = a.subresource === '' ? a.resource : `${a.resource}/${a.subresource}`;
    return (
      verbMatches(rule, a.verb) &&
      apiGroupMatches(rule, a.apiGroup) &&
      resourceMatches(rule, combined, a.subresource) &&
      resourceNameMatches(rule, a.name)
    );
  }
  return verbMatches(rule, a.verb) && nonResourceURLMatches(rule, a.path);
}
