import { ConfigurationError } from './configuration-error.js';
import type { FilterFunction } from './filter-chain.js';
import {
  bodyParameter,
  formParameter,
  headerParameter,
  multiPartFormParameter,
  type Parameter,
  pathParameter,
  queryParameter,
} from './parameter.js';
import { compilePathExpression, type PathExpression } from './path/path-expression.js';
import type { PathParamNames } from './path/path-params.js';
import { compileRouteTemplate, type RouteTemplate } from './path/route-template.js';
import type { Route } from './route.js';
import { defaultTypeName, RouteBuilder, type TypeNameHandler } from './route-builder.js';
import type { SelectableWebService } from './routers/route-selector.js';

/**
 * A group of routes under one root path with shared defaults and filters
 * (go-restful's `WebService`). `R` is the union of the root's path parameter names.
 */
export class WebService<R extends string = string> implements SelectableWebService<Route> {
  #rootPath = '';
  #rootTemplate: RouteTemplate = compileRouteTemplate('/');
  #rootExpression: PathExpression = compilePathExpression('/');
  #routes: Route[] = [];
  /** The frozen copy of `#routes` that `routes()` hands out, made again after a change. */
  #routesSnapshot: readonly Route[] | undefined;
  #produces: string[] = [];
  #consumes: string[] = [];
  #pathParameters: Parameter[] = [];
  #filters: FilterFunction[] = [];
  #documentation = '';
  #apiVersion = '';
  #typeNameHandler: TypeNameHandler = defaultTypeName;
  #dynamicRoutes = false;
  #revision = 0;

  /**
   * Sets the root path (`""` becomes `/`) and compiles it once. Call it before
   * creating route builders: they capture the root. Throws `RouteTemplateError` on a bad regex.
   */
  path<T extends string>(root: T): WebService<PathParamNames<T>> {
    const rootPath = root === '' ? '/' : root;
    const template = compileRouteTemplate(rootPath);
    const expression = compilePathExpression(rootPath);
    this.#rootPath = rootPath;
    this.#rootTemplate = template;
    this.#rootExpression = expression;
    this.#revision++;
    // The root's parameter names exist only at the type level.
    return this as unknown as WebService<PathParamNames<T>>;
  }

  /** The root path (`""` until `path()` is called). */
  rootPath(): string {
    return this.#rootPath;
  }

  /** The root compiled for the curly router. */
  rootTemplate(): RouteTemplate {
    return this.#rootTemplate;
  }

  /** The root compiled as a JSR311 path expression. */
  rootExpression(): PathExpression {
    return this.#rootExpression;
  }

  /** Increases whenever the root or the routes change. */
  revision(): number {
    return this.#revision;
  }

  /** Replaces the default produced MIME types (applied to routes added later). */
  produces(...mimeTypes: string[]): this {
    this.#produces = mimeTypes;
    return this;
  }

  /** Replaces the default consumed MIME types (applied to routes added later). */
  consumes(...mimeTypes: string[]): this {
    this.#consumes = mimeTypes;
    return this;
  }

