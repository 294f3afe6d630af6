/**
 * The warning on creating or relabelling an exempt namespace with a non-privileged policy (`exemptNamespaceWarning`).
 * @module
 */
import { levelVersionString } from './api.js';
import { fullyPrivileged, type Policy, policyEquivalent, POD_SECURITY_PREFIX } from './policy.js';

/** `namespace "x" is exempt from Pod Security, and the policy (enforce=…, warn=…) will be ignored`, or undefined. */
export function exemptNamespaceWarning(namespace: string, policy: Policy, defaults: Policy, labels: Readonly<Record<string, string>>): string | undefined {
  if (fullyPrivileged(policy) || policyEquivalent(policy, defaults)) return undefined;
  const parts: string[] = [];
  for (const mode of ['enforce', 'audit', 'warn'] as const) {
    const lv = policy[mode];
    const labelled = `${POD_SECURITY_PREFIX}${mode}` in labels || `${POD_SECURITY_PREFIX}${mode}-version` in labels;
    if (lv.level !== 'privileged' && labelled) parts.push(`${mode}=${levelVersionString(lv)}`);
  }
  return `namespace "${namespace}" is exempt from Pod Security, and the policy (${parts.join(', ')}) will be ignored`;
}
