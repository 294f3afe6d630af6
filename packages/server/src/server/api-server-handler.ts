import { requestAuditRecorderOf } from '@apiserver/endpoints';
import { Container, type Request, type Response, type ServiceError, type WebService } from '@apiserver/restful';
import { newGenericServerResponse, type StatusError } from '@apiserver/runtime';
import { defaultPanicLogger, type PanicLogger } from '../filters/panic-recovery.js';
import type { Handler } from '../handler.js';
import { PathRecorderMux } from '../mux/path-recorder-mux.js';
import { withUnroutedValue } from '../request/context.js';

/** Writes a Status; with `request`, it is also the response object of the request's audit event. */
function writeRestfulStatus(response: Response, err: StatusError, request?: Request): void {
  const body = JSON.stringify(err.status);
  if (request !== undefined) requestAuditRecorderOf(request.raw)?.logResponseObject({ ...err.status }, () => body);
  response.header().set('Content-Type', 'application/json');
  response.writeHeader(err.code);
  response.write(body);
}

/** kube-apiserver's `serviceErrorHandler`: go-restful routing errors as Status objects (the request matched no route). */
function serviceErrorHandler(error: ServiceError, request: Request, response: Response): void {
  withUnroutedValue(request.raw);
  for (const [name, value] of Object.entries(error.header)) response.addHeader(name, value);
  writeRestfulStatus(response, newGenericServerResponse(error.code, { serverMessage: error.message }), request);
}

/**
 * kube-apiserver's `logStackOnRecover` for a go-restful container: a handler panic answers a 500 Status and the
 * stack is only logged (restful's default recover handler writes the stack to the client). As upstream, that Status
 * is written outside the request's context: its audit event records only the code.
 */
export function statusRecoverHandler(log: PanicLogger = defaultPanicLogger): (panic: unknown, response: Response) => void {
  return (panic, response) => {
    log('apiserver panic in a go-restful handler', panic);
    writeRestfulStatus(response, newGenericServerResponse(500, {}));
  };
}

/** Whether go-restful serves `path` for a WebService root (the director's rule). */
export function restfulOwnsPath(root: string, path: string): boolean {
  if (root === '/apis') return path === '/apis' || path === '/apis/';
  return path.startsWith(root) && (path.length === root.length || path[root.length] === '/');
}

/**
 * The go-restful container of a server, which also knows its WebServices' root paths: the director asks on every
 * request whether a root owns the path, and a copy of the WebService list and a scan of every root cost more than a
 * few lookups of the path's prefixes.
 */
class DirectedContainer extends Container {
  #roots: ReadonlySet<string> | undefined;

  override add(webService: WebService): this {
    super.add(webService);
    this.#roots = undefined;
    return this;
  }

  override remove(webService: WebService): this {
    super.remove(webService);
    this.#roots = undefined;
    return this;
  }

  /**
   * Whether a WebService root owns `path` ({@link restfulOwnsPath} for some root): the roots are looked up among the
   * path's prefixes that end before a `/`, and the path itself.
   */
  ownsPath(path: string): boolean {
    if (this.#roots === undefined) this.#roots = new Set(this.registeredWebServices().map((ws) => ws.rootPath()));
    const roots = this.#roots;
    for (let slash = path.indexOf('/', 1); slash !== -1; slash = path.indexOf('/', slash + 1)) {
      const prefix = path.slice(0, slash);
      if (roots.has(prefix) && restfulOwnsPath(prefix, path)) return true;
    }
    return roots.has(path);
  }
}

/**
 * The handler of one server (k8s `APIServerHandler`): the go-restful container, the
 * non-go-restful mux, and the director choosing between them. `director` is the
 * unprotected handler a delegating server falls through to.
 */
export class APIServerHandler {
  /** The go-restful container (API groups, `/version`). */
  readonly goRestfulContainer: Container;
  /** Paths outside go-restful (`/healthz`, `/metrics`, …), falling through to the delegate. */
  readonly nonGoRestfulMux: PathRecorderMux;
  readonly #container: DirectedContainer;

  /** Creates the handler; unmatched paths go to `notFound` (the delegate's unprotected handler); panics are logged to `panicLogger`. */
  constructor(notFound: Handler, panicLogger: PanicLogger = defaultPanicLogger) {
    const container = new DirectedContainer();
    this.#container = container;
    this.goRestfulContainer = container
      .doNotRecover(false)
      .recoverHandler(statusRecoverHandler(panicLogger))
      .serviceErrorHandler(serviceErrorHandler);
    this.nonGoRestfulMux = new PathRecorderMux(notFound);
  }

  /** The WebService roots and the mux's listed paths (k8s `APIServerHandler.ListedPaths`), sorted. */
  listedPaths(): string[] {
    const roots = this.goRestfulContainer.registeredWebServices().map((ws) => ws.rootPath());
    return [...roots, ...this.nonGoRestfulMux.listedPaths()].sort();
  }

  /** The director: go-restful for paths a WebService owns, the mux otherwise. */
  readonly director: Handler = (request, response) => {
    const url = request.url ?? '/';
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    if (this.#container.ownsPath(path)) return this.goRestfulContainer.dispatch(request, response);
    return this.nonGoRestfulMux.serveHTTP(request, response);
  };
}