  /** Applies the WebService defaults, builds the route and appends it. */
  route(builder: RouteBuilder<string>): this {
    builder.copyDefaults(this.#produces, this.#consumes);
    this.#routes.push(builder.build());
    this.#routesSnapshot = undefined;
    this.#revision++;
    return this;
  }

  /** A builder for any method; its path is `""` until `path()` is called on it. */
  method(httpMethod: string): RouteBuilder<string> {
    return new RouteBuilder<string>(this.#rootPath, this.#typeNameHandler).method(httpMethod);
  }

  #builder<S extends string>(method: string, subPath: S): RouteBuilder<R | PathParamNames<S>> {
    return new RouteBuilder<R | PathParamNames<S>>(this.#rootPath, this.#typeNameHandler).method(method).path(subPath);
  }

  /** A GET route builder for `subPath`. */
  get<S extends string>(subPath: S): RouteBuilder<R | PathParamNames<S>> {
    return this.#builder('GET', subPath);
  }

  /** A POST route builder for `subPath`. */
  post<S extends string>(subPath: S): RouteBuilder<R | PathParamNames<S>> {
    return this.#builder('POST', subPath);
  }

  /** A PUT route builder for `subPath`. */
  put<S extends string>(subPath: S): RouteBuilder<R | PathParamNames<S>> {
    return this.#builder('PUT', subPath);
  }

  /** A PATCH route builder for `subPath`. */
  patch<S extends string>(subPath: S): RouteBuilder<R | PathParamNames<S>> {
    return this.#builder('PATCH', subPath);
  }

  /** A DELETE route builder for `subPath`. */
  delete<S extends string>(subPath: S): RouteBuilder<R | PathParamNames<S>> {
    return this.#builder('DELETE', subPath);
  }

  /** A HEAD route builder for `subPath`. */
  head<S extends string>(subPath: S): RouteBuilder<R | PathParamNames<S>> {
    return this.#builder('HEAD', subPath);
  }

  /** An OPTIONS route builder for `subPath`. */
  options<S extends string>(subPath: S): RouteBuilder<R | PathParamNames<S>> {
    return this.#builder('OPTIONS', subPath);
  }

  /** Documents a root path parameter. */
  param(parameter: Parameter): this {
    this.#pathParameters.push(parameter);
    return this;
  }

  /** The documented root path parameters. */
  pathParameters(): readonly Parameter[] {
    return [...this.#pathParameters];
  }

  /** A path parameter doc (required, `string`). */
  pathParameter(name: string, description: string): Parameter {
    return pathParameter(name, description);
  }

  /** A query parameter doc (optional, `string`, `csv`). */
  queryParameter(name: string, description: string): Parameter {
    return queryParameter(name, description);
  }

  /** A header parameter doc (optional, `string`). */
  headerParameter(name: string, description: string): Parameter {
    return headerParameter(name, description);
  }

  /** A body parameter doc (required). */
  bodyParameter(name: string, description: string): Parameter {
    return bodyParameter(name, description);
  }

  /** A form parameter doc (optional, `string`). */
  formParameter(name: string, description: string): Parameter {
    return formParameter(name, description);
  }

  /** A multipart form parameter doc (optional, `string`). */
  multiPartFormParameter(name: string, description: string): Parameter {
    return multiPartFormParameter(name, description);
  }

  /** Adds a WebService filter (runs only for requests whose route was found). */
  filter(filter: FilterFunction): this {
    this.#filters.push(filter);
    return this;
  }

  /** The WebService filters. */
  filters(): readonly FilterFunction[] {
    return this.#filters;
  }

  /** Sets the documentation. */
  doc(documentation: string): this {
    this.#documentation = documentation;
    return this;
  }

  /** The documentation. */
  documentation(): string {
    return this.#documentation;
  }

  /** Sets the API version (documentation). */
  apiVersion(version: string): this {
    this.#apiVersion = version;
    return this;
  }

  /** The API version. */
  version(): string {
    return this.#apiVersion;
  }

  /** Sets the type namer used by `reads` on builders created afterwards. */
  typeNameHandler(handler: TypeNameHandler): this {
    this.#typeNameHandler = handler;
    return this;
  }

  /** Allows `removeRoute` (go-restful's `SetDynamicRoutes`). */
  setDynamicRoutes(enabled: boolean): this {
    this.#dynamicRoutes = enabled;
    return this;
  }

  /**
   * Removes every route with this full path and method. Throws a
   * `ConfigurationError` unless dynamic routes are enabled.
   */
  removeRoute(path: string, method: string): void {
    if (!this.#dynamicRoutes) throw new ConfigurationError('DynamicRoutesDisabled', 'dynamic routes are not enabled.');
    const kept = this.#routes.filter((r) => !(r.method === method && r.path === path));
    if (kept.length !== this.#routes.length) {
      this.#routes = kept;
      this.#routesSnapshot = undefined;
      this.#revision++;
    }
  }

  /** The routes in definition order (a frozen snapshot, replaced when routes change). */
  routes(): readonly Route[] {
    this.#routesSnapshot ??= Object.freeze([...this.#routes]);
    return this.#routesSnapshot;
  }
}
