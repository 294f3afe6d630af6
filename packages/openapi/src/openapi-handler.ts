/**
 * Serving a plain restful service's documents (go-restful-openapi's `NewOpenAPIService`, with kube-openapi's
 * handlers): `/openapi/v2` (JSON, or gnostic protobuf by `Accept`) and `/openapi/v3` (one OpenAPI 3.0 document
 * for all WebServices), built on first request and rebuilt when the WebServices or their routes change.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Container, WebService } from '@apiserver/restful';
import { CachedDocument } from './cached-document.js';
import type { OpenAPIConfig } from './openapi-config.js';
import { KEY_OPENAPI_EXCLUDE } from './route-paths.js';
import { serveJSONDocument, serveSwaggerDocument } from './serve-document.js';
import { buildSwagger } from './v2-builder.js';
import { buildOpenAPIV3 } from './v3-builder.js';

/** Options of an {@link OpenAPIHandler}: what to document, how, and where to serve it. */
export interface OpenAPIHandlerOptions extends OpenAPIConfig {
  /** The documented WebServices: a Container's registered ones (read on every request), or a function. */
  readonly webServices: Container | (() => readonly WebService[]);
  /** Path of the Swagger 2.0 document (default `/openapi/v2`). */
  readonly v2Path?: string;
  /** Path of the OpenAPI 3.0 document (default `/openapi/v3`). */
  readonly v3Path?: string;
}

/** The OpenAPI documents of a restful service and the handlers serving them. */
export class OpenAPIHandler {
  /** Where the Swagger 2.0 document is served. */
  readonly v2Path: string;
  /** Where the OpenAPI 3.0 document is served. */
  readonly v3Path: string;
  readonly #options: OpenAPIHandlerOptions;
  #own: WebService | undefined;
  #fingerprint = '';
  #v2: CachedDocument | undefined;
  #v3: CachedDocument | undefined;

  /** Creates the handler; nothing is built before the first request. */
  constructor(options: OpenAPIHandlerOptions) {
    this.#options = options;
    this.v2Path = options.v2Path ?? '/openapi/v2';
    this.v3Path = options.v3Path ?? '/openapi/v3';
  }

  /** The documented WebServices (their routes marked {@link KEY_OPENAPI_EXCLUDE} are left out when building). */
  #webServices(): readonly WebService[] {
    const source = this.#options.webServices;
    const services = typeof source === 'function' ? source() : source.registeredWebServices();
    const fingerprint = services.map((ws) => `${ws.rootPath()} ${ws.routes().length}`).join('\n');
    if (fingerprint !== this.#fingerprint) {
      this.invalidate();
      this.#fingerprint = fingerprint;
    }
    return services;
  }

  /** Drops the built documents (they are rebuilt on the next request). */
  invalidate(): void {
    this.#v2 = undefined;
    this.#v3 = undefined;
  }

  /** The Swagger 2.0 document (cached). */
  swagger(): CachedDocument {
    const services = this.#webServices();
    this.#v2 ??= new CachedDocument(buildSwagger(services, this.#options));
    return this.#v2;
  }

  /** The OpenAPI 3.0 document (cached). */
  openAPIV3(): CachedDocument {
    const services = this.#webServices();
    this.#v3 ??= new CachedDocument(buildOpenAPIV3(services, this.#options));
    return this.#v3;
  }

  /** Serves the Swagger 2.0 document (JSON or protobuf by `Accept`; 406 otherwise). */
  readonly serveV2 = (request: IncomingMessage, response: ServerResponse): void => {
    serveSwaggerDocument(request, response, this.swagger());
  };

  /** Serves the OpenAPI 3.0 document as JSON. */
  readonly serveV3 = (request: IncomingMessage, response: ServerResponse): void => {
    serveJSONDocument(request, response, this.openAPIV3());
  };

  /**
   * A `node:http` handler: serves GET/HEAD of the two paths and returns `true`, or returns `false` without
   * touching the response for any other request.
   */
  readonly handle = (request: IncomingMessage, response: ServerResponse): boolean => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path === this.v2Path) this.serveV2(request, response);
    else if (path === this.v3Path) this.serveV3(request, response);
    else return false;
    return true;
  };

  /** A WebService with GET and HEAD routes at both paths, to add to the Container (its routes are left out of the documents). */
  webService(): WebService {
    if (this.#own !== undefined) return this.#own;
    const ws = new WebService().path('/').produces('*/*');
    const routes: [string, string, (req: IncomingMessage, res: ServerResponse) => void][] = [
      [this.v2Path, 'OpenAPIV2', this.serveV2],
      [this.v3Path, 'OpenAPIV3', this.serveV3],
    ];
    for (const [path, name, serve] of routes) {
      for (const method of ['GET', 'HEAD']) {
        const builder = ws.method(method).path(path).operation(`${method.toLowerCase()}${name}`);
        ws.route(builder.to((req, resp) => serve(req.raw, resp.raw)).metadata(KEY_OPENAPI_EXCLUDE, true));
      }
    }
    this.#own = ws;
    return ws;
  }
}
