import type { Handler } from '../handler.js';
import { SYSTEM_PRIVILEGED_GROUP } from '../authentication/user.js';
import { onResponseClose, requestInfoFrom, userFrom } from '../request/context.js';
import type { InflightWatermark } from '../metrics/inflight-watermark.js';
import type { RequestMetrics } from '../metrics/request-metrics.js';
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
  /**
   * Where long-running requests (`apiserver_longrunning_requests`), the in-flight high-water marks
   * (`apiserver_current_inflight_requests`) and 429s (`apiserver_request_terminations_total`) are counted.
   */
  readonly metrics?: RequestMetrics;
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
  get count(): number {
    return this.#count;
  }
}

/**
 * `WithMaxInFlightLimit`: separate limits for mutating and read-only requests; over the
 * limit → 429 `Too many requests, please try again later.` with `Retry-After: 1`, except for
 * `system:masters` members, who are served. Long-running requests are not limited (only counted
 * as such in the metrics). As upstream, the in-flight counts are noted when a request starts and
 * when it ends, and nothing is noted when both limits are 0.
 */
export function withMaxInFlightLimit(handler: Handler, options: MaxInFlightOptions = {}): Handler {
  const readOnlyLimit = options.maxRequestsInFlight ?? 400;
  const mutatingLimit = options.maxMutatingRequestsInFlight ?? 200;
  const readOnly = new InFlight(readOnlyLimit);
  const mutating = new InFlight(mutatingLimit);
  const longRunning = options.longRunning ?? defaultLongRunningRequestCheck;
  const { metrics } = options;
  const watermark = readOnlyLimit === 0 && mutatingLimit === 0 ? undefined : metrics?.inflight;
  return (request, response) => {
    const info = requestInfoFrom(request);
    if (info === undefined) return handler(request, response);
    if (longRunning(request, info)) {
      metrics?.recordLongRunning(request, info, response);
      return handler(request, response);
    }
    const isMutating = !nonMutatingVerbs.has(info.verb);
    const pool = isMutating ? mutating : readOnly;
    if (!pool.tryAcquire()) {
      if (userFrom(request)?.groups.includes(SYSTEM_PRIVILEGED_GROUP) === true) return handler(request, response);
      metrics?.recordTermination(request, info, 429);
      response.setHeader('Retry-After', '1');
      httpError(response, 'Too many requests, please try again later.', 429);
      return undefined;
    }
    watermark?.record(isMutating, pool.count);
    // A node response emits 'close' after 'finish' too (and alone when the client went away).
    onResponseClose(request, response, new InFlightSeat(pool, isMutating, watermark));
    return handler(request, response);
  };
}

/** A request's place in a pool, given back once when its response closes (its own close callback, no closure). */
class InFlightSeat {
  #released = false;

  constructor(
    readonly pool: InFlight,
    readonly isMutating: boolean,
    readonly watermark: InflightWatermark | undefined,
  ) {}

  responseClosed(): void {
    if (this.#released) return;
    this.#released = true;
    this.pool.release();
    this.watermark?.record(this.isMutating, this.pool.count);
  }
}
