import type { ServerResponse } from 'node:http';
import { requestAuditRecorderOf } from '@apiserver/endpoints';
import { type KubeObject, retryAfterHeader, type Status, toStatus } from '@apiserver/runtime';
import { withUnroutedValue } from './request/context.js';

/**
 * Whether the response was already answered, typically by the timeout filter while the handler still ran.
 * A late answer is dropped, as Go's timeout writer ignores a late `WriteHeader`; writing it would throw
 * ERR_HTTP_HEADERS_SENT and turn a finished request into a logged panic.
 */
export function alreadyAnswered(res: ServerResponse): boolean {
  return res.headersSent || res.writableEnded;
}

/** Writes a thrown value as a `v1` Status JSON response (`responsewriters.ErrorNegotiated`, JSON only). */
export function writeStatus(res: ServerResponse, err: unknown): void {
  if (alreadyAnswered(res)) return;
  const status: Status = toStatus(err);
  const body = JSON.stringify(status);
  requestAuditRecorderOf(res.req)?.logResponseObject({ ...status } as KubeObject, () => body);
  const retry = retryAfterHeader(status);
  if (retry !== undefined) res.setHeader('Retry-After', retry);
  res.writeHead(status.code ?? 500, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
}

/** Go's `http.Error`: plain text with a trailing newline and `X-Content-Type-Options: nosniff`. */
export function httpError(res: ServerResponse, message: string, code: number): void {
  if (alreadyAnswered(res)) return;
  const body = `${message}\n`;
  res.removeHeader('Content-Length');
  res.writeHead(code, {
    'Content-Type': 'text/plain; charset=utf-8',
    'X-Content-Type-Options': 'nosniff',
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
}

/** Go's `http.NotFound`: `404 page not found`; the request is marked as served by no installed route. */
export function notFound(res: ServerResponse): void {
  // A response made without a request (tests, hand-made writers) has none to mark.
  if (res.req !== undefined) withUnroutedValue(res.req);
  httpError(res, '404 page not found', 404);
}

/** Go's `responsewriters.InternalError`: `Internal Server Error: "<uri>": <err>` as plain text. */
export function internalError(res: ServerResponse, uri: string, err: unknown): void {
  const message = err instanceof Error ? err.message : String(err);
  httpError(res, `Internal Server Error: ${JSON.stringify(uri)}: ${message}`, 500);
}
