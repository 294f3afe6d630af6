import type { IncomingMessage } from 'node:http';
import type { UserInfo } from '../authentication/user.js';
import type { RequestInfo } from './request-info.js';

/** Per-request values the filters attach (the Go request context). */
interface RequestValues {
  info?: RequestInfo;
  user?: UserInfo;
  signal?: AbortSignal;
}

const values = new WeakMap<IncomingMessage, RequestValues>();

function valuesOf(request: IncomingMessage): RequestValues {
  let v = values.get(request);
  if (v === undefined) {
    v = {};
    values.set(request, v);
  }
  return v;
}

/** The RequestInfo the request-info filter attached, if any. */
export function requestInfoFrom(request: IncomingMessage): RequestInfo | undefined {
  return values.get(request)?.info;
}

/** Attaches a RequestInfo to a request. */
export function withRequestInfoValue(request: IncomingMessage, info: RequestInfo): void {
  valuesOf(request).info = info;
}

/** The authenticated user, if the authentication filter ran and succeeded. */
export function userFrom(request: IncomingMessage): UserInfo | undefined {
  return values.get(request)?.user;
}

/** Attaches the authenticated user to a request. */
export function withUserValue(request: IncomingMessage, user: UserInfo): void {
  valuesOf(request).user = user;
}

/**
 * The signal that aborts when the request should stop: its deadline passed, the client
 * went away, or the server is shutting down (long-running requests end on it).
 */
export function requestSignal(request: IncomingMessage): AbortSignal | undefined {
  return values.get(request)?.signal;
}

/** Attaches (combines with any existing) an abort signal to a request. */
export function withSignalValue(request: IncomingMessage, signal: AbortSignal): void {
  const v = valuesOf(request);
  v.signal = v.signal === undefined ? signal : AbortSignal.any([v.signal, signal]);
}
