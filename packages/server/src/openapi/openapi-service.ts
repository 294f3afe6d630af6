/**
 * Serves `/openapi/v2` (kube-openapi `handler.OpenAPIService`) and `/openapi/v3[/<group-version>]`
 * (`handler3.OpenAPIService`) from documents built lazily from the server's current WebServices and cached until
 * the routes change or {@link OpenAPIService.invalidate} is called.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { addVary, CachedDocument, computeETag, negotiate, type OpenAPIInfo, serveContent, serveSwaggerDocument } from '@apiserver/openapi';
import type { WebService } from '@apiserver/restful';
import type { PathRecorderMux } from '../mux/path-recorder-mux.js';
import type { KindsOf } from './component-schemas.js';
import { buildOpenAPIV3, buildSwagger } from './kubernetes-config.js';

/** Where the documents come from. */
export interface OpenAPISource {
  /** The WebServices currently registered (the go-restful container's). */
  readonly webServices: () => readonly WebService[];
  /** Registered kinds of a schema. */
  readonly kindsOf: KindsOf;
  /** The documents' `info`. */
  readonly info: OpenAPIInfo;
}

function pathOf(url: string | undefined): { path: string; query: URLSearchParams } {
  const u = new URL(url ?? '/', 'http://x');
  return { path: u.pathname, query: u.searchParams };
}

/** The OpenAPI v2 and v3 documents of a server and their HTTP handlers. */
export class OpenAPIService {
  readonly #source: OpenAPISource;
  #fingerprint = '';
  #v2: CachedDocument | undefined;
  readonly #v3 = new Map<string, CachedDocument>();

  /** Creates a service over a route source; nothing is built before the first request. */
  constructor(source: OpenAPISource) {
    this.#source = source;
  }

  /** Drops the cached documents (API groups were installed or removed). */
  invalidate(): void {
    this.#v2 = undefined;
    this.#v3.clear();
  }

  /** Drops the caches when the WebServices or their route counts changed since they were built. */
  #checkFresh(): readonly WebService[] {
    const services = this.#source.webServices();
    const fingerprint = services.map((ws) => `${ws.rootPath()} ${ws.routes().length}`).join('\n');
    if (fingerprint !== this.#fingerprint) {
      this.invalidate();
      this.#fingerprint = fingerprint;
    }
    return services;
  }

  /** The Swagger 2.0 document (cached). */
  swagger(): CachedDocument {
    const services = this.#checkFresh();
    this.#v2 ??= new CachedDocument(buildSwagger(services, this.#source));
    return this.#v2;
  }

  /** The v3 group-version keys (`api/v1`, `apis/apps/v1`, `version`, …): every WebService root without its slash. */
  groupVersions(): string[] {
    return [...new Set(this.#checkFresh().map((ws) => ws.rootPath().replace(/^\//, '')))].sort();
  }

  /** The v3 document of one group-version key, or `undefined` when no WebService has that root. */
  groupVersion(key: string): CachedDocument | undefined {
    const services = this.#checkFresh().filter((ws) => ws.rootPath().replace(/^\//, '') === key);
    if (services.length === 0) return undefined;
    let doc = this.#v3.get(key);
    if (doc === undefined) {
      doc = new CachedDocument(buildOpenAPIV3(services, this.#source));
      this.#v3.set(key, doc);
    }
    return doc;
  }

  /** The `/openapi/v3` discovery document: each key's server-relative URL with its hash. */
  discovery(): { paths: Record<string, { serverRelativeURL: string }> } {
    const paths: Record<string, { serverRelativeURL: string }> = {};
    for (const key of this.groupVersions()) {
      const doc = this.groupVersion(key);
      if (doc !== undefined) paths[key] = { serverRelativeURL: serverRelativeURL(key, doc.etag) };
    }
    return { paths };
  }

  /** Registers `/openapi/v2`, `/openapi/v3` and `/openapi/v3/` on a mux. */
  install(mux: PathRecorderMux): void {
    mux.handle('/openapi/v2', this.serveV2);
    mux.handle('/openapi/v3', this.serveV3Discovery);
    mux.handlePrefix('/openapi/v3/', this.serveV3GroupVersion);
  }

  /** `/openapi/v2`: JSON or gnostic protobuf by `Accept` (406 otherwise), gzip when accepted, ETag revalidation. */
  readonly serveV2 = (request: IncomingMessage, response: ServerResponse): void => {
    serveSwaggerDocument(request, response, this.swagger());
  };

  /** `/openapi/v3`: the discovery document. */
  readonly serveV3Discovery = (request: IncomingMessage, response: ServerResponse): void => {
    const data = Buffer.from(JSON.stringify(this.discovery()));
    response.setHeader('Etag', JSON.stringify(computeETag(data)));
    response.setHeader('Content-Type', 'application/json');
    response.setHeader('Cache-Control', 'no-cache, private');
    serveContent(request, response, data, new Date());
  };

  /** `/openapi/v3/<key>`: the group-version document; `?hash=` pins it (immutable) or redirects to the current hash. */
  readonly serveV3GroupVersion = (request: IncomingMessage, response: ServerResponse): void => {
    const { path, query } = pathOf(request.url);
    const key = path.slice('/openapi/v3/'.length);
    addVary(response, 'Accept');
    const doc = this.groupVersion(key);
    if (doc === undefined) {
      response.writeHead(404).end();
      return;
    }
    if (negotiate(request.headers.accept, ['application/json']) === undefined) {
      response.writeHead(406).end();
      return;
    }
    response.setHeader('Content-Type', 'application/json');
    response.setHeader('Etag', JSON.stringify(doc.etag));
    const hash = query.get('hash') ?? '';
    if (hash !== '' && hash !== doc.etag) {
      response.writeHead(301, { Location: serverRelativeURL(key, doc.etag) }).end();
      return;
    }
    if (hash !== '') {
      response.setHeader('Cache-Control', 'public, immutable');
      response.setHeader('Expires', expiresInOneYear());
    } else {
      response.setHeader('Cache-Control', 'no-cache, private');
    }
    serveContent(request, response, doc.json, doc.lastModified);
  };
}

/** kube-openapi `constructServerRelativeURL`: `/openapi/v3/<key>?hash=<etag>`. */
export function serverRelativeURL(key: string, etag: string): string {
  return `/openapi/v3/${key}?${new URLSearchParams({ hash: etag }).toString()}`;
}

/** One year from now in Go's `time.RFC1123` layout (UTC). */
function expiresInOneYear(): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  return d.toUTCString().replace(/GMT$/, 'UTC');
}
