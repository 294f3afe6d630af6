/**
 * Listing what a user may do (k8s `authorizer.RuleResolver`, answered by SelfSubjectRulesReview): an authorizer
 * that can enumerate its rules implements {@link AuthorizerRuleResolver}; modes that cannot answer `incomplete`.
 * (The name differs from upstream's because `RuleResolver` is the RBAC role resolver here.)
 */
import type { UserInfo } from '../authentication/user.js';

/** Verbs on resources a user may use (k8s `authorizer.ResourceRuleInfo`). */
export interface ResourceRuleInfo {
  /** Verbs (`*` = all). */
  readonly verbs: readonly string[];
  /** API groups (`*` = all, `''` = core). */
  readonly apiGroups: readonly string[];
  /** Resources, `resource/subresource` for subresources (`*` = all). */
  readonly resources: readonly string[];
  /** Object names (empty = all). */
  readonly resourceNames: readonly string[];
}

/** Verbs on non-resource URLs a user may use (k8s `authorizer.NonResourceRuleInfo`). */
export interface NonResourceRuleInfo {
  /** Verbs (`*` = all). */
  readonly verbs: readonly string[];
  /** URL paths; a trailing `*` matches any suffix. */
  readonly nonResourceURLs: readonly string[];
}

/** The rules of one user in one namespace. */
export interface RulesInfo {
  /** Rules on resources. */
  readonly resourceRules: readonly ResourceRuleInfo[];
  /** Rules on non-resource URLs. */
  readonly nonResourceRules: readonly NonResourceRuleInfo[];
  /** True when the list may miss rules (the resolver cannot enumerate everything it would allow). */
  readonly incomplete: boolean;
  /** An error met while listing (the rules found so far are still returned). */
  readonly evaluationError?: string;
}

/** Lists the rules of a user in a namespace (k8s `authorizer.RuleResolver.RulesFor`). */
export interface AuthorizerRuleResolver {
  /** The rules `user` holds in `namespace` (`''` = cluster-wide rules only). */
  rulesInfoFor(user: UserInfo, namespace: string): RulesInfo | Promise<RulesInfo>;
}

/** Whether `value` implements {@link AuthorizerRuleResolver}. */
export function isAuthorizerRuleResolver(value: unknown): value is AuthorizerRuleResolver {
  return typeof value === 'object' && value !== null && typeof Reflect.get(value, 'rulesInfoFor') === 'function';
}

/** A policy rule as RBAC stores it (the fields {@link policyRuleResolver} reads). */
export interface PolicyRuleLike {
  /** Verbs. */
  readonly verbs: readonly string[];
  /** API groups. */
  readonly apiGroups?: readonly string[] | undefined;
  /** Resources. */
  readonly resources?: readonly string[] | undefined;
  /** Resource names. */
  readonly resourceNames?: readonly string[] | undefined;
  /** Non-resource URLs. */
  readonly nonResourceURLs?: readonly string[] | undefined;
}

/** Something that lists the policy rules of a user in a namespace with the errors met (the RBAC authorizer's `rulesFor`). */
export interface PolicyRuleSource {
  /** The policy rules of `user` in `namespace`. */
  rulesFor(user: UserInfo, namespace: string): Promise<{ readonly rules: readonly PolicyRuleLike[]; readonly errors: readonly Error[] }>;
}

/** Whether `value` lists policy rules (has `rulesFor`). */
export function isPolicyRuleSource(value: unknown): value is PolicyRuleSource {
  return typeof value === 'object' && value !== null && typeof Reflect.get(value, 'rulesFor') === 'function';
}

/**
 * Rules of a policy-rule source (upstream `RBACAuthorizer.RulesFor`): a rule with resources becomes a resource
 * rule, a rule with non-resource URLs a non-resource rule (a rule with both becomes both); errors are reported
 * in `evaluationError` while the answer stays complete, as upstream.
 */
