import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { PathExpression } from '../path/path-expression.js';
import type { RouteTemplate } from '../path/route-template.js';

/**
 * What a route's `if(...)` condition sees of the request: through `Container.dispatch`
 * it is the raw `IncomingMessage`; a direct `selectRoute` call without `raw` passes
 * `{ method, url: path, headers }`.
 */
export type RouteConditionRequest = Pick<IncomingMessage, 'method' | 'url' | 'headers'>;

/** A route selection condition (go-restful's `RouteSelectionConditionFunction`). */
export type RouteCondition = (request: RouteConditionRequest) => boolean;

/** The facts of a Route that routers read; `Route` has these and more. */
export interface SelectableRoute {
  /** HTTP method, compared case-sensitively. */
  readonly method: string;
  /** Full path template (root + sub path). */
  readonly path: string;
  /** Accepted request MIME types; empty accepts anything. */
  readonly consumes: readonly string[];
  /** Produced MIME types. */
  readonly produces: readonly string[];
  /** Selection conditions; all must hold. */
  readonly if: readonly RouteCondition[];
  /** Methods allowed without a Content-Type when the route consumes something; undefined = go-restful's default set. */
  readonly allowedMethodsWithoutContentType: readonly string[] | undefined;
  /** The full path compiled for the curly router. */
  readonly template: RouteTemplate;
  /** The sub path (relative to the WebService root) compiled for RouterJSR311. */
  readonly relativeExpression: PathExpression;
}

/** The facts of a WebService that routers read; `WebService` has these and more. */
export interface SelectableWebService<R extends SelectableRoute = SelectableRoute> {
  /** The root path template. */
  rootPath(): string;
  /** The routes, in definition order. */
  routes(): readonly R[];
  /** The root path compiled for the curly router. */
  rootTemplate(): RouteTemplate;
  /** The root path compiled for RouterJSR311. */
  rootExpression(): PathExpression;
  /** Increases whenever routes are added or removed, so routers can cache per WebService. */
  revision(): number;
}

/** The request facts a router selects on. `path` is the percent-decoded URL path. */
export interface RouteSelectionRequest {
  /** HTTP method. */
  readonly method: string;
  /** The decoded URL path (go's `URL.Path`). */
  readonly path: string;
  /** Request headers with lower-case names, as node:http gives them. */
  readonly headers: IncomingHttpHeaders;
  /** The raw request, handed to route conditions when present. */
  readonly raw?: IncomingMessage;
}

/** A router's answer: the WebService and Route chosen, and the path parameters when the router computed them. */
export interface RouteSelection<R extends SelectableRoute, W extends SelectableWebService<R>> {
  /** The WebService chosen. */
  readonly webService: W;
  /** The Route chosen. */
  readonly route: R;
  /** Path parameter values, or undefined to let the container use a PathProcessor. */
  readonly pathParameters: Readonly<Record<string, string>> | undefined;
}

/**
 * Chooses a WebService and Route for a request, as go-restful's `RouteSelector`,
 * or throws a `ServiceError` (404, 405 with `Allow`, 406, 415).
 */
export interface RouteSelector {
  /** Selects a route or throws a `ServiceError`. */
  selectRoute<R extends SelectableRoute, W extends SelectableWebService<R>>(
    webServices: readonly W[],
    request: RouteSelectionRequest,
  ): RouteSelection<R, W>;
}

/** Extra capability of a router that extracts path parameters itself (go-restful's `PathProcessor`). */
export interface PathProcessor {
  /** Extracts the path parameters of `route` from the decoded URL path. */
  extractParameters(route: SelectableRoute, webService: SelectableWebService, urlPath: string): Record<string, string>;
}

/** Type guard: does this router also implement {@link PathProcessor}? */
export function isPathProcessor(router: RouteSelector): router is RouteSelector & PathProcessor {
  return typeof (router as Partial<PathProcessor>).extractParameters === 'function';
}
