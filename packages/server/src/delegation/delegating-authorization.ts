/**
 * Authorization of an aggregated (delegating) API server (k8s.io/apiserver `DelegatingAuthorizationOptions`):
 * privileged groups, then always-allowed paths, then the remote server's SubjectAccessReviews.
 * @module
 */
import { alwaysAllowPathsAuthorizer, privilegedGroupsAuthorizer } from '../authorization/always-allow.js';
import { type Authorizer, unionAuthorizer } from '../authorization/authorizer.js';
import { SubjectAccessReviewAuthorizer } from '../authorization/subject-access-review.js';
import { SYSTEM_PRIVILEGED_GROUP } from '../authentication/user.js';
import type { RemoteAPIServerClient } from './remote-client.js';
import type { WebhookRetryBackoff } from './webhook-retry.js';

/** Upstream's default always-allowed paths (health checks without a review). */
export const DEFAULT_ALWAYS_ALLOW_PATHS: readonly string[] = ['/healthz', '/readyz', '/livez'];
/** Upstream's default always-allowed groups. */
export const DEFAULT_ALWAYS_ALLOW_GROUPS: readonly string[] = [SYSTEM_PRIVILEGED_GROUP];

/** Options of {@link delegatingAuthorizer}. */
export interface DelegatingAuthorizationOptions {
  /** The remote API server (`--authorization-kubeconfig`); absent: no reviews, only the paths and groups. */
  readonly client?: RemoteAPIServerClient;
  /** How long allowed answers are reused, ms (`--authorization-webhook-cache-authorized-ttl`, default 10 s). */
  readonly allowCacheTTLMillis?: number;
  /** How long other answers are reused, ms (`--authorization-webhook-cache-unauthorized-ttl`, default 10 s). */
  readonly denyCacheTTLMillis?: number;
  /** Retries of failed SubjectAccessReviews (default upstream's `DefaultAuthWebhookRetryBackoff`). */
  readonly webhookRetryBackoff?: WebhookRetryBackoff;
  /** Non-resource paths allowed to everyone (`--authorization-always-allow-paths`, default `/healthz`, `/readyz`, `/livez`). */
  readonly alwaysAllowPaths?: readonly string[];
  /** Groups allowed everything (default `system:masters`). */
  readonly alwaysAllowGroups?: readonly string[];
  /** Whether reviews carry the request's selector requirements (`AuthorizeWithSelectors`, default `true`). */
  readonly authorizeWithSelectors?: boolean;
}

/** Builds the union authorizer of a delegating server. */
export function delegatingAuthorizer(o: DelegatingAuthorizationOptions): Authorizer {
  const authorizers: Authorizer[] = [];
  const groups = o.alwaysAllowGroups ?? DEFAULT_ALWAYS_ALLOW_GROUPS;
  if (groups.length > 0) authorizers.push(privilegedGroupsAuthorizer(groups));
  const paths = o.alwaysAllowPaths ?? DEFAULT_ALWAYS_ALLOW_PATHS;
  if (paths.length > 0) authorizers.push(alwaysAllowPathsAuthorizer(paths));
  if (o.client !== undefined) {
    authorizers.push(
      new SubjectAccessReviewAuthorizer({
        client: o.client,
        ...(o.allowCacheTTLMillis !== undefined && { authorizedTTLMillis: o.allowCacheTTLMillis }),
        ...(o.denyCacheTTLMillis !== undefined && { unauthorizedTTLMillis: o.denyCacheTTLMillis }),
        ...(o.webhookRetryBackoff !== undefined && { retryBackoff: o.webhookRetryBackoff }),
        ...(o.authorizeWithSelectors !== undefined && { authorizeWithSelectors: o.authorizeWithSelectors }),
      }),
    );
  }
  return unionAuthorizer(authorizers);
}
