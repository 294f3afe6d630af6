import { ServiceError } from '../service-error.js';
import { matchesAccept, matchesContentType, routeMediaFacts } from './media-matching.js';
import type { RouteConditionRequest, RouteSelectionRequest, SelectableRoute } from './route-selector.js';

/** Body of the 404 when no route passes its `If` conditions (note: not "Page Not Found"). */
export const NOT_FOUND_MESSAGE = '404: Not Found';
/** Body of the 404 when no route path matches. */
export const PAGE_NOT_FOUND_MESSAGE = '404: Page Not Found';

/**
 * Creates a routing ServiceError without capturing a stack trace: selection errors
 * are answers (404/405/406/415), not bugs, and capturing the stack costs more than
 * the whole selection (about 4 µs per error).
 */
export function routingError(code: number, message: string, header?: Readonly<Record<string, string>>): ServiceError {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return new ServiceError(code, message, header);
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/**
 * A frozen routing error meant to be thrown many times: routers throw one shared
 * instance for outcomes that never vary (404 Page Not Found, a path's 405), because
 * creating an Error costs more than throwing it. It has no stack trace to share.
 */
export function sharedRoutingError(code: number, message: string, header: Readonly<Record<string, string>> = {}): ServiceError {
  return Object.freeze(routingError(code, message, Object.freeze({ ...header })));
}

/** The shared `404: Page Not Found` error. */
export const PAGE_NOT_FOUND: ServiceError = sharedRoutingError(404, PAGE_NOT_FOUND_MESSAGE);

/** The 405 error for candidates none of which has the request's method: `Allow` lists their distinct methods in order. */
export function methodNotAllowed(candidates: readonly SelectableRoute[]): ServiceError {
  const allowed: string[] = [];
  for (const route of candidates) if (!allowed.includes(route.method)) allowed.push(route.method);
  return routingError(405, '405: Method Not Allowed', { Allow: allowed.join(', ') });
}

/**
 * go-restful's `http.Request.ContentLength` derived from headers: −1 for a chunked
 * (or otherwise unknown) length, the parsed `Content-Length` when present, else 0.
 */
export function requestContentLength(request: RouteSelectionRequest): number {
  const headers = request.headers;
  if (headers['transfer-encoding'] !== undefined) return -1;
  const length = headers['content-length'];
  if (length === undefined) return 0;
  return /^[0-9]+$/.test(length) ? Number(length) : -1;
}

/** The raw `Content-Length` header as Go's `Header.Get` sees it (net/http drops it for chunked bodies). */
function contentLengthHeader(request: RouteSelectionRequest): string {
  const headers = request.headers;
  if (headers['transfer-encoding'] !== undefined) return '';
  return headers['content-length'] ?? '';
}

function conditionRequest(request: RouteSelectionRequest): RouteConditionRequest {
  return request.raw ?? { method: request.method, url: request.path, headers: request.headers };
}

function passesConditions(route: SelectableRoute, request: RouteConditionRequest): boolean {
  for (const condition of route.if) {
    if (!condition(request)) return false;
  }
  return true;
}

/**
 * Step 1: the candidates whose `If` conditions all hold. go-restful evaluates them for
 * every candidate before the method check, so we do too (callers can observe calls).
 * Returns the input array itself when no candidate has conditions (no allocation).
 */
function conditionSurvivors<R extends SelectableRoute>(candidates: readonly R[], request: RouteSelectionRequest): readonly R[] {
  let survivors: R[] | undefined;
  let conditionView: RouteConditionRequest | undefined;
  for (let i = 0; i < candidates.length; i++) {
    const route = candidates[i] as R;
    if (route.if.length === 0) {
      survivors?.push(route);
      continue;
    }
    conditionView ??= conditionRequest(request);
    const ok = passesConditions(route, conditionView);
    if (survivors === undefined && !ok) survivors = candidates.slice(0, i);
    else if (ok) survivors?.push(route);
  }
  return survivors ?? candidates;
}

/** Header value as Go's `Header.Get` returns it ("" when absent). */
function headerValue(request: RouteSelectionRequest, name: 'content-type' | 'accept'): string {
  return request.headers[name] ?? '';
}

/** Builds the error go-restful's `detectRoute` returns when no candidate survives steps 2–4. */
function selectionError(candidates: readonly SelectableRoute[], request: RouteSelectionRequest): ServiceError {
  const methodOk = candidates.filter((route) => route.method === request.method);
  if (methodOk.length === 0) return methodNotAllowed(candidates);
  const contentType = headerValue(request, 'content-type');
  let mediaOk = methodOk.filter((route) => matchesContentType(routeMediaFacts(route), contentType));
  if (mediaOk.length === 0) {
    if (requestContentLength(request) > 0) return routingError(415, '415: Unsupported Media Type');
    // go-restful carries the (empty) list on to the Accept step, which then fails with an empty list.
    mediaOk = [];
  }
  const available = mediaOk.flatMap((route) => route.produces).join(', ');
  const method = request.method;
  const length = contentLengthHeader(request);
  if ((method === 'POST' || method === 'PUT' || method === 'PATCH') && (length === '' || length === '0')) {
    return routingError(415, `415: Unsupported Media Type\n\nAvailable representations: ${available}`);
  }
  return routingError(406, `406: Not Acceptable\n\nAvailable representations: ${available}`);
}

/**
 * go-restful's shared `detectRoute` (jsr311.go): from path candidates in router
 * priority order, keep those whose `If` conditions hold (else 404 `404: Not Found`),
 * whose method equals the request's (else 405 with `Allow`), whose Consumes fits the
 * Content-Type (else 415 when the request has a body) and whose Produces fits Accept
 * (else 406, or 415 for POST/PUT/PATCH without a body); the first survivor wins.
 * Throws {@link ServiceError}.
 */
export function detectRoute<R extends SelectableRoute>(candidates: readonly R[], request: RouteSelectionRequest): R {
  const survivors = conditionSurvivors(candidates, request);
  if (survivors.length === 0) throw routingError(404, NOT_FOUND_MESSAGE);
  // Hot path: the winner is the first route passing every filter, because each step
  // only filters the ordered list; the stage-by-stage analysis is needed only for errors.
  const method = request.method;
  const contentType = headerValue(request, 'content-type');
  const accept = headerValue(request, 'accept') || '*/*';
  for (let i = 0; i < survivors.length; i++) {
    const route = survivors[i] as R;
    if (route.method !== method) continue;
    const facts = routeMediaFacts(route);
    if (matchesContentType(facts, contentType) && matchesAccept(facts, accept)) return route;
  }
  throw selectionError(survivors, request);
}
