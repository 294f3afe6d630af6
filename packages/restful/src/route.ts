import type { FilterFunction, RouteFunction } from './filter-chain.js';
import type { Parameter } from './parameter.js';
import type { PathExpression } from './path/path-expression.js';
import type { RouteTemplate } from './path/route-template.js';
import { type ResponseError, responsesByCode } from './response-error.js';
import { compileUrlBuilder, type UrlBuilder } from './route-url.js';
import type { RouteCondition, SelectableRoute } from './routers/route-selector.js';

/** Everything a {@link Route} is made of (its fields, without its methods); produced by `RouteBuilder.build()`. */
export type RouteSpec = Omit<Route, 'toString' | 'url'>;

/**
 * A built, immutable route (go-restful's `Route`): method, full path, handler,
 * filters, negotiation lists and documentation.
 */
export class Route implements SelectableRoute {
  /** HTTP method, compared case-sensitively. */
  readonly method: string;
  /** Full path template (root + sub path), as go-restful's `Route.Path`. */
  readonly path: string;
  /** Sub path relative to the WebService root. */
  readonly subPath: string;
  /** Produced MIME types. */
  readonly produces: readonly string[];
  /** Consumed MIME types. */
  readonly consumes: readonly string[];
  /** The handler. */
  readonly function: RouteFunction;
  /** Route filters, run after container and WebService filters. */
  readonly filters: readonly FilterFunction[];
  /** Selection conditions; all must hold. */
  readonly if: readonly RouteCondition[];
  /** Summary. */
  readonly doc: string;
  /** Longer notes. */
  readonly notes: string;
  /** Operation name (defaults to the handler's name). */
  readonly operation: string;
  /** Parameter docs. */
  readonly parameterDocs: readonly Parameter[];
  /** Documented responses by status code. */
  readonly responseErrors: Readonly<Record<number, ResponseError>>;
  /** The default response. */
  readonly defaultResponse: ResponseError | undefined;
  /** Sample of the request body. */
  readonly readSample: unknown;
  /** The single write sample. */
  readonly writeSample: unknown;
  /** All write samples. */
  readonly writeSamples: readonly unknown[];
  /** Free-form metadata. */
  readonly metadata: Readonly<Record<string, unknown>>;
  /** Whether the route is deprecated. */
  readonly deprecated: boolean;
  /** Vendor extensions. */
  readonly extensions: Readonly<Record<string, unknown>>;
  /** Per-route compression override; undefined follows the container. */
  readonly contentEncodingEnabled: boolean | undefined;
  /** Methods allowed without Content-Type. */
  readonly allowedMethodsWithoutContentType: readonly string[] | undefined;
  /** The full path compiled for the curly router. */
  readonly template: RouteTemplate;
  /** The sub path compiled as a JSR311 path expression. */
  readonly relativeExpression: PathExpression;
  #url: UrlBuilder | undefined;

  /** Creates a route from its spec; use `RouteBuilder.build()` instead. */
  constructor(spec: RouteSpec) {
    this.method = spec.method;
    this.path = spec.path;
    this.subPath = spec.subPath;
    this.produces = Object.freeze([...spec.produces]);
    this.consumes = Object.freeze([...spec.consumes]);
    this.function = spec.function;
    this.filters = Object.freeze([...spec.filters]);
    this.if = Object.freeze([...spec.if]);
    this.doc = spec.doc;
    this.notes = spec.notes;
    this.operation = spec.operation;
    this.parameterDocs = Object.freeze([...spec.parameterDocs]);
    this.responseErrors = Object.freeze(Object.assign(responsesByCode(), spec.responseErrors));
    this.defaultResponse = spec.defaultResponse;
    this.readSample = spec.readSample;
    this.writeSample = spec.writeSample;
    this.writeSamples = Object.freeze([...spec.writeSamples]);
    this.metadata = Object.freeze({ ...spec.metadata });
    this.deprecated = spec.deprecated;
    this.extensions = Object.freeze({ ...spec.extensions });
    this.contentEncodingEnabled = spec.contentEncodingEnabled;
    this.allowedMethodsWithoutContentType =
      spec.allowedMethodsWithoutContentType && Object.freeze([...spec.allowedMethodsWithoutContentType]);
    this.template = spec.template;
    this.relativeExpression = spec.relativeExpression;
    Object.freeze(this);
  }

  /** `"METHOD PATH"`, as go-restful's `Route.String()`. */
  toString(): string {
    return `${this.method} ${this.path}`;
  }

  /**
   * Reverse routing: the concrete, percent-encoded path for these parameter values
   * (`{path:*}` values keep their `/`). Throws a `ConfigurationError` when one is missing.
   */
  url(params: Readonly<Record<string, string>>): string {
    this.#url ??= compileUrlBuilder(this.path);
    return this.#url(params);
  }
}
