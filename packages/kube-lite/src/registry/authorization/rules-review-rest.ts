/**
 * `selfsubjectrulesreviews` (pkg/registry/authorization/selfsubjectrulesreview/rest.go): create-only, never
 * stored; lists the rules the requesting user holds in `spec.namespace` from the authorizer's rule resolver
 * (`incomplete: true` when the authorizer cannot list them).
 */
import type { ApiObject, RequestContext, ValidateObjectFunc } from '@apiserver/registry';
import { ReviewREST } from '../review-rest.js';
import { newBadRequest } from '@apiserver/runtime';
import { stringAt } from '../../object-fields.js';
import type { AuthorizerReference } from './authorizer-reference.js';
import { requestUserOf } from './request-user.js';

/** The SelfSubjectRulesReview storage. */
export class SelfSubjectRulesReviewREST extends ReviewREST {
  readonly #ref: AuthorizerReference;

  /** Lists rules with the rule resolver of `ref`. */
  constructor(ref: AuthorizerReference) {
    super('authorization.k8s.io/v1', 'SelfSubjectRulesReview');
    this.#ref = ref;
  }

  /** Answers the review: 400 without a namespace or a user, else the rules (an evaluation error is reported). */
  async create(ctx: RequestContext, obj: ApiObject, createValidation?: ValidateObjectFunc): Promise<ApiObject> {
    const user = requestUserOf(ctx);
    if (user === undefined) throw newBadRequest('no user present on request');
    const namespace = stringAt(obj.spec, 'namespace');
    if (namespace === '') throw newBadRequest('no namespace on request');
    if (createValidation !== undefined) await createValidation(ctx, obj);
    const resolver = this.#ref.ruleResolver();
    let status: Record<string, unknown>;
    try {
      const rules = await resolver.rulesInfoFor(user, namespace);
      status = {
        resourceRules: rules.resourceRules.map((r) => ({ ...r })),
        nonResourceRules: rules.nonResourceRules.map((r) => ({ ...r })),
        incomplete: rules.incomplete,
        ...(rules.evaluationError !== undefined && rules.evaluationError !== '' && { evaluationError: rules.evaluationError }),
      };
    } catch (err) {
      status = { resourceRules: [], nonResourceRules: [], incomplete: true, evaluationError: err instanceof Error ? err.message : String(err) };
    }
    return { ...obj, status };
  }
}
