import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FilterFunction } from '../filter-chain.js';
import { isThenable } from '../thenable.js';

/** A connect/express-style middleware: call `next()` to continue, `next(error)` to fail. */
export type HttpMiddleware = (
  request: IncomingMessage,
  response: ServerResponse,
  next: (error?: unknown) => void,
) => unknown;

/**
 * Adapts connect-style middleware to a filter (the analogue of go-restful's
 * `HttpMiddlewareHandlerToFilter`): `next()` continues the chain, `next(error)` or a
 * throw is a panic, and a middleware that ends the response itself ends the request.
 * A middleware must either call `next` or end the response.
 */
export function httpMiddlewareHandlerToFilter(middleware: HttpMiddleware): FilterFunction {
  return (request, response, chain) =>
    new Promise<void>((resolve, reject) => {
      const raw = response.raw;
      let nextCalled = false;
      const onDone = (): void => {
        raw.off('finish', onDone);
        raw.off('close', onDone);
        if (!nextCalled) resolve();
      };
      raw.once('finish', onDone);
      raw.once('close', onDone);
      const next = (error?: unknown): void => {
        if (nextCalled) return;
        nextCalled = true;
        raw.off('finish', onDone);
        raw.off('close', onDone);
        if (error !== undefined && error !== null) reject(error);
        else chain.processFilter(request, response).then(resolve, reject);
      };
      try {
        const result = middleware(request.raw, raw, next);
        if (isThenable(result)) result.then(undefined, reject);
      } catch (error) {
        reject(error);
      }
    });
}
