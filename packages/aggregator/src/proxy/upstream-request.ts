/**
 * Forwarding one request to an aggregated server (apimachinery `proxy.UpgradeAwareHandler` without
 * upgrades): hop-by-hop headers and the client's credentials are not forwarded, the body and the answer are
 * streamed both ways (a watch flows event by event), and the upstream request ends with the client's.
 * @module
 */
import { request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { tlsRequestOptions, type UpstreamTLS } from './backend-tls.js';

export type { UpstreamTLS } from './backend-tls.js';

/** Headers that belong to one connection (RFC 7230 §6.1) and are never forwarded. */
export const HOP_BY_HOP_HEADERS: ReadonlySet<string> = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);


/** The request headers to forward: everything but hop-by-hop headers, `Authorization` and `Host`. */
export function forwardedRequestHeaders(request: IncomingMessage): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  const connectionTokens = new Set(
    String(request.headers.connection ?? '')
      .split(',')
      .map((t) => t.trim().toLowerCase()),
  );
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || HOP_BY_HOP_HEADERS.has(name) || connectionTokens.has(name)) continue;
    if (name === 'authorization' || name === 'host') continue;
    out[name] = value;
  }
  return out;
}

function responseHeaders(upstream: IncomingMessage): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(upstream.headers)) {
    if (value !== undefined && !HOP_BY_HOP_HEADERS.has(name)) out[name] = value;
  }
  return out;
}

/**
 * Sends `request` to `target` (whose path and query are used as is) with `headers`; streams the answer into
 * `response`. Resolves when the response is done; rejects when the upstream could not be reached before any
 * answer (the caller writes the error).
 */
export function forwardRequest(
  request: IncomingMessage,
  response: ServerResponse,
  target: URL,
  headers: OutgoingHttpHeaders,
  tls: UpstreamTLS,
  signal: AbortSignal | undefined,
): Promise<void> {
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const upstream = send(target, {
      method: request.method ?? 'GET',
      headers: { ...headers, host: target.host },
      agent: false,
      ...tlsRequestOptions(target, tls),
    });
    const abort = (): void => {
      upstream.destroy();
    };
    signal?.addEventListener('abort', abort, { once: true });
    response.once('close', abort);
    upstream.once('error', (err) => {
      signal?.removeEventListener('abort', abort);
      if (response.headersSent) {
        response.destroy();
        resolve();
      } else reject(err);
    });
    upstream.once('response', (answer) => {
      response.writeHead(answer.statusCode ?? 502, responseHeaders(answer));
      // A streamed answer (watch) must reach the client as it comes: flush the headers at once.
      response.flushHeaders();
      answer.pipe(response);
      answer.once('end', () => {
        signal?.removeEventListener('abort', abort);
        resolve();
      });
      answer.once('error', () => {
        response.destroy();
        resolve();
      });
    });
    request.pipe(upstream);
  });
}
