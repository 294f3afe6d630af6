/**
 * `finisher.FinishRequest`: create, update, patch and delete give up after `requestTimeoutUpperBound` (34 s) and
 * answer 504 `Timeout: request did not complete within requested timeout - context deadline exceeded`.
 */
import { newTimeoutError } from '@apiserver/runtime';

/** Upstream's `requestTimeoutUpperBound` in seconds. */
export const REQUEST_TIMEOUT_UPPER_BOUND_SECONDS = 34;

/** Runs `work`, rejecting with a 504 Timeout StatusError when it takes longer than `timeoutSeconds`. */
export async function finishRequest<T>(timeoutSeconds: number, work: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(newTimeoutError('request did not complete within requested timeout - context deadline exceeded', 0)),
      timeoutSeconds * 1000,
    );
  });
  try {
    return await Promise.race([work(), deadline]);
  } finally {
    clearTimeout(timer);
  }
}
