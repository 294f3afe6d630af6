/**
 * The CEL behind webhook `matchConditions` (upstream webhook/matchconditions over plugin/cel): each condition
 * compiled once per loaded webhook with `object`, `oldObject`, `request`, `namespaceObject` and `authorizer`
 * declared, and evaluated over the request in the webhook's kind within the match-condition budget (2,500,000);
 * `authorizer` checks the requesting user against the server's authorizer. A condition that does not compile
 * evaluates to its `compilation error: …` (the write-time validation keeps such conditions out of stored
 * configurations); an exhausted budget is the outcome of the whole list (Fail: the request fails with it).
 * @module
 */
import {
  type AdmissionBindings,
  AuthorizationChecks,
  authorizerBindings,
  compileAdmissionExpression,
  evaluateWithChecks,
  jsonToCelValue,
  optionalVariableDeclarations,
  RUNTIME_CEL_COST_BUDGET_MATCH_CONDITIONS,
} from '@apiserver/apiextensions';
import type { ConditionOutcome, MatchCondition, MatchConditionCompiler, MatchConditionInput, UserInfo as RequestUser } from '@apiserver/registry';
import type { Authorizer, UserInfo } from '@apiserver/server';
import { conditionOutcome, evaluateFilter } from './cel-filter.js';

/** The bindings of an admission expression over a request (`object`, `oldObject`, `request`). */
function requestBindings(input: MatchConditionInput): Record<string, AdmissionBindings[string]> {
  return {
    object: jsonToCelValue(input.versioned.object ?? null),
    oldObject: jsonToCelValue(input.versioned.oldObject ?? null),
    request: jsonToCelValue(input.request),
    namespaceObject: null,
  };
}

/** The requesting user as the authorizer takes it. */
export function authorizationUser(u: RequestUser | undefined): UserInfo | undefined {
  if (u === undefined) return undefined;
  return { name: u.name, uid: u.uid ?? '', groups: u.groups ?? [], ...(u.extra !== undefined && { extra: u.extra }) };
}

/** `authorizer` and `authorizer.requestResource` for the request of `input`, checking through `checks`. */
function authzBindings(checks: AuthorizationChecks, input: MatchConditionInput): AdmissionBindings {
  const a = input.versioned.attributes;
  return authorizerBindings(checks, authorizationUser(input.user), {
    group: a.resource.group,
    resource: a.resource.resource,
    subresource: a.subresource,
    namespace: a.namespace,
    name: a.name,
  });
}

/** Compiles match conditions of webhooks on the apiextensions CEL, checking `authorizer` through `authorizer()`. */
export function celMatchConditionCompiler(authorizer: () => Authorizer | undefined): MatchConditionCompiler {
  return {
    compile(conditions: readonly MatchCondition[]) {
      const declarations = optionalVariableDeclarations({ hasAuthorizer: true });
      const compiled = conditions.map((c) => compileAdmissionExpression(c.expression, declarations, ['bool']));
      return (input): Promise<readonly ConditionOutcome[]> => {
        const authz = authorizer();
        const checks = authz === undefined ? undefined : new AuthorizationChecks(authz);
        const bindings = { ...requestBindings(input), ...(checks !== undefined && authzBindings(checks, input)) };
        return evaluateWithChecks(checks, () => {
          const r = evaluateFilter(compiled, bindings, RUNTIME_CEL_COST_BUDGET_MATCH_CONDITIONS);
          return 'error' in r ? [{ error: r.error }] : r.evaluations.map(conditionOutcome);
        });
      };
    },
  };
}
