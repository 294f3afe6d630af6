/**
 * OpenAPI v3 of aggregated APIs (kube-aggregator's OpenAPI v3 aggregation): `/openapi/v3` lists the aggregator's
 * and delegate's group-versions plus each Available remote APIService's `apis/<group>/<version>` with the
 * backend's hash, and `/openapi/v3/apis/<group>/<version>` of a remote APIService is read from its backend.
 * Everything else is the local OpenAPIService's (`/openapi/v2` covers the local APIs only).
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { computeETag, type OpenAPIService, type PathRecorderMux } from '@apiserver/server';
import { isAvailable } from '../apis/apiregistration/v1/helpers.js';
import type { APIService } from '../apis/apiregistration/v1/types.js';
import { DEFAULT_SERVICE_PORT } from '../apis/apiregistration/v1/register.js';
import type { APIServiceCache } from '../apiserver/apiservice-cache.js';
import type { ServiceResolver } from '../apiserver/service-resolver.js';
import { backendGet } from '../proxy/backend-get.js';
import type { ProxyClientCertificate } from '../proxy/backend-tls.js';

/** What the aggregated OpenAPI handlers read. */
export interface AggregatedOpenAPIOptions {
  /** The documents of the aggregator and its delegate. */
  readonly local: OpenAPIService;
  /** The APIServices. */
  readonly apiServices: APIServiceCache;
  /** Resolves the backends (absent: only local documents). */
  readonly serviceResolver?: ServiceResolver;
  /** How long a backend's `/openapi/v3` index is reused, in ms (default 10 000). */
  readonly ttlMillis?: number;
  /** Backend request timeout in ms (default 5 000). */
  readonly timeoutMillis?: number;
  /** The aggregator's client certificate, presented to backends (absent: none). */
  readonly proxyClientCertificate?: ProxyClientCertificate;
}

/** The `paths` of an `/openapi/v3` index: group-version key → server-relative URL with the document's hash. */
export type OpenAPIV3Paths = Record<string, { serverRelativeURL: string }>;

/** Serves `/openapi/v2`, `/openapi/v3` and `/openapi/v3/<key>` with the remote group-versions merged in. */
export class AggregatedOpenAPI {
  readonly #o: AggregatedOpenAPIOptions;
  readonly #index = new Map<string, { at: number; paths: OpenAPIV3Paths }>();

  /** Creates the handlers. */
  constructor(options: AggregatedOpenAPIOptions) {
    this.#o = options;
    options.apiServices.onChange((name) => this.#index.delete(name));
  }

  /** Registers the three paths on a mux. */
  install(mux: PathRecorderMux): void {
    mux.handle('/openapi/v2', this.#o.local.serveV2);
    mux.handle('/openapi/v3', this.serveV3Discovery);
    mux.handlePrefix('/openapi/v3/', this.serveV3GroupVersion);
  }

  #remote(): APIService[] {
    return this.#o.apiServices.list().filter((s) => s.spec?.service !== undefined && s.spec?.service !== null && s.spec?.group !== '' && isAvailable(s));
  }

  async #base(apiService: APIService): Promise<URL | undefined> {
    const service = apiService.spec?.service;
    if (this.#o.serviceResolver === undefined || service === undefined || service === null) return undefined;
    return this.#o.serviceResolver.resolveEndpoint(service.namespace ?? '', service.name ?? '', service.port ?? DEFAULT_SERVICE_PORT);
  }

  /** The backend's `/openapi/v3` entry for the APIService's group-version (cached), if it has one. */
  async #remoteEntry(apiService: APIService): Promise<{ serverRelativeURL: string } | undefined> {
    const name = apiService.metadata?.name ?? '';
    const key = `apis/${apiService.spec?.group ?? ''}/${apiService.spec?.version ?? ''}`;
    const cached = this.#index.get(name);
    if (cached !== undefined && Date.now() - cached.at < (this.#o.ttlMillis ?? 10_000)) return cached.paths[key];
    let paths: OpenAPIV3Paths = {};
    try {
      const base = await this.#base(apiService);
      if (base !== undefined) {
        const answer = await backendGet(new URL('/openapi/v3', base), 'application/json', apiService, this.#o.timeoutMillis ?? 5000, this.#o.proxyClientCertificate);
        if (answer.status === 200) paths = (JSON.parse(answer.body.toString('utf8')) as { paths?: OpenAPIV3Paths }).paths ?? {};
      }
    } catch {
      paths = {};
    }
    this.#index.set(name, { at: Date.now(), paths });
    return paths[key];
  }

  /** The merged `/openapi/v3` index. */
  async discovery(): Promise<{ paths: OpenAPIV3Paths }> {
    const paths: OpenAPIV3Paths = { ...this.#o.local.discovery().paths };
    const remote = this.#remote();
    const entries = await Promise.all(remote.map((s) => this.#remoteEntry(s)));
    remote.forEach((s, i) => {
      const entry = entries[i];
      if (entry !== undefined) paths[`apis/${s.spec?.group ?? ''}/${s.spec?.version ?? ''}`] = entry;
    });
    return { paths };
  }

  /** `/openapi/v3`. */
  readonly serveV3Discovery = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const data = Buffer.from(JSON.stringify(await this.discovery()));
    const etag = JSON.stringify(computeETag(data));
    response.setHeader('Etag', etag);
    response.setHeader('Cache-Control', 'no-cache, private');
    if (request.headers['if-none-match'] === etag) {
      response.writeHead(304).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': data.length }).end(data);
  };

  /** `/openapi/v3/<key>`: a remote APIService's document from its backend, else the local one. */
  readonly serveV3GroupVersion = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const [, , , prefix, group, version, ...rest] = url.pathname.split('/');
    const apiService = prefix === 'apis' && rest.length === 0 ? this.#o.apiServices.get(`${version ?? ''}.${group ?? ''}`) : undefined;
    if (apiService === undefined || !this.#remote().includes(apiService)) return this.#o.local.serveV3GroupVersion(request, response);
    try {
      const base = await this.#base(apiService);
      if (base === undefined) throw new Error('no service resolver configured');
      const answer = await backendGet(new URL(`${url.pathname}${url.search}`, base), request.headers.accept ?? 'application/json', apiService, this.#o.timeoutMillis ?? 5000, this.#o.proxyClientCertificate);
      const headers: Record<string, string> = {};
      for (const h of ['content-type', 'etag', 'cache-control', 'expires', 'location', 'last-modified', 'vary']) {
        const v = answer.headers[h];
        if (typeof v === 'string') headers[h] = v;
      }
      response.writeHead(answer.status, { ...headers, 'content-length': answer.body.length }).end(answer.body);
    } catch (err) {
      const body = `${err instanceof Error ? err.message : String(err)}\n`;
      response.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' }).end(body);
    }
  };
}
