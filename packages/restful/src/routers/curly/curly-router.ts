import { detectRoute, methodNotAllowed, PAGE_NOT_FOUND } from '../detect-route.js';
import type { ServiceError } from '../../service-error.js';
import { matchesAccept, matchesContentType } from '../media-matching.js';
import type {
  RouteSelection,
  RouteSelectionRequest,
  RouteSelector,
  SelectableRoute,
  SelectableWebService,
} from '../route-selector.js';
import { CompiledWebService } from './compiled-web-service.js';
import { RequestTokens } from './request-tokens.js';
import { RootIndex } from './root-index.js';
import { type RouteEntry, routeEntry } from './route-trie.js';

type AnyWebService = SelectableWebService<SelectableRoute>;

/**
 * detectRoute's winner for routes without conditions: the first route whose method,
 * Content-Type and Accept fit. Headers are read only when a route needs them (the
 * Kubernetes WebServices consume `*∕*`, so Content-Type is usually never read).
 */
function firstAcceptable<R extends SelectableRoute>(entries: readonly RouteEntry<R>[], request: RouteSelectionRequest): RouteEntry<R> | undefined {
  const method = request.method;
  let contentType: string | undefined;
  let accept: string | undefined;
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i] as RouteEntry<R>;
    if (entry.method !== method) continue;
    const facts = entry.facts;
    if (!facts.anyContentType && !matchesContentType(facts, (contentType ??= request.headers['content-type'] ?? ''))) continue;
    if (facts.producesWildcard) return entry;
    accept ??= request.headers.accept || '*/*';
    if (accept === '*/*' || matchesAccept(facts, accept)) return entry;
  }
  return undefined;
}

function hasMethod(entries: readonly RouteEntry<SelectableRoute>[], method: string): boolean {
  for (let i = 0; i < entries.length; i++) if ((entries[i] as RouteEntry<SelectableRoute>).method === method) return true;
  return false;
}

function frozen(error: ServiceError): ServiceError {
  Object.freeze(error.header);
  return Object.freeze(error);
}

/**
 * go-restful's default `CurlyRouter`, compiled: it selects exactly what go-restful
 * v3.12.0 selects (WebService by root score, routes by curly token matching, sorted
 * by static/param counts and Path, then `detectRoute`), but walks a root trie and a
 * per-WebService route trie built once per `revision()` instead of scoring every
 * WebService, testing every route and sorting per request. Path parameters are read
 * during selection with a precomputed plan (the default path processor's values).
 *
 * Caches: the root index is keyed by the WebService list's identity (the container
 * replaces its list on change; a list grown or shrunk in place is re-indexed), the
 * compiled form by WebService and checked against `revision()` and `rootTemplate()`.
 */
export class CurlyRouter implements RouteSelector {
  readonly #rootIndexes = new WeakMap<readonly AnyWebService[], RootIndex<AnyWebService>>();
  readonly #compiled = new WeakMap<AnyWebService, CompiledWebService<SelectableRoute>>();
  /** Reused for every selection: tokens are offsets into the path, no strings. */
  readonly #tokens = new RequestTokens();
  /** The last list seen: the container passes the same list for every request. */
  #lastList: readonly AnyWebService[] | undefined;
  #lastIndex: RootIndex<AnyWebService> | undefined;

  /** Selects a route as go-restful's `CurlyRouter.SelectRoute`, or throws a `ServiceError`. */
  selectRoute<R extends SelectableRoute, W extends SelectableWebService<R>>(
    webServices: readonly W[],
    request: RouteSelectionRequest,
  ): RouteSelection<R, W> {
    const tokens = this.#tokens.scan(request.path);
    const rootIndex = this.#rootIndex(webServices);
    const index = rootIndex.detect(tokens);
    const webService = rootIndex.service(index);
    if (webService === undefined) throw PAGE_NOT_FOUND;
    let compiled = rootIndex.slots[index];
    if (!(compiled instanceof CompiledWebService) || !compiled.isCurrent(webService)) {
      compiled = this.#compile(webService);
      rootIndex.slots[index] = compiled;
    }
    // The slot holds the compiled form of this very WebService, whose routes are R.
    return this.#select(webService, compiled as CompiledWebService<R>, tokens, request);
  }

  #select<R extends SelectableRoute, W extends SelectableWebService<R>>(
    webService: W,
    compiled: CompiledWebService<R>,
    tokens: RequestTokens,
    request: RouteSelectionRequest,
  ): RouteSelection<R, W> {
    const group = compiled.candidates(tokens);
    if (group === undefined || group.routes.length === 0) throw PAGE_NOT_FOUND;
    if (!group.hasConditions) {
      const entry = firstAcceptable(group.entries, request);
      if (entry !== undefined) {
        return { webService, route: entry.route, pathParameters: entry.readParams(tokens.path, tokens.bounds, tokens.count) };
      }
      // Without conditions a path's 405 never varies: made once, then thrown as is.
      if (!hasMethod(group.entries, request.method)) throw (group.methodNotAllowed ??= frozen(methodNotAllowed(group.routes)));
    }
    // Conditions, or no route survives: the shared detectRoute gives the exact outcome.
    const route = detectRoute(group.routes, request);
    // A condition may have re-entered this router and reused the token buffer: scan again.
    const again = this.#tokens.scan(request.path);
    const entry = compiled.entryOf(route) ?? routeEntry(route);
    return { webService, route, pathParameters: entry.readParams(again.path, again.bounds, again.count) };
  }

  #rootIndex<W extends AnyWebService>(webServices: readonly W[]): RootIndex<W> {
    const last = this.#lastIndex;
    // The cache holds indexes of exactly this list, whose elements are W.
    if (webServices === this.#lastList && last !== undefined && last.size === webServices.length) return last as unknown as RootIndex<W>;
    const index = this.#indexFor(webServices);
    this.#lastList = webServices;
    this.#lastIndex = index;
    return index;
  }

  #indexFor<W extends AnyWebService>(webServices: readonly W[]): RootIndex<W> {
    const cached = this.#rootIndexes.get(webServices);
    // The cache holds indexes of exactly this list, whose elements are W.
    if (cached !== undefined && cached.size === webServices.length) return cached as unknown as RootIndex<W>;
    const index = new RootIndex(webServices);
    this.#rootIndexes.set(webServices, index);
    return index;
  }

  #compile<R extends SelectableRoute>(webService: SelectableWebService<R>): CompiledWebService<R> {
    const cached = this.#compiled.get(webService);
    if (cached?.isCurrent(webService) === true) {
      // Built from this WebService's own routes, which are R.
      return cached as unknown as CompiledWebService<R>;
    }
    const compiled = new CompiledWebService(webService);
    this.#compiled.set(webService, compiled);
    return compiled;
  }
}
