/**
 * The availability controller's discovery check: `GET /apis/<group>/<version>` (`/api/<version>` for the
 * legacy group) on the resolved backend as `system:kube-aggregator` in `system:masters`; any 2xx or 3xx passes.
 * @module
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { APIService } from '../apis/apiregistration/v1/types.js';
import { backendTLSOf, type ProxyClientCertificate, tlsRequestOptions } from '../proxy/backend-tls.js';

/** How the check connects. */
export interface DiscoveryCheckOptions {
  /** Give up after this many ms (upstream: 5 s). */
  readonly timeoutMillis: number;
  /** The aggregator's client certificate (absent: none). */
  readonly proxyClientCertificate?: ProxyClientCertificate;
}

/** The path the check requests for an APIService. */
export function discoveryPath(apiService: APIService): string {
  const group = apiService.spec?.group ?? '';
  const version = apiService.spec?.version ?? '';
  return apiService.metadata?.name === 'v1.' ? `/api/${version}` : `/apis/${group}/${version}`;
}

/** Requests `url`; resolves undefined on success, or the error text upstream records. */
export function discoveryCheck(url: URL, apiService: APIService, options: DiscoveryCheckOptions): Promise<string | undefined> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const req = send(url, {
      method: 'GET',
      agent: false,
      headers: { 'x-remote-user': 'system:kube-aggregator', 'x-remote-group': 'system:masters', accept: 'application/json' },
      timeout: options.timeoutMillis,
      ...tlsRequestOptions(url, backendTLSOf(apiService, options.proxyClientCertificate)),
    });
    req.once('timeout', () => req.destroy(new Error(`Get "${url.href}": context deadline exceeded (Client.Timeout exceeded while awaiting headers)`)));
    req.once('error', (err) => resolve(`failing or missing response from ${url.href}: ${err.message}`));
    req.once('response', (res) => {
      res.resume();
      const code = res.statusCode ?? 0;
      resolve(code >= 200 && code < 400 ? undefined : `failing or missing response from ${url.href}: bad status from ${url.href}: ${code}`);
    });
    req.end();
  });
}
