/**
 * `finisher.FinishRequest`: create, update, patch and delete give up after `requestTimeoutUpperBound` (34 s) and
 * answer 504 `Timeout: request did not complete within requested timeout - context deadline exceeded`.
 */
import { newTimeoutError } from '@apiserver/runtime';

/** Upstream's `requestTimeoutUpperBound` in seconds. */
export const REQUEST_TIMEOUT_UPPER_BOUND_SECONDS = 34;

/** Runs `work`, rejecting with a 504 Timeout StatusError when it takes longer than `timeoutSeconds`. */
export function finishRequest<T>(timeoutSeconds: number, work: () => Promise<T>): Promise<T> {
  // One promise settled by whichever comes first (what Promise.race of the work and a deadline promise gives,
  // without the deadline's promise and the race's).
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(newTimeoutError('request did not complete within requested timeout - context deadline exceeded', 0)),
      timeoutSeconds * 1000,
    );
    const settle = <A>(done: (value: A) => void) => (value: A): void => {
      clearTimeout(timer);
      done(value);
    };
    let running: Promise<T>;
    try {
      running = work();
    } catch (err) {
      settle(reject)(err);
      return;
    }
    running.then(settle(resolve), settle(reject));
  });
}
