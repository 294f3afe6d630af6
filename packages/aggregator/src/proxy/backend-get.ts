/**
 * A GET the aggregator itself sends to an APIService's backend (discovery and OpenAPI documents), as
 * `system:kube-aggregator` in `system:masters`, with the APIService's TLS settings, the proxy client certificate
 * and a timeout.
 * @module
 */
import { type IncomingHttpHeaders, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { APIService } from '../apis/apiregistration/v1/types.js';
import { backendTLSOf, type ProxyClientCertificate, tlsRequestOptions } from './backend-tls.js';

/** A backend's answer, read to the end. */
export interface BackendAnswer {
  /** HTTP status. */
  readonly status: number;
  /** `Content-Type`, or "". */
  readonly contentType: string;
  /** All response headers. */
  readonly headers: IncomingHttpHeaders;
  /** The body. */
  readonly body: Buffer;
}

/** GETs `url` with `accept`; rejects on connection errors and after `timeoutMillis`. */
export function backendGet(url: URL, accept: string, apiService: APIService, timeoutMillis: number, clientCertificate?: ProxyClientCertificate): Promise<BackendAnswer> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(url, {
      agent: false,
      timeout: timeoutMillis,
      headers: { accept, 'x-remote-user': 'system:kube-aggregator', 'x-remote-group': 'system:masters' },
      ...tlsRequestOptions(url, backendTLSOf(apiService, clientCertificate)),
    });
    req.once('timeout', () => req.destroy(new Error(`timed out waiting for ${url.href}`)));
    req.once('error', reject);
    req.once('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.once('end', () =>
        resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.once('error', reject);
    });
    req.end();
  });
}
