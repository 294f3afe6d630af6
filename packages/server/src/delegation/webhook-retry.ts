/**
 * Retrying review calls to a remote API server (k8s.io/apiserver `pkg/util/webhook` `WithExponentialBackoff` and
 * `DefaultShouldRetry`, with `DefaultAuthWebhookRetryBackoff`): a call that fails transiently — the connection
 * reset, or an answer whose reason is InternalError (500), Timeout (504), TooManyRequests (429), or one asking to
 * retry after some seconds — is made again after a growing, jittered wait, at most `steps` times in all.
 * @module
 */
import type { RemoteResponse } from './remote-client.js';

/** The backoff of retried calls (apimachinery `wait.Backoff`, the fields webhooks use). */
export interface WebhookRetryBackoff {
  /** The first wait, ms. */
  readonly durationMillis: number;
  /** Each wait is the previous one times this. */
  readonly factor: number;
  /** Each wait grows by up to this fraction of itself, at random. */
  readonly jitter: number;
  /** Attempts in all. */
  readonly steps: number;
}

/** Upstream's `DefaultAuthWebhookRetryBackoff` of delegated TokenReviews and SubjectAccessReviews: 500 ms × 1.5, 20 % jitter, 5 attempts. */
export const DEFAULT_AUTH_WEBHOOK_RETRY_BACKOFF: WebhookRetryBackoff = { durationMillis: 500, factor: 1.5, jitter: 0.2, steps: 5 };

/** How an attempt ended: its answer, or what it threw. */
export type WebhookOutcome<T = RemoteResponse> = { readonly response: T } | { readonly error: unknown };

/** The reason a failed answer carries: its Status's, else the one client-go gives the HTTP status. */
function reasonOf(response: RemoteResponse): string {
  const body = response.body as { kind?: string; reason?: string } | undefined;
  if (body?.kind === 'Status' && typeof body.reason === 'string' && body.reason !== '') return body.reason;
  if (response.status === 500) return 'InternalError';
  if (response.status === 504) return 'Timeout';
  if (response.status === 429) return 'TooManyRequests';
  return '';
}

/** The seconds a failed answer asks the client to wait (Status `details.retryAfterSeconds`, or `Retry-After`). */
function retryAfterSeconds(response: RemoteResponse): number {
  const details = (response.body as { kind?: string; details?: { retryAfterSeconds?: number } } | undefined)?.details;
  const fromStatus = typeof details?.retryAfterSeconds === 'number' ? details.retryAfterSeconds : 0;
  const header = Number(response.headers?.['retry-after'] ?? 0);
  return Math.max(fromStatus, Number.isFinite(header) ? header : 0);
}

/** Upstream `DefaultShouldRetry`: a reset connection, or an answer that is InternalError, Timeout, TooManyRequests or asks for a delay. */
export function defaultShouldRetry(outcome: WebhookOutcome): boolean {
  if ('error' in outcome) return (outcome.error as { code?: string } | undefined)?.code === 'ECONNRESET';
  const { response } = outcome;
  if (response.status >= 200 && response.status <= 299) return false;
  return ['InternalError', 'Timeout', 'TooManyRequests'].includes(reasonOf(response)) || retryAfterSeconds(response) > 0;
}

/** Options of {@link withExponentialBackoff}. */
export interface WithExponentialBackoffOptions {
  /** No wait may end after this time (ms since the epoch): the last outcome is kept instead (upstream's request timeout). */
  readonly deadline?: number;
  /** Clock, ms (tests). */
  readonly now?: () => number;
  /** A number in [0, 1) scaling the jitter (tests). */
  readonly random?: () => number;
  /** Waits `millis` (tests). */
  readonly sleep?: (millis: number) => Promise<void>;
}

/**
 * Calls `call` until it gives an outcome `shouldRetry` refuses, the attempts run out or the deadline would pass;
 * resolves with the last answer or throws the last error. Any call can be retried this way (kube-lite's
 * `retryOnError` is this with factor 1); the default predicate reads remote API server answers.
 */
export async function withExponentialBackoff<T = RemoteResponse>(
  backoff: WebhookRetryBackoff,
  call: () => Promise<T>,
  shouldRetry: (outcome: WebhookOutcome<T>) => boolean = defaultShouldRetry as (outcome: WebhookOutcome<T>) => boolean,
  o: WithExponentialBackoffOptions = {},
): Promise<T> {
  const now = o.now ?? Date.now;
  const random = o.random ?? Math.random;
  const sleep = o.sleep ?? ((millis: number) => new Promise<void>((resolve) => setTimeout(resolve, millis)));
  let wait = backoff.durationMillis;
  for (let attempt = 1; ; attempt++) {
    let outcome: WebhookOutcome<T>;
    try {
      outcome = { response: await call() };
    } catch (error) {
      outcome = { error };
    }
    const delay = wait * (1 + random() * backoff.jitter);
    const last = attempt >= backoff.steps || !shouldRetry(outcome) || (o.deadline !== undefined && now() + delay > o.deadline);
    if (last) {
      if ('error' in outcome) throw outcome.error;
      return outcome.response;
    }
    await sleep(delay);
    wait *= backoff.factor;
  }
}
