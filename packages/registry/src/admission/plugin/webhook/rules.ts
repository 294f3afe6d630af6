/**
 * Whether a webhook rule matches a request (upstream predicates/rules `Matcher`): scope, operation, group,
 * version and resource/subresource, each with `*`.
 * @module
 */
import type { GroupVersionResource } from '@apiserver/runtime';
import type { Attributes } from '../../interfaces.js';
import type { RuleWithOperations } from './types.js';

/** The request facts a rule looks at (the resource may be an equivalent one under matchPolicy Equivalent). */
export interface RuleTarget {
  /** The operation. */
  readonly operation: Attributes['operation'];
  /** The resource (possibly an equivalent of the request's). */
  readonly resource: GroupVersionResource;
  /** The subresource, "" for the main resource. */
  readonly subresource: string;
  /** The request namespace, "" for cluster-scoped requests. */
  readonly namespace: string;
}

function isNamespaceResource(r: GroupVersionResource): boolean {
  return r.group === '' && r.version === 'v1' && r.resource === 'namespaces';
}

/** A Namespace is cluster-scoped even though its requests carry its own name as namespace. */
function scopeMatches(rule: RuleWithOperations, t: RuleTarget): boolean {
  const scope = rule.scope ?? '*';
  if (scope === '*') return true;
  if (scope === 'Namespaced') return !isNamespaceResource(t.resource) && t.namespace !== '';
  if (scope === 'Cluster') return isNamespaceResource(t.resource) || t.namespace === '';
  return false;
}

function listMatches(list: readonly string[] | undefined, value: string): boolean {
  return (list ?? []).some((v) => v === '*' || v === value);
}

function splitResource(entry: string): [string, string] {
  const slash = entry.indexOf('/');
  return slash === -1 ? [entry, ''] : [entry.slice(0, slash), entry.slice(slash + 1)];
}

function resourceMatches(rule: RuleWithOperations, t: RuleTarget): boolean {
  return (rule.resources ?? []).some((entry) => {
    const [res, sub] = splitResource(entry);
    return (res === '*' || res === t.resource.resource) && (sub === '*' || sub === t.subresource);
  });
}

/** True when `rule` matches the request `t`. */
export function ruleMatches(rule: RuleWithOperations, t: RuleTarget): boolean {
  return (
    scopeMatches(rule, t) &&
    listMatches(rule.operations, t.operation) &&
    listMatches(rule.apiGroups, t.resource.group) &&
    listMatches(rule.apiVersions, t.resource.version) &&
    resourceMatches(rule, t)
  );
}

const EXEMPT_KINDS: ReadonlySet<string> = new Set([
  'ValidatingWebhookConfiguration',
  'MutatingWebhookConfiguration',
  'ValidatingAdmissionPolicy',
  'ValidatingAdmissionPolicyBinding',
  'MutatingAdmissionPolicy',
  'MutatingAdmissionPolicyBinding',
]);

/**
 * Requests for the admission configuration kinds themselves never reach webhooks (upstream
 * `IsExemptAdmissionConfigurationResource`), so a broken webhook cannot lock its own configuration.
 */
export function isExemptAdmissionConfigurationResource(a: Attributes): boolean {
  return a.kind.group === 'admissionregistration.k8s.io' && EXEMPT_KINDS.has(a.kind.kind);
}
