/**
 * The handler of one API group-version (kube-aggregator `handler_proxy.go` `proxyHandler`): local APIServices
 * go to the delegate; remote ones are forwarded to their Service with the user in the X-Remote-* headers, or
 * answered 503 while not Available.
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { newInternalError, newServiceUnavailable } from '@apiserver/runtime';
import { type Handler, requestSignal, userFrom, writeStatus } from '@apiserver/server';
import { isAvailable } from '../apis/apiregistration/v1/helpers.js';
import type { APIService } from '../apis/apiregistration/v1/types.js';
import { DEFAULT_SERVICE_PORT } from '../apis/apiregistration/v1/register.js';
import type { ServiceResolver } from '../apiserver/service-resolver.js';
import { type ProxiedUser, setAuthProxyHeaders } from './auth-proxy-headers.js';
import { forwardUpgrade, upgradeOf } from './upgrade.js';
import { backendTLSOf, type ProxyClientCertificate } from './backend-tls.js';
import { forwardedRequestHeaders, forwardRequest } from './upstream-request.js';

/** What the proxy handler needs. */
export interface ProxyHandlerOptions {
  /** The delegate's unprotected handler (local APIServices). */
  readonly delegate: Handler;
  /** Resolves `spec.service` (absent: remote APIServices cannot be reached). */
  readonly serviceResolver?: ServiceResolver;
  /** The client certificate presented to backends (`--proxy-client-cert-file`; absent: none). */
  readonly proxyClientCertificate?: ProxyClientCertificate;
  /** Forward the user's UID as `X-Remote-Uid` (kube-apiserver: the `RemoteRequestHeaderUID` gate; default false). */
  readonly forwardUserUID?: boolean;
  /** Error log. */
  readonly log?: (message: string) => void;
}

function proxiedUserOf(request: IncomingMessage, withUID: boolean): ProxiedUser | undefined {
  const user = userFrom(request);
  if (user === undefined) return undefined;
  const extra = (user as { extra?: Readonly<Record<string, readonly string[]>> }).extra;
  return { name: user.name, groups: user.groups, ...(withUID && { uid: user.uid }), ...(extra !== undefined && { extra }) };
}

/** Serves requests for APIService group-versions. */
export class ProxyHandler {
  readonly #options: ProxyHandlerOptions;

  /** Creates the handler. */
  constructor(options: ProxyHandlerOptions) {
    this.#options = options;
  }

  /** Serves one request for `apiService`'s group-version. */
  async serve(request: IncomingMessage, response: ServerResponse, apiService: APIService): Promise<void> {
    const service = apiService.spec?.service;
    if (service === undefined || service === null) return this.#options.delegate(request, response);
    if (!isAvailable(apiService)) return writeStatus(response, newServiceUnavailable('service unavailable'));
    const user = proxiedUserOf(request, this.#options.forwardUserUID === true);
    if (user === undefined) return writeStatus(response, newInternalError('missing user'));
    const resolver = this.#options.serviceResolver;
    let base: URL;
    try {
      if (resolver === undefined) throw new Error('no service resolver configured');
      base = await resolver.resolveEndpoint(service.namespace ?? '', service.name ?? '', service.port ?? DEFAULT_SERVICE_PORT);
    } catch (err) {
      this.#options.log?.(`error resolving ${service.namespace ?? ''}/${service.name ?? ''}: ${String(err)}`);
      return writeStatus(response, newServiceUnavailable('service unavailable'));
    }
    const target = new URL(request.url ?? '/', base);
    const headers = forwardedRequestHeaders(request);
    setAuthProxyHeaders(headers, user);
    const upgrade = upgradeOf(request);
    const tls = backendTLSOf(apiService, this.#options.proxyClientCertificate);
    try {
      if (upgrade === undefined) await forwardRequest(request, response, target, headers, tls, requestSignal(request));
      else await forwardUpgrade(request, response, upgrade, target, headers, tls, requestSignal(request));
    } catch (err) {
      writeStatus(response, newServiceUnavailable(`error trying to reach service: ${err instanceof Error ? err.message : String(err)}`));
    }
  }
}
