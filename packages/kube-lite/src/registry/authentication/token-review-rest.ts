/**
 * `tokenreviews` (pkg/registry/authentication/tokenreview/storage.go): create-only, never stored; checks
 * `spec.token` with a token authenticator and answers `status.authenticated/user/audiences/error`.
 */
import type { ApiObject, RequestContext, ValidateObjectFunc } from '@apiserver/registry';
import { ReviewREST } from '../review-rest.js';
import { newBadRequest } from '@apiserver/runtime';
import type { AudiencedUser } from '@apiserver/server';
import { stringAt, stringsAt } from '../../object-fields.js';
import { userInfoStatus } from './self-subject-review-rest.js';

/** Checks one bearer token (`undefined` = not a token it knows; a thrown error = an invalid token). */
export interface TokenChecker {
  /** Authenticates `token` for `audiences`: its user and which of them it carries (none carried is an error). */
  authenticateToken(token: string, audiences: readonly string[]): Promise<AudiencedUser | undefined>;
}

/** The TokenReview storage. */
export class TokenReviewREST extends ReviewREST {
  readonly #checker: TokenChecker;
  readonly #apiAudiences: readonly string[];

  /** Checks tokens with `checker`, for the review's `spec.audiences` or, when it names none, `apiAudiences`. */
  constructor(checker: TokenChecker, apiAudiences: readonly string[]) {
    super('authentication.k8s.io/v1', 'TokenReview');
    this.#checker = checker;
    this.#apiAudiences = apiAudiences;
  }

  /** Answers the review; a missing token is a 400 as upstream. */
  async create(ctx: RequestContext, obj: ApiObject, createValidation?: ValidateObjectFunc): Promise<ApiObject> {
    const token = stringAt(obj.spec, 'token');
    if (token === '') throw newBadRequest('token is required for TokenReview in authentication');
    if (createValidation !== undefined) await createValidation(ctx, obj);
    const asked = stringsAt(obj.spec, 'audiences');
    const audiences = asked.length > 0 ? asked : this.#apiAudiences;
    let status: Record<string, unknown>;
    try {
      const found = await this.#checker.authenticateToken(token, audiences);
      status = found === undefined ? { user: {} } : { authenticated: true, user: userInfoStatus(found.user), audiences: [...found.audiences] };
    } catch (err) {
      status = { user: {}, error: err instanceof Error ? err.message : String(err) };
    }
    return { ...obj, status };
  }
}
