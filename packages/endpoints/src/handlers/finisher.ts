/**
 * `finisher.FinishRequest`: create, update, patch and delete give up after `requestTimeoutUpperBound` (34 s) and
 * answer 504 `Timeout: request did not complete within requested timeout - context deadline exceeded`.
 */
import { newTimeoutError } from '@apiserver/runtime';
import { DeadlineTimers } from './deadline-timers.js';

/** Upstream's `requestTimeoutUpperBound` in seconds. */
export const REQUEST_TIMEOUT_UPPER_BOUND_SECONDS = 34;

/**
 * The process's finishRequest deadlines: one node timer per timeout value, not a setTimeout per write. A pending
 * one keeps the process alive, as the node timer set for each request did.
 */
const finishDeadlines = new DeadlineTimers({ keepAlive: true });

/** Runs `work`, rejecting with a 504 Timeout StatusError when it takes longer than `timeoutSeconds`. */
export function finishRequest<T>(timeoutSeconds: number, work: () => Promise<T>): Promise<T> {
  // One promise settled by whichever comes first (what Promise.race of the work and a deadline promise gives,
  // without the deadline's promise and the race's).
  return new Promise<T>((resolve, reject) => {
    const deadline = finishDeadlines.add(timeoutSeconds * 1000, () =>
      reject(newTimeoutError('request did not complete within requested timeout - context deadline exceeded', 0)),
    );
    const settle = <A>(done: (value: A) => void) => (value: A): void => {
      finishDeadlines.cancel(deadline);
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
