import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Deadline, DeadlineTimers } from '@apiserver/endpoints';
import { newBadRequest, newTimeoutError } from '@apiserver/runtime';
import type { Handler } from '../handler.js';
import type { RequestMetrics } from '../metrics/request-metrics.js';
import type { RequestInfo } from '../request/request-info.js';
import { onResponseClose, requestInfoFrom, requestReceivedTimestamp, withSignalSource } from '../request/context.js';
import { DurationParseError, parseGoDuration } from '../request/go-duration.js';
import { writeStatus } from '../responsewriters.js';
import { defaultLongRunningRequestCheck, type LongRunningRequestCheck } from './long-running.js';

/** Options of {@link withRequestDeadline}. */
export interface RequestDeadlineOptions {
  /** The default and maximum request timeout in milliseconds (`--request-timeout`, default 60 s). */
  readonly requestTimeoutMillis?: number;
  /** Which requests are exempt (default: kube-apiserver's long-running check). */
  readonly longRunning?: LongRunningRequestCheck;
  /** Where a request that timed out is counted (`apiserver_request_terminations_total`, code 504). */
  readonly metrics?: RequestMetrics;
}

/** The message of the 504 Status the timeout filter writes. */
export const TIMEOUT_MESSAGE = 'request did not complete within the allotted timeout';
const INVALID_TIMEOUT = 'invalid timeout specified in the request URL';

/** The `?timeout=` query value in ms, `undefined` when absent. Throws with upstream's wording on a bad value. */
function parseTimeout(url: string): number | undefined {
  const q = url.indexOf('?');
  if (q === -1) return undefined;
  const value = new URLSearchParams(url.slice(q + 1)).get('timeout');
  if (value === null || value === '') return undefined;
  try {
    return parseGoDuration(value);
  } catch (err) {
    if (err instanceof DurationParseError) throw newBadRequest(`${INVALID_TIMEOUT} - ${err.message}`);
    throw err;
  }
}

/**
 * One request under a deadline: its abort signal's source (an AbortController made only when someone asks for the
 * signal or the deadline passes), what the deadline does when it passes, and the cancel when the response closes,
 * in one object instead of a controller and two closures per request.
 */
class TimedRequest {
  #controller: AbortController | undefined;
  /** The request's place among the pending deadlines of `deadlines`. */
  deadline: Deadline | undefined;

  constructor(
    readonly request: IncomingMessage,
    readonly response: ServerResponse,
    readonly info: RequestInfo | undefined,
    readonly metrics: RequestMetrics | undefined,
    readonly deadlines: DeadlineTimers,
  ) {}

  /** The signal that aborts when the deadline passes. */
  get signal(): AbortSignal {
    this.#controller ??= new AbortController();
    return this.#controller.signal;
  }

  /** The deadline passed: abort the signal, count the termination, answer 504 (or cut a started response). */
  deadlineExpired(): void {
    const { request, response, info } = this;
    if (response.writableFinished) return;
    this.#controller ??= new AbortController();
    this.#controller.abort(newTimeoutError(TIMEOUT_MESSAGE, 0));
    if (info !== undefined) this.metrics?.recordTermination(request, info, 504);
    if (response.writableEnded) return;
    // The inner handler may still write; its late writes must not crash the process.
    response.on('error', () => undefined);
    if (response.headersSent) response.destroy();
    else writeStatus(response, newTimeoutError(TIMEOUT_MESSAGE, 0));
  }

  /** The response closed: the deadline no longer applies. */
  responseClosed(): void {
    if (this.deadline !== undefined) this.deadlines.cancel(this.deadline);
  }
}

/**
 * `WithRequestDeadline` + `WithTimeoutForNonLongRunningRequests`: non-long-running requests
 * get a deadline (`?timeout=` capped by the server's request timeout); when it passes
 * before the handler finished, the client gets a 504 Timeout Status (or a reset connection
 * if the response had started) and the request's abort signal fires. As upstream, the deadline counts from the
 * request's received timestamp. The deadlines share one node timer per timeout value (`DeadlineTimers`), not one per
 * request.
 */
export function withRequestDeadline(handler: Handler, options: RequestDeadlineOptions = {}): Handler {
  const maximum = options.requestTimeoutMillis ?? 60_000;
  const longRunning = options.longRunning ?? defaultLongRunningRequestCheck;
  const deadlines = new DeadlineTimers();
  return (request, response) => {
    const info = requestInfoFrom(request);
    if (info !== undefined && longRunning(request, info)) return handler(request, response);
    let timeout: number;
    try {
      const requested = parseTimeout(request.url ?? '');
      timeout = requested === undefined || requested <= 0 || requested > maximum ? maximum : requested;
    } catch (err) {
      writeStatus(response, err);
      return undefined;
    }
    const timed = new TimedRequest(request, response, info, options.metrics, deadlines);
    withSignalSource(request, timed);
    timed.deadline = deadlines.add(timeout, timed, requestReceivedTimestamp(request));
    // 'close' follows 'finish' (one tick later: a deadline passing in between sees the response finished).
    onResponseClose(request, response, timed);
    return handler(request, response);
  };
}
