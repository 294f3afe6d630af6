/**
 * One webhook call: a JSON POST to a {@link WebhookClientConfig}'s endpoint, trusting its CA bundle, with
 * client-go's `?timeout=<n>s` and a deadline. Shared by admission and CRD conversion webhooks.
 * @module
 */
import type { OutgoingHttpHeaders } from 'node:http';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { resolveWebhookEndpoint, type ServiceResolver, type WebhookClientConfig } from './client-config.js';
import { transportCause, WebhookTransportError } from './transport-error.js';

/** How to make one call. */
export interface WebhookPostOptions {
  /** Deadline for the whole call, in milliseconds. */
  readonly timeoutMillis: number;
  /** Resolves Service references (cluster DNS when absent). */
  readonly resolver?: ServiceResolver;
  /** Aborts the call (e.g. the client went away). */
  readonly signal?: AbortSignal;
}

/** The webhook's answer, read to the end; any HTTP status. */
export interface WebhookAnswer {
  /** HTTP status. */
  readonly status: number;
  /** `Content-Type`, or "". */
  readonly contentType: string;
  /** The body. */
  readonly body: Buffer;
}

/** client-go's `timeout` query parameter, as Go's `time.Duration` prints it ("10s", "1.5s", "500ms"). */
export function timeoutQuery(millis: number): string {
  return millis < 1000 ? `${millis}ms` : `${millis / 1000}s`;
}

/**
 * POSTs `body` as JSON. Resolves for every HTTP status; rejects with {@link WebhookTransportError} when no answer
 * came (connection or TLS error, deadline passed, aborted).
 */
export async function postWebhook(config: WebhookClientConfig, body: unknown, options: WebhookPostOptions): Promise<WebhookAnswer> {
  const endpoint = await resolveWebhookEndpoint(config, options.resolver);
  const url = endpoint.url;
  url.searchParams.set('timeout', timeoutQuery(options.timeoutMillis));
  const payload = Buffer.from(JSON.stringify(body));
  const headers: OutgoingHttpHeaders = { 'content-type': 'application/json', accept: 'application/json', 'content-length': payload.length };
  const https = url.protocol === 'https:';
  const caBundle = config.caBundle ?? '';
  const tls = https
    ? { ...(caBundle !== '' && { ca: Buffer.from(caBundle, 'base64').toString('utf8') }), ...(endpoint.serverName !== undefined && { servername: endpoint.serverName }) }
    : {};
  const hostPort = `${url.hostname}:${url.port === '' ? (https ? '443' : '80') : url.port}`;
  return new Promise((resolve, reject) => {
    let timedOut = false;
    const req = (https ? httpsRequest : httpRequest)(url, { method: 'POST', agent: false, headers, signal: options.signal, ...tls });
    const timer = setTimeout(() => {
      timedOut = true;
      req.destroy();
    }, options.timeoutMillis);
    const fail = (err: unknown): void => {
      clearTimeout(timer);
      const cause = timedOut ? 'context deadline exceeded' : options.signal?.aborted === true ? 'context canceled' : transportCause(err, hostPort);
      reject(new WebhookTransportError(url.href, cause, timedOut));
    };
    req.once('error', fail);
    req.once('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.once('error', fail);
      res.once('end', () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), body: Buffer.concat(chunks) });
      });
    });
    req.end(payload);
  });
}
