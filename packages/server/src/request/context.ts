import type { IncomingMessage, ServerResponse } from 'node:http';
import { withRequestUser } from '@apiserver/endpoints';
import type { RequestAuditEvent } from '../audit/request-audit-event.js';
import type { UserInfo } from '../authentication/user.js';
import type { RequestInfo } from './request-info.js';

/**
 * Where a request's abort signal comes from: an AbortController (whose signal node creates on first
 * access) or any holder of a signal. Filters attach sources; the combined signal is built when asked for.
 */
export interface AbortSignalSource {
  /** The signal (may be created on first access). */
  readonly signal: AbortSignal;
}

/**
 * What runs when a response closes: a function, or an object with a `responseClosed` method (a filter's per-request
 * state can be its own callback, with no closure made for it).
 */
export type ResponseCloseCallback = (() => void) | { responseClosed(): void };

/** One link of a request's list of signal sources or close callbacks, in the order they were added. */
class Link<T> {
  next: Link<T> | undefined = undefined;
  constructor(readonly value: T) {}
}

/**
 * Per-request values the filters attach (the Go request context). A class, and its lists linked through
 * {@link Link}s, rather than object and array literals: V8 pretenures a literal's allocation site once most of what
 * it allocated survived a scavenge, and this object and its lists reference the whole request. Allocated in the old
 * generation, they kept each finished request's objects alive through every scavenge until a full collection (half
 * of the young generation copied at each scavenge, 15 µs of garbage collection per `/healthz` under load once the
 * server held a few hundred objects); constructors are never pretenured.
 */
class RequestValues {
  /** When the request was received, on `performance.now()`'s clock (see {@link requestReceivedTimestamp}). */
  received: number | undefined = undefined;
  info: RequestInfo | undefined = undefined;
  user: UserInfo | undefined = undefined;
  /** Signal sources, outermost first. */
  sources: Link<AbortSignalSource> | undefined = undefined;
  lastSource: Link<AbortSignalSource> | undefined = undefined;
  /** The combined signal of `sources`, once asked for (reset when a source is added). */
  signal: AbortSignal | undefined = undefined;
  /** Callbacks run, in order, when the response closes. */
  onClose: Link<ResponseCloseCallback> | undefined = undefined;
  lastOnClose: Link<ResponseCloseCallback> | undefined = undefined;
  /** The callback run after them (see {@link afterResponseClose}). */
  afterClose: ResponseCloseCallback | undefined = undefined;
  /** Set once the close callbacks ran. */
  closed = false;
  /** Set when no installed route served the request (see {@link withUnroutedValue}). */
  unrouted = false;
  /** The audit ID (`withAuditInit`). */
  auditID: string | undefined = undefined;
  /** The audit event, when the policy audits the request. */
  audit: RequestAuditEvent | undefined = undefined;
}

/**
 * The values live on the request under a module-private symbol: a WeakMap entry per request cost more
 * (lookups, and ephemeron work in every garbage collection) on the request path.
 */
const VALUES = Symbol('apiserver request values');

/** A request that may carry values. */
interface Carrier {
  [VALUES]?: RequestValues;
}

function carrier(request: IncomingMessage): Carrier {
  // Every object can carry a symbol-keyed property; IncomingMessage's type just does not declare it.
  return request as Carrier;
}

function valuesOf(request: IncomingMessage): RequestValues {
  const c = carrier(request);
  let v = c[VALUES];
  if (v === undefined) {
    v = new RequestValues();
    c[VALUES] = v;
  }
  return v;
}

/**
 * When the request was received, on `performance.now()`'s clock (upstream's `ReceivedTimestamp` of the request
 * context): read from the clock by the first filter that asks (the metrics filter, outside the deadline filter) and
 * shared by the others, so that a request's latency and its deadline count from the same instant with one clock read.
 */
export function requestReceivedTimestamp(request: IncomingMessage): number {
  const v = valuesOf(request);
  v.received ??= performance.now();
  return v.received;
}

/** The RequestInfo the request-info filter attached, if any. */
export function requestInfoFrom(request: IncomingMessage): RequestInfo | undefined {
  return carrier(request)[VALUES]?.info;
}

/** Attaches a RequestInfo to a request. */
export function withRequestInfoValue(request: IncomingMessage, info: RequestInfo): void {
  valuesOf(request).info = info;
}

/** The authenticated user, if the authentication filter ran and succeeded. */
export function userFrom(request: IncomingMessage): UserInfo | undefined {
  return carrier(request)[VALUES]?.user;
}

/**
 * Attaches the authenticated user to a request, and hands it to the endpoints' handlers (`ctx.user` of the
 * registry calls the request leads to).
 */
