/**
 * Retrying a call on chosen errors (client-go `util/retry.OnError` over a constant `wait.Backoff`): the call runs
 * up to `steps` times, sleeping `durationMs` (stretched by up to `jitter` of itself) between attempts; an error
 * the predicate does not accept ends at once, and when the steps run out the last retried error is thrown.
 * @module
 */
import { withExponentialBackoff } from '@apiserver/server';

/** A constant backoff (`wait.Backoff` with factor 1). */
export interface Backoff {
  /** Attempts in all. */
  readonly steps: number;
  /** Pause between attempts, ms. */
  readonly durationMs: number;
  /** Up to this fraction of `durationMs` is added at random to each pause. */
  readonly jitter: number;
}

/** Runs `fn` until it resolves, throws an error `retriable` refuses, or `backoff.steps` attempts were made. */
export function retryOnError<T>(backoff: Backoff, retriable: (err: unknown) => boolean, fn: () => Promise<T>): Promise<T> {
  const { steps, durationMs, jitter } = backoff;
  return withExponentialBackoff<T>({ steps, durationMillis: durationMs, factor: 1, jitter }, fn, (outcome) => 'error' in outcome && retriable(outcome.error));
}
