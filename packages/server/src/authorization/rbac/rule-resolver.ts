/**
 * The rules that apply to a user (upstream `DefaultRuleResolver`): ClusterRoleBindings first, then the
 * RoleBindings of the request namespace; each binding whose subjects name the user contributes the rules its role
 * holds. As upstream, a ClusterRole's `aggregationRule` is not read here: the clusterrole-aggregation controller
 * writes the picked roles' rules into the aggregated role, and the authorizer reads what is stored.
 * @module
 */
import { goQuote, newNotFound, type StatusError } from '@apiserver/runtime';
import { appliesTo, describeBinding, type RBACUser } from './subjects.js';
import type { BindingObject, PolicyRule, RBACRuleSource, RoleRef } from './types.js';

/**
 * Receives each applicable rule with a description of its source, or a resolution error; returning false stops
 * the visit (upstream's visitor function).
 */
export type RuleVisitor = (source: string | undefined, rule: PolicyRule | undefined, err: Error | undefined) => boolean;

/** Thrown (and reported) for a role reference of an unsupported kind. */
export class RoleResolutionError extends Error {
  /** Creates the error. */
  constructor(message: string) {
    super(message);
    this.name = 'RoleResolutionError';
  }
}

/** The lister's NotFound: `clusterrole.rbac.authorization.k8s.io "name" not found` (404). */
function notFound(resource: 'role' | 'clusterrole', name: string): StatusError {
  return newNotFound({ group: 'rbac.authorization.k8s.io', resource }, name);
}

function asError(err: unknown): Error {
  return err instanceof Error ? err : new Error(String(err));
}

/** Resolves role references and visits the rules of a user; one instance memoizes ClusterRole lookups. */
export class RuleResolver {
  readonly #source: RBACRuleSource;
  readonly #clusterRoles = new Map<string, Promise<readonly PolicyRule[]>>();

  /** A resolver over `source`; create one per request so the memo never serves stale roles. */
  constructor(source: RBACRuleSource) {
    this.#source = source;
  }

  /** The rules granted by `roleRef` (a Role in `bindingNamespace`, or a ClusterRole); throws when unresolvable. */
  async getRoleReferenceRules(roleRef: RoleRef, bindingNamespace: string): Promise<readonly PolicyRule[]> {
    if (roleRef.kind === 'Role') {
      const role = await this.#source.getRole(bindingNamespace, roleRef.name);
      if (role === undefined) throw notFound('role', roleRef.name);
      return role.rules ?? [];
    }
    if (roleRef.kind === 'ClusterRole') return this.clusterRoleRules(roleRef.name);
    throw new RoleResolutionError(`unsupported role reference kind: ${goQuote(roleRef.kind)}`);
  }

  /** The rules the ClusterRole `name` holds (looked up once per resolver); throws NotFound when it does not exist. */
  clusterRoleRules(name: string): Promise<readonly PolicyRule[]> {
    let rules = this.#clusterRoles.get(name);
    if (rules === undefined) {
      rules = this.#source.getClusterRole(name).then((role) => {
        if (role === undefined) throw notFound('clusterrole', name);
        return role.rules ?? [];
      });
      this.#clusterRoles.set(name, rules);
    }
    return rules;
  }

  /** Visits every rule that applies to `user` in `namespace` (cluster-wide bindings only when it is ''). */
  async visitRulesFor(user: RBACUser, namespace: string, visitor: RuleVisitor): Promise<void> {
    let clusterBindings: readonly BindingObject[] = [];
    try {
      clusterBindings = await this.#source.listClusterRoleBindings();
    } catch (err) {
      if (!visitor(undefined, undefined, asError(err))) return;
    }
    if (!(await this.#visitBindings(user, clusterBindings, '', visitor))) return;
    if (namespace === '') return;
    let bindings: readonly BindingObject[];
    try {
      bindings = await this.#source.listRoleBindings(namespace);
    } catch (err) {
      visitor(undefined, undefined, asError(err));
      return;
    }
    await this.#visitBindings(user, bindings, namespace, visitor);
  }

  async #visitBindings(user: RBACUser, bindings: readonly BindingObject[], namespace: string, visitor: RuleVisitor): Promise<boolean> {
    for (const binding of bindings) {
      const subject = appliesTo(user, binding.subjects, namespace);
      if (subject === undefined) continue;
      let rules: readonly PolicyRule[];
      try {
        rules = await this.getRoleReferenceRules(binding.roleRef, namespace);
      } catch (err) {
        if (!visitor(undefined, undefined, asError(err))) return false;
        continue;
      }
      const source = describeBinding(binding, subject, namespace === '');
      for (const rule of rules) if (!visitor(source, rule, undefined)) return false;
    }
    return true;
  }

  /** Every rule that applies to `user` in `namespace`, with the resolution errors met (upstream `RulesFor`). */
  async rulesFor(user: RBACUser, namespace: string): Promise<{ rules: PolicyRule[]; errors: Error[] }> {
    const rules: PolicyRule[] = [];
    const errors: Error[] = [];
    await this.visitRulesFor(user, namespace, (_source, rule, err) => {
      if (rule !== undefined) rules.push(rule);
      if (err !== undefined) errors.push(err);
      return true;
    });
    return { rules, errors };
  }
}

const LIST_KEYS = ['verbs', 'apiGroups', 'resources', 'resourceNames', 'nonResourceURLs'] as const;

/** Whether two rules list the same values (order-sensitive, as Go's semantic equality). */
export function sameRule(a: PolicyRule, b: PolicyRule): boolean {
  return LIST_KEYS.every((k) => {
    const x = a[k] ?? [];
    const y = b[k] ?? [];
    return x.length === y.length && x.every((v, i) => v === y[i]);
  });
}
