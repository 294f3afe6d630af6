/**
 * Authorization by a remote API server's SubjectAccessReview API (k8s.io/apiserver `plugin/pkg/authorizer/webhook`
 * as `authorizerfactory.DelegatingAuthorizerConfig` builds it), with upstream's answer cache: allowed answers live
 * for the authorized TTL, the others for the unauthorized TTL, keyed by the whole review.
 * @module
 */
import { ExpiringCache } from '../delegation/expiring-cache.js';
import type { RemoteAPIServerClient } from '../delegation/remote-client.js';
import { DEFAULT_AUTH_WEBHOOK_RETRY_BACKOFF, type WebhookRetryBackoff, withExponentialBackoff } from '../delegation/webhook-retry.js';
import type { Attributes, Authorization, Authorizer } from './authorizer.js';
import { selectorReviewAttributes } from './selector-review-attributes.js';

/** Upstream's `--authorization-webhook-cache-authorized-ttl` default for delegating servers (10 s). */
export const DEFAULT_AUTHORIZED_TTL_MILLIS = 10_000;
/** Upstream's `--authorization-webhook-cache-unauthorized-ttl` default for delegating servers (10 s). */
export const DEFAULT_UNAUTHORIZED_TTL_MILLIS = 10_000;
/** The SubjectAccessReview API path. */
export const SUBJECT_ACCESS_REVIEWS_PATH = '/apis/authorization.k8s.io/v1/subjectaccessreviews';

/** Options of {@link SubjectAccessReviewAuthorizer}. */
export interface SubjectAccessReviewAuthorizerOptions {
  /** The remote API server. */
  readonly client: RemoteAPIServerClient;
  /** How long an allowed answer is reused, ms (default 10 s). */
  readonly authorizedTTLMillis?: number;
  /** How long a denied or no-opinion answer is reused, ms (default 10 s). */
  readonly unauthorizedTTLMillis?: number;
  /** Retries of failed reviews (default upstream's `DefaultAuthWebhookRetryBackoff`: 500 ms × 1.5, 20 % jitter, 5 attempts). */
  readonly retryBackoff?: WebhookRetryBackoff;
  /**
   * Whether reviews carry the request's field and label selector requirements (the `AuthorizeWithSelectors` feature
   * gate; default `true`, as in Kubernetes 1.32).
   */
  readonly authorizeWithSelectors?: boolean;
  /** Clock in ms (tests). */
  readonly now?: () => number;
}

interface ReviewStatus {
  allowed?: boolean;
  denied?: boolean;
  reason?: string;
  evaluationError?: string;
}

/**
 * The `spec` of the SubjectAccessReview asking about `a` (upstream's field order, the cache key); `withSelectors`
 * adds the selector requirements of `a` (`AuthorizeWithSelectors`).
 */
export function subjectAccessReviewSpec(a: Attributes, withSelectors = true): Record<string, unknown> {
  const user = a.user;
  const subject = {
    ...(user?.name !== undefined && user.name !== '' && { user: user.name }),
    ...(user !== undefined && user.groups.length > 0 && { groups: [...user.groups] }),
    ...(user?.extra !== undefined && Object.keys(user.extra).length > 0 && { extra: user.extra }),
    ...(user?.uid !== undefined && user.uid !== '' && { uid: user.uid }),
  };
  if (!a.isResourceRequest) return { nonResourceAttributes: { path: a.path, verb: a.verb }, ...subject };
  const resourceAttributes = {
    ...(a.namespace !== '' && { namespace: a.namespace }),
    verb: a.verb,
    ...(a.apiGroup !== '' && { group: a.apiGroup }),
    ...(a.apiVersion !== '' && { version: a.apiVersion }),
    ...(a.resource !== '' && { resource: a.resource }),
    ...(a.subresource !== '' && { subresource: a.subresource }),
    ...(a.name !== '' && { name: a.name }),
    ...(withSelectors && selectorReviewAttributes(a)),
  };
  return { resourceAttributes, ...subject };
}

function decisionOf(status: ReviewStatus): Authorization {
  const reason = status.reason ?? '';
  if (status.allowed === true) return { decision: 'Allow', reason };
  if (status.denied === true) return { decision: 'Deny', reason };
  return { decision: 'NoOpinion', reason };
}

/**
 * Asks the remote server whether each request is allowed, retrying transient failures with backoff; failing to ask
 * is an error (no opinion upstream).
 */
export class SubjectAccessReviewAuthorizer implements Authorizer {
  readonly #o: SubjectAccessReviewAuthorizerOptions;
  readonly #cache: ExpiringCache<Authorization>;

  /** Creates the authorizer. */
  constructor(options: SubjectAccessReviewAuthorizerOptions) {
    this.#o = options;
    this.#cache = new ExpiringCache<Authorization>(undefined, options.now);
  }

  /** The cached or freshly reviewed decision. */
  authorize(attributes: Attributes): Authorization | Promise<Authorization> {
    const spec = subjectAccessReviewSpec(attributes, this.#o.authorizeWithSelectors ?? true);
    const key = JSON.stringify(spec);
    const cached = this.#cache.get(key);
    if (cached !== undefined) return cached;
    return this.#review(spec).then((result) => {
      const ttl = result.decision === 'Allow' ? (this.#o.authorizedTTLMillis ?? DEFAULT_AUTHORIZED_TTL_MILLIS) : (this.#o.unauthorizedTTLMillis ?? DEFAULT_UNAUTHORIZED_TTL_MILLIS);
      this.#cache.set(key, result, ttl);
      return result;
    });
  }

  async #review(spec: Record<string, unknown>): Promise<Authorization> {
    const review = { apiVersion: 'authorization.k8s.io/v1', kind: 'SubjectAccessReview', spec };
    const answer = await withExponentialBackoff(this.#o.retryBackoff ?? DEFAULT_AUTH_WEBHOOK_RETRY_BACKOFF, () => this.#o.client.post(SUBJECT_ACCESS_REVIEWS_PATH, review));
    if (answer.status < 200 || answer.status > 299) throw new Error(`SubjectAccessReview failed with status ${answer.status}`);
    return decisionOf((answer.body as { status?: ReviewStatus } | undefined)?.status ?? {});
  }
}
