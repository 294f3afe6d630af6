/**
 * `selfsubjectreviews` (pkg/registry/authentication/selfsubjectreview/rest.go): create-only, never stored;
 * answers the requesting user's name, UID and groups in `status.userInfo` (`kubectl auth whoami`).
 */
import type { ApiObject, RequestContext, ValidateObjectFunc } from '@apiserver/registry';
import { ReviewREST } from '../review-rest.js';
import { newBadRequest } from '@apiserver/runtime';
import type { UserInfo } from '@apiserver/server';
import { requestUserOf } from '../authorization/request-user.js';

/** `authentication.k8s.io/v1` UserInfo of a user (empty fields omitted). */
export function userInfoStatus(user: UserInfo): Record<string, unknown> {
  const extra = Object.entries(user.extra ?? {}).filter(([, values]) => values.length > 0);
  return {
    username: user.name,
    ...(user.uid !== '' && { uid: user.uid }),
    ...(user.groups.length > 0 && { groups: [...user.groups] }),
    ...(extra.length > 0 && { extra: Object.fromEntries(extra.map(([k, v]) => [k, [...v]])) }),
  };
}

/** The SelfSubjectReview storage. */
export class SelfSubjectReviewREST extends ReviewREST {
  readonly #now: () => Date;

  /** `now` stamps `metadata.creationTimestamp` (default: the clock). */
  constructor(now: () => Date = () => new Date()) {
    super('authentication.k8s.io/v1', 'SelfSubjectReview');
    this.#now = now;
  }

  /** Answers who the requester is (400 when the request has no user). */
  async create(ctx: RequestContext, obj: ApiObject, createValidation?: ValidateObjectFunc): Promise<ApiObject> {
    const user = requestUserOf(ctx);
    if (user === undefined) throw newBadRequest('no user present on request');
    if (createValidation !== undefined) await createValidation(ctx, obj);
    const created = this.#now();
    created.setMilliseconds(0);
    return {
      apiVersion: 'authentication.k8s.io/v1',
      kind: 'SelfSubjectReview',
      metadata: { creationTimestamp: created.toISOString().replace('.000Z', 'Z') },
      status: { userInfo: userInfoStatus(user) },
    };
  }
}
