import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { wantsCompressedResponse } from './compression/compression.js';
import { ConfigurationError } from './configuration-error.js';
import { FilterChain, type FilterFunction, type RouteFunction } from './filter-chain.js';
import { computeAllowedMethods } from './filters/allowed-methods.js';
import { newOptionsFilter } from './filters/options-filter.js';
import { logPrint } from './log.js';
import { type RecoverHandleFunction, logStackOnRecover } from './recover.js';
import { Request, type RequestOptions } from './request.js';
import { DEFAULT_MAX_REQUEST_BODY_BYTES } from './request-body.js';
import { Response } from './response.js';
import type { Route } from './route.js';
import { CurlyRouter } from './routers/curly/curly-router.js';
import { defaultPathProcessor } from './routers/path-processor.js';
import { isPathProcessor, type RouteSelection, type RouteSelectionRequest, type RouteSelector } from './routers/route-selector.js';
import { type HttpHandler, ServeMux } from './serve-mux.js';
import { isServiceError, type ServiceError } from './service-error.js';
import { type ServiceErrorHandleFunction, writeServiceError } from './service-error-handler.js';
import { isThenable } from './thenable.js';
import { requestPath } from './url-path.js';
import type { WebService } from './web-service.js';

/** Whether a WebService root owns `path` (kube-apiserver's director rule on the root's fixed prefix). */
function ownsPath(root: string, path: string): boolean {
  const brace = root.indexOf('{');
  let prefix = brace === -1 ? root : root.slice(0, brace);
  while (prefix.endsWith('/')) prefix = prefix.slice(0, -1);
  if (prefix === '') return brace !== -1 || path === '/';
  return path.startsWith(prefix) && (path.length === prefix.length || path[prefix.length] === '/');
}

function headerOf(raw: IncomingMessage, name: string): string {
  const value = raw.headers[name];
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
}

const settled: Promise<void> = Promise.resolve();

/** Which response a dispatch created, for the recover handler. */
/**
 * What a dispatch knows of its response, for the panic handler. This and the other per-request values below are
 * class instances, not object literals: V8 may pretenure a literal's allocation site (allocate its objects in the old
 * generation), and an old object that references a request, even one already dead, keeps the request's young
 * objects alive through every scavenge until the next full collection.
 */
class DispatchState {
  response: Response | undefined = undefined;
}

/** The router's view of a request (see {@link DispatchState} for why a class). */
class DispatchedRouteRequest implements RouteSelectionRequest {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly headers: IncomingHttpHeaders,
    readonly raw: IncomingMessage,
  ) {}
}

/** The options of a dispatched request's {@link Request} (see {@link DispatchState} for why a class). */
class DispatchedRequestOptions implements RequestOptions {
  constructor(
    readonly maxBodyBytes: number,
    readonly rawResponse: ServerResponse,
    readonly route?: Route,
    readonly pathParameters?: Readonly<Record<string, string>>,
  ) {}
}

/** Ends the response once the handler chain is done; synchronous when nothing was async. */
function afterChain(result: unknown, response: Response): Promise<void> | undefined {
  if (isThenable(result)) return Promise.resolve(result).then(() => response.finish());
  return response.finish();
}

/**
 * Holds WebServices, container filters, the router and the error and panic handlers,
 * and dispatches node requests to routes (go-restful's `Container`).
 */
export class Container {
  #webServices: readonly WebService[] = Object.freeze([]);
  #filters: FilterFunction[] = [];
  #router: RouteSelector = new CurlyRouter();
  #serviceErrorHandler: ServiceErrorHandleFunction = writeServiceError;
  #recoverHandler: RecoverHandleFunction = logStackOnRecover;
  #doNotRecover = true;
  #contentEncodingEnabled = false;
  #maxRequestBodyBytes = DEFAULT_MAX_REQUEST_BODY_BYTES;
  readonly #mux = new ServeMux();

  /**
   * go-restful's `Container.OPTIONSFilter`: answers every OPTIONS request with `Allow`
   * and `Access-Control-Allow-*` headers computed from the registered routes.
   */
  readonly OPTIONSFilter: FilterFunction = newOptionsFilter(this);