export function policyRuleResolver(source: PolicyRuleSource): AuthorizerRuleResolver {
  return {
    async rulesInfoFor(user, namespace) {
      const { rules, errors } = await source.rulesFor(user, namespace);
      const resourceRules: ResourceRuleInfo[] = [];
      const nonResourceRules: NonResourceRuleInfo[] = [];
      for (const rule of rules) {
        const resources = rule.resources ?? [];
        const urls = rule.nonResourceURLs ?? [];
        if (resources.length > 0) {
          resourceRules.push({ verbs: [...rule.verbs], apiGroups: [...(rule.apiGroups ?? [])], resources: [...resources], resourceNames: [...(rule.resourceNames ?? [])] });
        }
        if (urls.length > 0) nonResourceRules.push({ verbs: [...rule.verbs], nonResourceURLs: [...urls] });
      }
      const evaluationError = errors.map((e) => e.message).join(', ');
      return { resourceRules, nonResourceRules, incomplete: false, ...(evaluationError !== '' && { evaluationError }) };
    },
  };
}

/** The rules of the `AlwaysAllow` mode: every verb on everything (complete). */
export const alwaysAllowRuleResolver: AuthorizerRuleResolver = {
  rulesInfoFor: () => ({
    resourceRules: [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'], resourceNames: [] }],
    nonResourceRules: [{ verbs: ['*'], nonResourceURLs: ['*'] }],
    incomplete: false,
  }),
};

/** The rules of the `AlwaysDeny` mode: none (complete). */
export const alwaysDenyRuleResolver: AuthorizerRuleResolver = {
  rulesInfoFor: () => ({ resourceRules: [], nonResourceRules: [], incomplete: false }),
};

/** A resolver for authorizers that cannot list their rules: nothing listed, `incomplete` (as upstream's webhook, Node). */
export const incompleteRuleResolver: AuthorizerRuleResolver = {
  rulesInfoFor: () => ({ resourceRules: [], nonResourceRules: [], incomplete: true }),
};

/** Concatenates the rules of several resolvers (k8s `union.NewRuleResolvers`): incomplete if any is, errors joined. */
export function unionRuleResolver(resolvers: readonly AuthorizerRuleResolver[]): AuthorizerRuleResolver {
  return {
    async rulesInfoFor(user, namespace) {
      const resourceRules: ResourceRuleInfo[] = [];
      const nonResourceRules: NonResourceRuleInfo[] = [];
      const errors: string[] = [];
      let incomplete = false;
      for (const resolver of resolvers) {
        try {
          const rules = await resolver.rulesInfoFor(user, namespace);
          resourceRules.push(...rules.resourceRules);
          nonResourceRules.push(...rules.nonResourceRules);
          incomplete ||= rules.incomplete;
          if (rules.evaluationError !== undefined && rules.evaluationError !== '') errors.push(rules.evaluationError);
        } catch (err) {
          incomplete = true;
          errors.push(err instanceof Error ? err.message : String(err));
        }
      }
      return { resourceRules, nonResourceRules, incomplete, ...(errors.length > 0 && { evaluationError: errors.join(', ') }) };
    },
  };
}

/**
 * The rule resolver of a `--authorization-mode` list, in order: `AlwaysAllow` and `AlwaysDeny` are built in, other
 * modes use the resolver given in `named` (e.g. `{ RBAC: policyRuleResolver(rbacAuthorizer) }`) and answer
 * `incomplete` without one.
 */
export function ruleResolverForModes(modes: readonly string[], named: Readonly<Record<string, AuthorizerRuleResolver>> = {}): AuthorizerRuleResolver {
  const resolvers = modes.map((mode) => {
    if (mode === 'AlwaysAllow') return alwaysAllowRuleResolver;
    if (mode === 'AlwaysDeny') return alwaysDenyRuleResolver;
    return (Object.hasOwn(named, mode) ? named[mode] : undefined) ?? incompleteRuleResolver;
  });
  return unionRuleResolver(resolvers.length === 0 ? [alwaysAllowRuleResolver] : resolvers);
}
