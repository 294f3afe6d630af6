import type { IncomingMessage, ServerResponse } from 'node:http';
import { accessorAt, defaultRequestContentTypeValue } from './entity/entity-accessors.js';
import { DEFAULT_MAX_REQUEST_BODY_BYTES, decodeContentEncoding, readRawBody } from './request-body.js';
import type { Route } from './route.js';
import { type RouteReader, routeReaderOf } from './route-reader.js';
import { ServiceError } from './service-error.js';

/** Options of a {@link Request}. */
export interface RequestOptions {
  /** Path parameter values of the selected route. */
  readonly pathParameters?: Readonly<Record<string, string>>;
  /** The selected route, if any. */
  readonly route?: Route;
  /** Maximum body size in bytes (after decompression too); over it → 413. */
  readonly maxBodyBytes?: number;
  /** The node response: after a 413 body it carries `Connection: close` and the rest of the body is not read. */
  readonly rawResponse?: ServerResponse;
}

function firstHeader(value: string | string[] | undefined): string {
  if (value === undefined) return '';
  return Array.isArray(value) ? (value[0] ?? '') : value;
}

/**
 * The request of one dispatch (go-restful's `Request`): path, query, header and body
 * parameters, entity reading and request-scoped attributes. `P` names the path
 * parameters the route declares.
 */
export class Request<P extends string = string> {
  #raw: IncomingMessage;
  readonly #pathParameters: Readonly<Record<string, string>>;
  readonly #route: Route | undefined;
  readonly #maxBodyBytes: number;
  readonly #rawResponse: ServerResponse | undefined;
  #attributes: Map<string, unknown> | undefined;
  #query: URLSearchParams | undefined;
  #queryOf: string | undefined;
  #body: Promise<Buffer> | undefined;
  #form: Promise<URLSearchParams> | undefined;

  /** Wraps a node request. */
  constructor(raw: IncomingMessage, options: RequestOptions = {}) {
    this.#raw = raw;
    this.#pathParameters = options.pathParameters ?? {};
    this.#route = options.route;
    this.#maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_REQUEST_BODY_BYTES;
    this.#rawResponse = options.rawResponse;
  }

  /** The underlying node request. */
  get raw(): IncomingMessage {
    return this.#raw;
  }

  /** Replaces the underlying node request; later filters and the handler see it. */
  set raw(raw: IncomingMessage) {
    this.#raw = raw;
  }

  /** The value of a path parameter (`""` when absent). */
  pathParameter(name: P): string {
    return this.#pathParameters[name] ?? '';
  }

  /** All path parameter values. */
  pathParameters(): Readonly<Record<P, string>> {
    return this.#pathParameters;
  }

  #queryParams(): URLSearchParams {
    const url = this.#raw.url ?? '';
    if (this.#query === undefined || this.#queryOf !== url) {
      const q = url.indexOf('?');
      this.#query = new URLSearchParams(q === -1 ? '' : url.slice(q + 1));
      this.#queryOf = url;
    }
    return this.#query;
  }

  /** The first value of a query parameter (`""` when absent). */
  queryParameter(name: string): string {
    return this.#queryParams().get(name) ?? '';
  }

  /** All values of a query parameter. */
  queryParameters(name: string): string[] {
    return this.#queryParams().getAll(name);
  }

  /** The first value of a request header (`""` when absent). */
  headerParameter(name: string): string {
    return firstHeader(this.#raw.headers[name.toLowerCase()]);
  }

  /**
   * The raw body, decompressed for `Content-Encoding: gzip|deflate`; read once and
   * cached. Rejects with a 413 ServiceError over the size limit.
   */
  body(): Promise<Buffer> {
    this.#body ??= readRawBody(this.#raw, this.#maxBodyBytes, this.#rawResponse).then((bytes) =>
      decodeContentEncoding(bytes, this.headerParameter('content-encoding'), this.#maxBodyBytes),
    );
    return this.#body;
  }

  /**
   * A form field from an `application/x-www-form-urlencoded` body (body values only,
   * as Go's `PostFormValue`); `""` when absent or for other content types.
   */
  async bodyParameter(name: string): Promise<string> {
    this.#form ??= this.#readForm();
    return (await this.#form).get(name) ?? '';
  }

  async #readForm(): Promise<URLSearchParams> {
    const method = this.#raw.method ?? 'GET';
    const contentType = this.headerParameter('content-type').split(';')[0]?.trim() ?? '';
    if (!['POST', 'PUT', 'PATCH'].includes(method) || contentType !== 'application/x-www-form-urlencoded') {
      return new URLSearchParams();
    }
    return new URLSearchParams((await this.body()).toString('utf8'));
  }

  /**
   * Decodes the body with the entity reader for its Content-Type (exact, then
   * substring; then the default request type). Rejects with a 400 ServiceError
   * `Unable to unmarshal content of type:<ct>` when none fits, or for invalid content.
   */
  async readEntity<T = unknown>(): Promise<T> {
    const contentType = this.headerParameter('content-type');
    let reader = accessorAt(contentType);
    const fallback = defaultRequestContentTypeValue();
    if (reader === undefined && fallback !== '') reader = accessorAt(fallback);
    if (reader === undefined) throw new ServiceError(400, `Unable to unmarshal content of type:${contentType}`);
    const body = await this.body();
    // The entity reader decides the shape; T is the caller's claim about it.
    return reader.read(this, body) as T;
  }

  /** A request-scoped attribute (undefined when absent). */
  attribute(name: string): unknown {
    return this.#attributes?.get(name);
  }

  /** Sets a request-scoped attribute. */
  setAttribute(name: string, value: unknown): void {
    this.#attributes ??= new Map();
    this.#attributes.set(name, value);
  }

  /** A read-only view of the selected route; undefined on the error path. */
  selectedRoute(): RouteReader | undefined {
    return this.#route === undefined ? undefined : routeReaderOf(this.#route);
  }

  /** The selected route's full path template (`""` when none). */
  selectedRoutePath(): string {
    return this.#route?.path ?? '';
  }
}
