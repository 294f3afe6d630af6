/**
 * `selfsubjectreviews` (pkg/registry/authentication/selfsubjectreview/rest.go): create-only, never stored;
 * answers the requesting user's name, UID and groups in `status.userInfo` (`kubectl auth whoami`).
 */
import type { ApiObject, Creater, RequestContext, Scoper, SingularNameProvider, Storage, ValidateObjectFunc } from '@apiserver/registry';
import { newBadRequest } from '@apiserver/runtime';
import type { UserInfo } from '@apiserver/server';
import { requestUserOf } from '../authorization/request-user.js';

/** `authentication.k8s.io/v1` UserInfo of a user (empty fields omitted). */
export function userInfoStatus(user: UserInfo): Record<string, unknown> {
  return { username: user.name, ...(user.uid !== '' && { uid: user.uid }), ...(user.groups.length > 0 && { groups: [...user.groups] }) };
}

/** The SelfSubjectReview storage. */
export class SelfSubjectReviewREST implements Storage, Creater, Scoper, SingularNameProvider {
  readonly #now: () => Date;

  /** `now` stamps `metadata.creationTimestamp` (default: the clock). */
  constructor(now: () => Date = () => new Date()) {
    this.#now = now;
  }

  /** A new empty review. */
  newObject(): ApiObject {
    return { apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview', metadata: {} };
  }

  /** Nothing to release. */
  destroy(): void {}

  /** Reviews are cluster-scoped. */
  namespaceScoped(): boolean {
    return false;
  }

  /** `selfsubjectreview`. */
  getSingularName(): string {
    return 'selfsubjectreview';
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