export function withUserValue(request: IncomingMessage, user: UserInfo): void {
  valuesOf(request).user = user;
  withRequestUser(request, user);
}

/** The request's audit ID, once `withAuditInit` ran. */
export function auditIDFrom(request: IncomingMessage): string | undefined {
  return carrier(request)[VALUES]?.auditID;
}

/** Attaches the audit ID. */
export function withAuditIDValue(request: IncomingMessage, id: string): void {
  valuesOf(request).auditID = id;
}

/** The request's audit event, when its policy level is not None. */
export function auditEventFrom(request: IncomingMessage): RequestAuditEvent | undefined {
  return carrier(request)[VALUES]?.audit;
}

/** Attaches the audit event. */
export function withAuditEventValue(request: IncomingMessage, event: RequestAuditEvent): void {
  valuesOf(request).audit = event;
}

/**
 * Marks a request as served by no installed route: Go's `http.NotFound` at the end of the delegation chain, or a
 * go-restful routing error (no WebService route for the path, method or media types). Upstream instruments only
 * installed routes; the request metrics record such a request without the API labels its URL would give.
 */
export function withUnroutedValue(request: IncomingMessage): void {
  valuesOf(request).unrouted = true;
}

/** Whether {@link withUnroutedValue} marked the request. */
export function isUnrouted(request: IncomingMessage): boolean {
  return carrier(request)[VALUES]?.unrouted === true;
}

/**
 * The signal that aborts when the request should stop: its deadline passed, the client
 * went away, or the server is shutting down (long-running requests end on it).
 */
export function requestSignal(request: IncomingMessage): AbortSignal | undefined {
  const v = carrier(request)[VALUES];
  if (v?.sources === undefined) return undefined;
  if (v.signal === undefined) {
    // AbortSignal.any costs tens of microseconds: it is only built for the requests that ask.
    const first = v.sources;
    if (first.next === undefined) v.signal = first.value.signal;
    else {
      const signals: AbortSignal[] = [];
      for (let s: Link<AbortSignalSource> | undefined = first; s !== undefined; s = s.next) signals.push(s.value.signal);
      v.signal = AbortSignal.any(signals);
    }
  }
  return v.signal;
}

/** Attaches (combines with any existing) an abort signal to a request. */
export function withSignalValue(request: IncomingMessage, signal: AbortSignal): void {
  withSignalSource(request, { signal });
}

/**
 * Attaches (combines with any existing) the signal of `source` without touching it: an AbortController
 * whose signal nobody asks for never creates one.
 */
export function withSignalSource(request: IncomingMessage, source: AbortSignalSource): void {
  const v = valuesOf(request);
  const link = new Link(source);
  if (v.lastSource === undefined) v.sources = link;
  else v.lastSource.next = link;
  v.lastSource = link;
  if (v.signal !== undefined) v.signal = undefined;
}

function runCloseCallback(callback: ResponseCloseCallback): void {
  if (typeof callback === 'function') callback();
  else callback.responseClosed();
}

/** The one 'close' listener of a request's response: its callbacks in order, then the last one. */
function closeListener(v: RequestValues): () => void {
  return () => {
    if (v.closed) return;
    v.closed = true;
    for (let c = v.onClose; c !== undefined; c = c.next) runCloseCallback(c.value);
    if (v.afterClose !== undefined) runCloseCallback(v.afterClose);
  };
}

/**
 * Listens for 'close' once per request. A plain listener that runs once: `once` would wrap it and remove it again on
 * every request.
 */
function listenForClose(v: RequestValues, response: ServerResponse): void {
  if (v.onClose === undefined && v.afterClose === undefined) response.on('close', closeListener(v));
}

/**
 * Runs `callback` once when `response` closes (node emits 'close' after 'finish', and alone when the client went
 * away). The filters of one request share one 'close' listener: each listener of its own costs an add, a wrapper and
 * a remove per request.
 */
export function onResponseClose(request: IncomingMessage, response: ServerResponse, callback: ResponseCloseCallback): void {
  const v = valuesOf(request);
  const link = new Link(callback);
  if (v.lastOnClose !== undefined) {
    v.lastOnClose.next = link;
    v.lastOnClose = link;
    return;
  }
  listenForClose(v, response);
  v.onClose = link;
  v.lastOnClose = link;
}

/**
 * Runs `callback` when `response` closes, after every {@link onResponseClose} callback whenever those were added
 * (the server's in-flight bookkeeping, which must see the filters' own close work done). One per request: a second
 * call replaces the first.
 */
export function afterResponseClose(request: IncomingMessage, response: ServerResponse, callback: ResponseCloseCallback): void {
  const v = valuesOf(request);
  listenForClose(v, response);
  v.afterClose = callback;
}
