/**
 * Escalation prevention (upstream `pkg/registry/rbac/validation`): a user may only grant rules they hold
 * (`Covers`, `BreakdownRule`, `CompactRules`, `ConfirmNoEscalation`), unless they are in `system:masters`.
 * @module
 */
import { goQuote } from '@apiserver/runtime';
import { SYSTEM_PRIVILEGED_GROUP } from '../../authentication/user.js';
import { ALL, nonResourceURLCovers } from './rule-matching.js';
import type { RuleResolver } from './rule-resolver.js';
import type { RBACUser } from './subjects.js';
import type { PolicyRule } from './types.js';

/** Every permission there is (what setting an aggregationRule requires). */
export const FULL_AUTHORITY: readonly PolicyRule[] = [
  { verbs: [ALL], apiGroups: [ALL], resources: [ALL] },
  { verbs: [ALL], nonResourceURLs: [ALL] },
];

const list = (v: readonly string[] | null | undefined): readonly string[] => v ?? [];

/** One rule per (group, resource, verb[, name]) and per (nonResourceURL, verb) (upstream `BreakdownRule`). */
export function breakdownRule(rule: PolicyRule): PolicyRule[] {
  const out: PolicyRule[] = [];
  const names = list(rule.resourceNames);
  for (const group of list(rule.apiGroups)) {
    for (const resource of list(rule.resources)) {
      for (const verb of list(rule.verbs)) {
        if (names.length === 0) out.push({ apiGroups: [group], resources: [resource], verbs: [verb] });
        for (const name of names) out.push({ apiGroups: [group], resources: [resource], verbs: [verb], resourceNames: [name] });
      }
    }
  }
  for (const url of list(rule.nonResourceURLs)) for (const verb of list(rule.verbs)) out.push({ nonResourceURLs: [url], verbs: [verb] });
  return out;
}

function hasAll(set: readonly string[], wanted: readonly string[]): boolean {
  return wanted.every((w) => set.includes(w));
}

function resourceCoversAll(owned: readonly string[], wanted: readonly string[]): boolean {
  if (owned.includes(ALL) || hasAll(owned, wanted)) return true;
  return wanted.every((path) => {
    if (owned.includes(path)) return true;
    const slash = path.indexOf('/');
    return slash !== -1 && owned.includes(`*/${path.slice(slash + 1)}`);
  });
}

/** Whether `owner` covers every permission of `sub` (upstream `ruleCovers`). */
export function ruleCovers(owner: PolicyRule, sub: PolicyRule): boolean {
  const verbs = list(owner.verbs).includes(ALL) || hasAll(list(owner.verbs), list(sub.verbs));
  const groups = list(owner.apiGroups).includes(ALL) || hasAll(list(owner.apiGroups), list(sub.apiGroups));
  const resources = resourceCoversAll(list(owner.resources), list(sub.resources));
  const urls = list(sub.nonResourceURLs).every((p) => list(owner.nonResourceURLs).some((o) => nonResourceURLCovers(o, p)));
  const ownerNames = list(owner.resourceNames);
  const subNames = list(sub.resourceNames);
  const names = subNames.length === 0 ? ownerNames.length === 0 : ownerNames.length === 0 || hasAll(ownerNames, subNames);
  return verbs && groups && resources && names && urls;
}

/** Whether `owner` rules cover all `servant` rules, and the broken-down rules they miss (upstream `Covers`). */
export function covers(owner: readonly PolicyRule[], servant: readonly PolicyRule[]): { covered: boolean; missing: PolicyRule[] } {
  const missing = servant.flatMap(breakdownRule).filter((sub) => !owner.some((o) => ruleCovers(o, sub)));
  return { covered: missing.length === 0, missing };
}

/** Merges rules on one group and one resource (and at most one name) by appending verbs (upstream `CompactRules`). */
export function compactRules(rules: readonly PolicyRule[]): PolicyRule[] {
  const compacted: PolicyRule[] = [];
  const simple = new Map<string, { apiGroups: string[]; resources: string[]; verbs: string[]; resourceNames?: string[] }>();
  for (const rule of rules) {
    const groups = list(rule.apiGroups);
    const resources = list(rule.resources);
    const names = list(rule.resourceNames);
    if (names.length > 1 || list(rule.nonResourceURLs).length > 0 || groups.length !== 1 || resources.length !== 1) {
      compacted.push(rule);
      continue;
    }
    const key = JSON.stringify([groups[0], resources[0], names.length > 0, names[0] ?? '']);
    const existing = simple.get(key);
    if (existing !== undefined) existing.verbs.push(...list(rule.verbs));
    else simple.set(key, { apiGroups: [...groups], resources: [...resources], verbs: [...list(rule.verbs)], ...(names.length > 0 && { resourceNames: [...names] }) });
  }
  return [...compacted, ...simple.values()];
}

/** Go's `%q` of a `[]string`: `["a" "b"]`. */
export function goQuoteList(values: readonly string[]): string {
  return `[${values.map(goQuote).join(' ')}]`;
}

/** A rule in upstream's `CompactString` form, e.g. `{APIGroups:[""], Resources:["secrets"], Verbs:["get"]}`. */
export function compactString(r: PolicyRule): string {
  const parts: string[] = [];
  const add = (label: string, v: readonly string[] | null | undefined) => {
    if (list(v).length > 0) parts.push(`${label}:${goQuoteList(list(v))}`);
  };
  add('APIGroups', r.apiGroups);
  add('Resources', r.resources);
  add('NonResourceURLs', r.nonResourceURLs);
  add('ResourceNames', r.resourceNames);
  add('Verbs', r.verbs);
  return `{${parts.join(', ')}}`;
}

/** Whether the user is in `system:masters`, which may grant anything (upstream `EscalationAllowed`). */
export function escalationAllowed(user: RBACUser | undefined): boolean {
  return user !== undefined && (user.groups ?? []).includes(SYSTEM_PRIVILEGED_GROUP);
}

/**
 * The message of upstream `ConfirmNoEscalation` when `user` (in `namespace`) does not hold every rule of
 * `rules`, or undefined when they do: the missing rules compacted, described and sorted, one per line.
 */
export async function confirmNoEscalation(
  resolver: RuleResolver,
  user: RBACUser | undefined,
  namespace: string,
  rules: readonly PolicyRule[],
): Promise<string | undefined> {
  if (user === undefined) return 'no user on request';
  const owned = await resolver.rulesFor(user, namespace);
  const { covered, missing } = covers(owned.rules, rules);
  if (covered) return undefined;
  const descriptions = [...new Set(compactRules(missing).map(compactString))].sort();
  let msg = `user ${goQuote(user.name)} (groups=${goQuoteList(user.groups ?? [])}) is attempting to grant RBAC permissions not currently held:\n${descriptions.join('\n')}`;
  if (owned.errors.length > 0) msg += `; resolution errors: [${owned.errors.map((e) => e.message).join(' ')}]`;
  return msg;
}
