/**
 * The `RBAC` authorization mode (upstream `plugin/pkg/auth/authorizer/rbac.RBACAuthorizer`): Allow when a rule
 * bound to the user allows the request, otherwise NoOpinion (so the next mode in the list decides) with the
 * resolution errors as reason.
 * @module
 */
import type { Attributes, Authorization, Authorizer } from '../authorizer.js';
import { ruleAllows } from './rule-matching.js';
import { RuleResolver } from './rule-resolver.js';
import type { RBACUser } from './subjects.js';
import type { PolicyRule, RBACRuleSource } from './types.js';

/** A PolicyRule with every list present (absent and null lists become empty). */
export interface ResolvedRule {
  /** Verbs. */
  readonly verbs: readonly string[];
  /** API groups. */
  readonly apiGroups: readonly string[];
  /** Resources. */
  readonly resources: readonly string[];
  /** Resource names. */
  readonly resourceNames: readonly string[];
  /** Non-resource URLs. */
  readonly nonResourceURLs: readonly string[];
}

/** The rule with every list present. */
export function resolvedRule(r: PolicyRule): ResolvedRule {
  return {
    verbs: r.verbs ?? [],
    apiGroups: r.apiGroups ?? [],
    resources: r.resources ?? [],
    resourceNames: r.resourceNames ?? [],
    nonResourceURLs: r.nonResourceURLs ?? [],
  };
}

/** Go's `utilerrors.NewAggregate(errs).Error()`: one message as is, several as `[a, b]`. */
export function aggregateMessage(errors: readonly Error[]): string {
  if (errors.length === 1) return errors[0]?.message ?? '';
  return `[${errors.map((e) => e.message).join(', ')}]`;
}

/**
 * Evaluates requests against Roles, ClusterRoles and their bindings read from an {@link RBACRuleSource}. There is
 * no index: each decision reads the bindings through the source (kube-lite's source reads the Stores, served by
 * the watch cache when it is on) and memoizes ClusterRole lookups for that one decision, so a change to any
 * role or binding applies to the very next request.
 */
export class RBACAuthorizer implements Authorizer {
  readonly #source: RBACRuleSource;

  /** An authorizer reading roles and bindings from `source`. */
  constructor(source: RBACRuleSource) {
    this.#source = source;
  }

  /** A fresh resolver over this authorizer's source (one per request or check). */
  resolver(): RuleResolver {
    return new RuleResolver(this.#source);
  }

  /** Allow with `RBAC: allowed by …`, or NoOpinion with `RBAC: <errors>` (empty without errors). */
  async authorize(attributes: Attributes): Promise<Authorization> {
    const user = attributes.user;
    if (user === undefined) return { decision: 'NoOpinion', reason: '' };
    let reason = '';
    const errors: Error[] = [];
    await this.resolver().visitRulesFor(user, attributes.namespace, (source, rule, err) => {
      if (rule !== undefined && ruleAllows(attributes, rule)) {
        reason = `RBAC: allowed by ${source ?? ''}`;
        return false;
      }
      if (err !== undefined) errors.push(err);
      return true;
    });
    if (reason !== '') return { decision: 'Allow', reason };
    return { decision: 'NoOpinion', reason: errors.length > 0 ? `RBAC: ${aggregateMessage(errors)}` : '' };
  }

  /**
   * Every rule that applies to `user` in `namespace` (cluster-wide ones included, every list present), with the
   * resolution errors met (upstream `RulesFor`, what SelfSubjectRulesReview lists).
   */
  async rulesFor(user: RBACUser, namespace: string): Promise<{ rules: ResolvedRule[]; errors: Error[] }> {
    const { rules, errors } = await this.resolver().rulesFor(user, namespace);
    return { rules: rules.map(resolvedRule), errors };
  }
}
