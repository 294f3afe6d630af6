/**
 * Retrying a call on chosen errors (client-go `util/retry.OnError` over a constant `wait.Backoff`): the call runs
 * up to `steps` times, sleeping `durationMs` (stretched by up to `jitter` of itself) between attempts; an error
 * the predicate does not accept ends at once, and when the steps run out the last retried error is thrown.
 * @module
 */
import { setTimeout as sleep } from 'node:timers/promises';

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
export async function retryOnError<T>(backoff: Backoff, retriable: (err: unknown) => boolean, fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (!retriable(err) || attempt >= backoff.steps) throw err;
    }
    await sleep(backoff.durationMs * (1 + Math.random() * backoff.jitter));
  }
}
