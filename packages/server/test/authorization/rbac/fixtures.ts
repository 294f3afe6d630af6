/** Builders of RBAC objects and attributes for the RBAC tests (upstream rbac_test.go helpers), and an in-memory rule source. */
import type { Attributes } from '../../../src/authorization/authorizer.js';
import type { BindingObject, ClusterRoleObject, PolicyRule, RBACRuleSource, RoleObject, Subject } from '../../../src/authorization/rbac/types.js';

const list = (s: string): string[] => (s === '' ? [] : s.split(','));

/**
 * `newRule(verbs, apiGroups, resources, nonResourceURLs)` with comma-separated lists split as Go's
 * `strings.Split` (`''` is the core group); with URLs the rule has only verbs and nonResourceURLs.
 */
export function rule(verbs: string, groups: string, resources: string, urls = '', names = ''): PolicyRule {
  if (urls !== '') return { verbs: verbs.split(','), nonResourceURLs: urls.split(',') };
  return { verbs: verbs.split(','), apiGroups: groups.split(','), resources: resources.split(','), ...(names !== '' && { resourceNames: names.split(',') }) };
}

/** A ClusterRole. */
export function clusterRole(name: string, rules: PolicyRule[], labels?: Record<string, string>, selectors?: ClusterRoleObject['aggregationRule']): ClusterRoleObject {
  return { metadata: { name, ...(labels !== undefined && { labels }) }, rules, ...(selectors !== undefined && { aggregationRule: selectors }) };
}

/** A Role. */
export function role(namespace: string, name: string, rules: PolicyRule[]): RoleObject {
  return { metadata: { name, namespace }, rules };
}

/** Subjects from `Kind:name` (ServiceAccount `ServiceAccount:ns:name`, namespace optional). */
export function subjects(...specs: string[]): Subject[] {
  return specs.map((spec) => {
    const [kind = '', a = '', b] = spec.split(':');
    if (kind === 'ServiceAccount') return b === undefined ? { kind, name: a } : { kind, namespace: a, name: b };
    return { kind, name: spec.slice(kind.length + 1), apiGroup: 'rbac.authorization.k8s.io' };
  });
}

/** A RoleBinding in `namespace` to a Role or ClusterRole. */
export function roleBinding(namespace: string, name: string, kind: 'Role' | 'ClusterRole', role: string, ...specs: string[]): BindingObject {
  return { metadata: { name, namespace }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind, name: role }, subjects: subjects(...specs) };
}

/** A ClusterRoleBinding named as its ClusterRole. */
export function clusterRoleBinding(role: string, ...specs: string[]): BindingObject {
  return { metadata: { name: role }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: role }, subjects: subjects(...specs) };
}

/** Resource request attributes (upstream `defaultAttributes{user, groups, verb, resource, subresource, namespace, apiGroup}`). */
export function resourceAttrs(user: string, groups: string, verb: string, resource: string, subresource: string, namespace: string, apiGroup = '', name = ''): Attributes {
  return { user: { name: user, uid: '', groups: list(groups) }, verb, isResourceRequest: true, path: '', namespace, apiGroup, apiVersion: 'v1', resource, subresource, name };
}

/** Non-resource request attributes. */
export function pathAttrs(user: string, groups: string, verb: string, path: string): Attributes {
  return { user: { name: user, uid: '', groups: list(groups) }, verb, isResourceRequest: false, path, namespace: '', apiGroup: '', apiVersion: '', resource: '', subresource: '', name: '' };
}

/** Contents of a {@link StaticRuleSource}. */
export interface StaticPolicy {
  roles?: RoleObject[];
  roleBindings?: BindingObject[];
  clusterRoles?: ClusterRoleObject[];
  clusterRoleBindings?: BindingObject[];
}

/** An in-memory RBACRuleSource; `failures` makes the named list calls throw; `calls` counts reads. */
export class StaticRuleSource implements RBACRuleSource {
  readonly policy: StaticPolicy;
  readonly failures = new Set<string>();
  calls = 0;

  constructor(policy: StaticPolicy) {
    this.policy = policy;
  }

  #fail(what: string): void {
    this.calls++;
    if (this.failures.has(what)) throw new Error(`${what} unavailable`);
  }

  async getRole(namespace: string, name: string): Promise<RoleObject | undefined> {
    this.#fail('roles');
    return (this.policy.roles ?? []).find((r) => r.metadata.namespace === namespace && r.metadata.name === name);
  }

  async getClusterRole(name: string): Promise<ClusterRoleObject | undefined> {
    this.#fail('clusterroles');
    return (this.policy.clusterRoles ?? []).find((r) => r.metadata.name === name);
  }

  async listRoleBindings(namespace: string): Promise<readonly BindingObject[]> {
    this.#fail('rolebindings');
    return (this.policy.roleBindings ?? []).filter((b) => b.metadata.namespace === namespace);
  }

  async listClusterRoleBindings(): Promise<readonly BindingObject[]> {
    this.#fail('clusterrolebindings');
    return this.policy.clusterRoleBindings ?? [];
  }
}
