import type { IncomingMessage, ServerResponse } from 'node:http';

/** A plain node request handler; it may return a promise that settles when the response is done. */
export type Handler = (request: IncomingMessage, response: ServerResponse) => void | Promise<void>;

/** A value, or a promise of it: what authenticators, authorizers and handlers may return. */
export type MaybePromise<T> = T | Promise<T>;

/** Whether `value` is a promise (or any thenable) rather than a settled value. */
export function isPromiseLike<T>(value: MaybePromise<T> | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as { then?: unknown } | null | undefined)?.then === 'function';
}
