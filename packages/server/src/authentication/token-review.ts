/**
 * Bearer tokens checked by a remote API server's TokenReview API (k8s.io/apiserver
 * `plugin/pkg/authenticator/token/webhook` behind `pkg/authentication/token/cache` and `request/bearertoken`), as a
 * delegating (aggregated) server authenticates the tokens of clients that reach it directly.
 * @module
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { ExpiringCache } from '../delegation/expiring-cache.js';
import { DEFAULT_REMOTE_TIMEOUT_MILLIS, type RemoteAPIServerClient } from '../delegation/remote-client.js';
import { DEFAULT_AUTH_WEBHOOK_RETRY_BACKOFF, defaultShouldRetry, type WebhookRetryBackoff, withExponentialBackoff } from '../delegation/webhook-retry.js';
import { AuthenticationError, type RequestAuthenticator } from './authenticator.js';
import { bearerTokenOf } from './bearer-token.js';
import type { UserInfo } from './user.js';

/** Upstream's `--authentication-token-webhook-cache-ttl` default for delegating servers (10 s), for answers of both kinds. */
export const DEFAULT_TOKEN_CACHE_TTL_MILLIS = 10_000;

/** The TokenReview API path. */
export const TOKEN_REVIEWS_PATH = '/apis/authentication.k8s.io/v1/tokenreviews';

/** Options of {@link TokenReviewAuthenticator}. */
export interface TokenReviewAuthenticatorOptions {
  /** The remote API server. */
  readonly client: RemoteAPIServerClient;
  /** Audiences the token must be for (`spec.audiences`; default none: the remote server's own). */
  readonly audiences?: readonly string[];
  /** How long an authenticated answer is reused, ms (default 10 s). */
  readonly successTTLMillis?: number;
  /** How long an unauthenticated answer is reused, ms (default 10 s). */
  readonly failureTTLMillis?: number;
  /** Retries of failed reviews (default upstream's `DefaultAuthWebhookRetryBackoff`: 500 ms × 1.5, 20 % jitter, 5 attempts). */
  readonly retryBackoff?: WebhookRetryBackoff;
  /** How long one review may take with its retries, ms (upstream's `TokenAccessReviewTimeout`, default 10 s). */
  readonly requestTimeoutMillis?: number;
  /** Clock in ms (tests). */
  readonly now?: () => number;
}

/** What one review said: the user, or no user with an optional error text. */
type Review = { readonly user: UserInfo } | { readonly user?: undefined; readonly error: string };

interface TokenReviewStatus {
  authenticated?: boolean;
  user?: { username?: string; uid?: string; groups?: string[]; extra?: Record<string, string[]> };
  audiences?: string[];
  error?: string;
}

/**
 * The review's verdict, as upstream's webhook token authenticator reads it. With audiences asked for, the token must
 * be for one of them first: the audiences the answer names, or, when it names none, the authenticator's own (upstream's
 * implicit audiences, which are the API audiences it also asks for); none in common is a token not authenticated,
 * without an error, whatever else the answer says. Then an unauthenticated answer gives its error, if any.
 */
function reviewOf(status: TokenReviewStatus, wanted: readonly string[]): Review {
  if (wanted.length > 0) {
    const got = status.audiences !== undefined && status.audiences.length > 0 ? status.audiences : wanted;
    if (!wanted.some((a) => got.includes(a))) return { error: '' };
  }
  if (status.authenticated !== true) return { error: status.error ?? '' };
  const u = status.user ?? {};
  return { user: { name: u.username ?? '', uid: u.uid ?? '', groups: u.groups ?? [], ...(u.extra !== undefined && { extra: u.extra }) } };
}

/**
 * Authenticates `Authorization: Bearer` tokens with the remote server's TokenReview API: no token → no opinion; a
 * token the server does not authenticate → `invalid bearer token` (or the review's error); answers are cached by
 * the token's hash for the success and failure TTLs, failures to reach the server are not. Transient failures are
 * retried with backoff (see {@link withExponentialBackoff}) within the request timeout.
 */
export class TokenReviewAuthenticator implements RequestAuthenticator {
  readonly #o: TokenReviewAuthenticatorOptions;
  readonly #cache: ExpiringCache<Review>;

  /** Creates the authenticator. */
  constructor(options: TokenReviewAuthenticatorOptions) {
    this.#o = options;
    this.#cache = new ExpiringCache<Review>(undefined, options.now);
  }

  /** Reviews the request's bearer token. */
  authenticateRequest(request: IncomingMessage): UserInfo | undefined | Promise<UserInfo | undefined> {
    const token = bearerTokenOf(request);
    if (token === undefined) return undefined;
    const key = createHash('sha256').update(token).update('\0').update((this.#o.audiences ?? []).join(',')).digest('hex');
    const cached = this.#cache.get(key);
    if (cached !== undefined) return userOrThrow(cached);
    return this.#review(token).then((review) => {
      const ttl = review.user === undefined ? (this.#o.failureTTLMillis ?? DEFAULT_TOKEN_CACHE_TTL_MILLIS) : (this.#o.successTTLMillis ?? DEFAULT_TOKEN_CACHE_TTL_MILLIS);
      // An answer carrying an error is not cached (upstream's cache keeps errors only when told to).
      if (review.user !== undefined || review.error === '') this.#cache.set(key, review, ttl);
      return userOrThrow(review);
    });
  }

  async #review(token: string): Promise<Review> {
    const audiences = this.#o.audiences ?? [];
    const body = { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenReview', spec: { token, ...(audiences.length > 0 && { audiences }) } };
    let answer: Awaited<ReturnType<RemoteAPIServerClient['post']>>;
    try {
      const now = this.#o.now ?? Date.now;
      const deadline = now() + (this.#o.requestTimeoutMillis ?? DEFAULT_REMOTE_TIMEOUT_MILLIS);
      answer = await withExponentialBackoff(this.#o.retryBackoff ?? DEFAULT_AUTH_WEBHOOK_RETRY_BACKOFF, () => this.#o.client.post(TOKEN_REVIEWS_PATH, body), defaultShouldRetry, { deadline, now });
    } catch (err) {
      throw new AuthenticationError(`webhook: TokenReview failed: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (answer.status < 200 || answer.status > 299) throw new AuthenticationError(`webhook: TokenReview failed with status ${answer.status}`);
    return reviewOf(((answer.body as { status?: TokenReviewStatus } | undefined)?.status ?? {}), audiences);
  }
}

function userOrThrow(review: Review): UserInfo {
  if (review.user !== undefined) return review.user;
  throw new AuthenticationError(review.error === '' ? 'invalid bearer token' : review.error);
}
