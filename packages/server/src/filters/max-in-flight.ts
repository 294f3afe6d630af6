import type { Handler } from '../handler.js';
import { SYSTEM_PRIVILEGED_GROUP } from '../authentication/user.js';
import { onResponseClose, requestInfoFrom, userFrom } from '../request/context.js';
import { httpError } from '../responsewriters.js';
import { defaultLongRunningRequestCheck, type LongRunningRequestCheck } from './long-running.js';

/** Options of {@link withMaxInFlightLimit}. */
export interface MaxInFlightOptions {
  /** Concurrent read-only requests allowed (`--max-requests-inflight`, default 400; 0 = unlimited). */
  readonly maxRequestsInFlight?: number;
  /** Concurrent mutating requests allowed (`--max-mutating-requests-inflight`, default 200; 0 = unlimited). */
  readonly maxMutatingRequestsInFlight?: number;
  /** Which requests are exempt (default: kube-apiserver's long-running check). */
  readonly longRunning?: LongRunningRequestCheck;
}

const nonMutatingVerbs = new Set(['get', 'list', 'watch']);

/** A counting semaphore without queueing. */
class InFlight {
  #count = 0;
  readonly #limit: number;
  constructor(limit: number) {
    this.#limit = limit;
  }
  tryAcquire(): boolean {
    if (this.#limit > 0 && this.#count >= this.#limit) return false;
    this.#count++;
    return true;
  }
  release(): void {
    this.#count--;
  }
}

/**
 * `WithMaxInFlightLimit`: separate limits for mutating and read-only requests; over the
 * limit → 429 `Too many requests, please try again later.` with `Retry-After: 1`.
 * Long-running requests and `system:masters` members are exempt.
 */
export function withMaxInFlightLimit(handler: Handler, options: MaxInFlightOptions = {}): Handler {
  const readOnly = new InFlight(options.maxRequestsInFlight ?? 400);
  const mutating = new InFlight(options.maxMutatingRequestsInFlight ?? 200);
  const longRunning = options.longRunning ?? defaultLongRunningRequestCheck;
  return (request, response) => {
    const info = requestInfoFrom(request);
    if (info === undefined || longRunning(request, info)) return handler(request, response);
    if (userFrom(request)?.groups.includes(SYSTEM_PRIVILEGED_GROUP) === true) return handler(request, response);
    const pool = nonMutatingVerbs.has(info.verb) ? readOnly : mutating;
    if (!pool.tryAcquire()) {
      response.setHeader('Retry-After', '1');
      httpError(response, 'Too many requests, please try again later.', 429);
      return undefined;
    }
    let released = false;
    const release = (): void => {
      if (released) return;
      released = true;
      pool.release();
    };
    // A node response emits 'close' after 'finish' too (and alone when the client went away).
    onResponseClose(request, response, release);
    return handler(request, response);
  };
}
