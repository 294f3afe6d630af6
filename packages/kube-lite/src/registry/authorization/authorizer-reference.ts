/**
 * A late-bound reference to the server's authorizer: the authorization.k8s.io storage is built before the
 * authorizer (which may read RBAC objects from the same groups), so the server fills the reference once built.
 */
import { newServiceUnavailable } from '@apiserver/runtime';
import {
  type Authorizer,
  type AuthorizerRuleResolver,
  incompleteRuleResolver,
  isAuthorizerRuleResolver,
  isPolicyRuleSource,
  policyRuleResolver,
} from '@apiserver/server';

/** Holds the authorizer (and optionally its rule resolver) the access reviews ask. */
export class AuthorizerReference {
  #authorizer: Authorizer | undefined;
  #ruleResolver: AuthorizerRuleResolver | undefined;

  /** Records the server's authorizer and rule resolver and returns the authorizer to install in the server. */
  bind(authorizer: Authorizer, ruleResolver?: AuthorizerRuleResolver): Authorizer {
    this.#authorizer = authorizer;
    this.#ruleResolver = ruleResolver;
    return authorizer;
  }

  /** The authorizer; 503 ServiceUnavailable before {@link AuthorizerReference.bind}. */
  authorizer(): Authorizer {
    if (this.#authorizer === undefined) throw newServiceUnavailable('the authorizer is not ready');
    return this.#authorizer;
  }

  /**
   * The rule resolver: the one given to `bind`, else the authorizer itself when it resolves rules (or lists RBAC
   * policy rules), else a resolver answering `incomplete` as upstream's non-RBAC modes.
   */
  ruleResolver(): AuthorizerRuleResolver {
    if (this.#ruleResolver !== undefined) return this.#ruleResolver;
    const authorizer = this.authorizer();
    if (isAuthorizerRuleResolver(authorizer)) return authorizer;
    if (isPolicyRuleSource(authorizer)) return policyRuleResolver(authorizer);
    return incompleteRuleResolver;
  }
}