  /**
   * Registers a WebService (a missing root becomes `/`). Throws a `ConfigurationError`
   * for a duplicate root path, where go-restful exits the process.
   */
  add(webService: WebService): this {
    if (webService.rootPath() === '') webService.path('/');
    const root = webService.rootPath();
    if (this.#webServices.some((ws) => ws.rootPath() === root)) {
      throw new ConfigurationError('DuplicateRootPath', `WebService with duplicate root path detected: ['${root}']`);
    }
    this.#webServices = Object.freeze([...this.#webServices, webService]);
    return this;
  }

  /** Unregisters the WebServices with this root path; the others keep working. */
  remove(webService: WebService): this {
    const root = webService.rootPath();
    this.#webServices = Object.freeze(this.#webServices.filter((ws) => ws.rootPath() !== root));
    return this;
  }

  /** The registered WebServices, in registration order (a copy). */
  registeredWebServices(): WebService[] {
    return [...this.#webServices];
  }

  /** Appends a container filter; it runs for every request, including routing errors. */
  filter(filter: FilterFunction): this {
    this.#filters.push(filter);
    return this;
  }

  /** Replaces the router (default `CurlyRouter`). */
  router(router: RouteSelector): this {
    this.#router = router;
    return this;
  }

  /** Replaces the writer of routing errors (404/405/406/415 and 400 for bad paths). */
  serviceErrorHandler(handler: ServiceErrorHandleFunction): this {
    this.#serviceErrorHandler = handler;
    return this;
  }

  /** Replaces the panic writer; used only after `doNotRecover(false)`. */
  recoverHandler(handler: RecoverHandleFunction): this {
    this.#recoverHandler = handler;
    return this;
  }

  /**
   * `true` (default): a throw or rejection is logged and the connection destroyed, as
   * Go's net/http does with a panic. `false`: the recover handler writes the response.
   */
  doNotRecover(doNotRecover: boolean): this {
    this.#doNotRecover = doNotRecover;
    return this;
  }

  /** Turns gzip/deflate response compression on or off (default off). */
  enableContentEncoding(enabled: boolean): this {
    this.#contentEncodingEnabled = enabled;
    return this;
  }

  /** Sets the request body limit used by `readEntity`/`bodyParameter` (default 3 MiB). */
  maxRequestBodyBytes(limit: number): this {
    this.#maxRequestBodyBytes = limit;
    return this;
  }

  /**
   * Registers a plain node handler for a ServeMux-like pattern (trailing `/` = prefix).
   * It serves only paths that no WebService root owns.
   */
  handle(pattern: string, handler: HttpHandler): this {
    this.#mux.handle(pattern, handler, false);
    return this;
  }

  /** Like `handle`, with the container filters (read at request time) run first. */
  handleWithFilter(pattern: string, handler: HttpHandler): this {
    this.#mux.handle(pattern, handler, true);
    return this;
  }

  /** The methods the OPTIONS filter and CORS preflight report for this request. */
  computeAllowedMethods(request: Request): string[] {
    let path: string;
    try {
      path = requestPath(request.raw.url ?? '/');
    } catch {
      return [];
    }
    return computeAllowedMethods(this.#webServices, path);
  }

  /** A `(req, res)` listener for `http.createServer`. */
  handler(): (request: IncomingMessage, response: ServerResponse) => void {
    return (request, response) => {
      void this.dispatch(request, response);
    };
  }

  /**
   * Dispatches one request (go-restful's `Dispatch`, §2.1): route selection, filters,
   * handler, then ends the response. Never rejects: panics are recovered or logged.
   */
  dispatch(raw: IncomingMessage, res: ServerResponse): Promise<void> {
    const state = new DispatchState();
    try {
      const pending = this.#dispatch(raw, res, state);
      if (pending === undefined) return settled;
      return pending.then(undefined, (panic: unknown) => this.#onPanic(panic, res, state.response));
    } catch (panic) {
      return this.#onPanic(panic, res, state.response);
    }
  }

  async #onPanic(panic: unknown, res: ServerResponse, response: Response | undefined): Promise<void> {
    if (this.#doNotRecover) {
      logPrint(`panic serving request: ${panic instanceof Error ? (panic.stack ?? panic.message) : String(panic)}`);
      res.destroy();
      return;
    }
    const writer = response ?? new Response(res);
    try {
      this.#recoverHandler(panic, writer);
      await writer.end();
    } catch (error) {
      logPrint(`recover handler failed: ${String(error)}`);
      res.destroy();
    }
  }

  /** Returns a promise only when something asynchronous is still running. */
  #dispatch(raw: IncomingMessage, res: ServerResponse, state: DispatchState): Promise<void> | undefined {
    let selection: RouteSelection<Route, WebService>;
    let pathParameters: Readonly<Record<string, string>>;
    try {
      const path = requestPath(raw.url ?? '/');
      if (this.#mux.size > 0 && !this.#webServices.some((ws) => ownsPath(ws.rootPath(), path))) {
        const entry = this.#mux.lookup(path);
        if (entry !== undefined) return this.#serveHandler(raw, res, entry.handler, entry.withFilters, state);
      }
      selection = this.#router.selectRoute<Route, WebService>(
        this.#webServices,
        new DispatchedRouteRequest(raw.method ?? 'GET', path, raw.headers, raw),
      );
      pathParameters =
        selection.pathParameters ??
        (isPathProcessor(this.#router) ? this.#router : defaultPathProcessor).extractParameters(
          selection.route,
          selection.webService,
          path,
        );
    } catch (error) {
      if (!isServiceError(error)) throw error;
      return this.#serveError(raw, res, error, state);
    }
    return this.#serveRoute(raw, res, selection, pathParameters, state);
  }

  #serveRoute(
    raw: IncomingMessage,
    res: ServerResponse,
    selection: RouteSelection<Route, WebService>,
    pathParameters: Readonly<Record<string, string>>,
    state: DispatchState,
  ): Promise<void> | undefined {
    const { route, webService } = selection;
    const response = new Response(res, { requestAccept: headerOf(raw, 'accept'), routeProduces: route.produces });
    state.response = response;
    if (route.contentEncodingEnabled ?? this.#contentEncodingEnabled) {
      const encoding = wantsCompressedResponse(headerOf(raw, 'accept-encoding'), res.hasHeader('content-encoding'));
      if (encoding !== undefined) response.startCompression(encoding);
    }
    const request = new Request(raw, new DispatchedRequestOptions(this.#maxRequestBodyBytes, res, route, pathParameters));
    const wsFilters = webService.filters();
    const result =
      this.#filters.length === 0 && wsFilters.length === 0 && route.filters.length === 0
        ? route.function(request, response)
        : this.#runChain([...this.#filters, ...wsFilters, ...route.filters], route.function, request, response);
    return afterChain(result, response);
  }

  #serveError(raw: IncomingMessage, res: ServerResponse, error: ServiceError, state: DispatchState): Promise<void> | undefined {
    const response = new Response(res);
    state.response = response;
    const request = new Request(raw, new DispatchedRequestOptions(this.#maxRequestBodyBytes, res));
    if (this.#filters.length === 0) {
      this.#serviceErrorHandler(error, request, response);
      return response.finish();
    }
    const result = this.#runChain(this.#filters, (req, resp) => this.#serviceErrorHandler(error, req, resp), request, response);
    return afterChain(result, response);
  }

  #serveHandler(
    raw: IncomingMessage,
    res: ServerResponse,
    handler: HttpHandler,
    withFilters: boolean,
    state: DispatchState,
  ): Promise<void> | undefined {
    const response = new Response(res);
    state.response = response;
    const target: RouteFunction = (req) => handler(req.raw, res);
    const request = new Request(raw, new DispatchedRequestOptions(this.#maxRequestBodyBytes, res));
    return afterChain(this.#runChain(withFilters ? this.#filters : [], target, request, response), response);
  }

  async #runChain(filters: readonly FilterFunction[], target: RouteFunction, request: Request, response: Response): Promise<void> {
    const chain = new FilterChain(filters, target);
    await chain.processFilter(request, response);
    await chain.waitForOrphans();
  }
}
