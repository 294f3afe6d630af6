import { tokenizePath } from '../../path/tokenize.js';
import { detectRoute, PAGE_NOT_FOUND_MESSAGE, routingError } from '../detect-route.js';
import { matchesAccept, matchesContentType } from '../media-matching.js';
import type {
  RouteSelection,
  RouteSelectionRequest,
  RouteSelector,
  SelectableRoute,
  SelectableWebService,
} from '../route-selector.js';
import { CompiledWebService } from './compiled-web-service.js';
import { extractWithPlan, paramPlanOf } from './param-plan.js';
import type { RouteEntry } from './route-trie.js';
import { RootIndex } from './root-index.js';

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
    if (entry.route.method !== method) continue;
    const facts = entry.facts;
    if (!facts.anyContentType && !matchesContentType(facts, (contentType ??= request.headers['content-type'] ?? ''))) continue;
    if (facts.producesWildcard) return entry;
    accept ??= request.headers.accept || '*/*';
    if (accept === '*/*' || matchesAccept(facts, accept)) return entry;
  }
  return undefined;
}

/**
 * go-restful's default `CurlyRouter`, compiled: it selects exactly what go-restful
 * v3.12.0 selects (WebService by root score, routes by curly token matching, sorted
 * by static/param counts and Path, then `detectRoute`), but walks a root trie and a
 * per-WebService route trie built once per `revision()` instead of scoring every
 * WebService, testing every route and sorting per request. Path parameters are read
 * during selection with a precomputed plan (the default path processor's values).
 */
export class CurlyRouter implements RouteSelector {
  readonly #rootIndexes = new WeakMap<readonly AnyWebService[], RootIndex<AnyWebService>>();
  readonly #compiled = new WeakMap<AnyWebService, CompiledWebService<SelectableRoute>>();

  /** Selects a route as go-restful's `CurlyRouter.SelectRoute`, or throws a `ServiceError`. */
  selectRoute<R extends SelectableRoute, W extends SelectableWebService<R>>(
    webServices: readonly W[],
    request: RouteSelectionRequest,
  ): RouteSelection<R, W> {
    const tokens = tokenizePath(request.path);
    const webService = this.#rootIndex(webServices).detect(tokens);
    if (webService === undefined) throw routingError(404, PAGE_NOT_FOUND_MESSAGE);
    const compiled = this.#compile(webService);
    const group = compiled.candidates(tokens);
    if (group === undefined || group.routes.length === 0) throw routingError(404, PAGE_NOT_FOUND_MESSAGE);
    if (!group.hasConditions) {
      const entry = firstAcceptable(group.entries, request);
      if (entry !== undefined) return { webService, route: entry.route, pathParameters: extractWithPlan(entry.plan, tokens) };
    }
    // Conditions, or no route survives: the shared detectRoute gives the exact outcome.
    const route = detectRoute(group.routes, request);
    return { webService, route, pathParameters: extractWithPlan(compiled.planOf(route) ?? paramPlanOf(route), tokens) };
  }

  /**
   * The root index of a WebService list, cached by the list's identity. The container
   * passes a list it replaces (never mutates) when services change; the size check
   * guards against a list grown or shrunk in place.
   */
  #rootIndex<W extends AnyWebService>(webServices: readonly W[]): RootIndex<W> {
    const cached = this.#rootIndexes.get(webServices);
    // The cache holds indexes of exactly this list, whose elements are W.
    if (cached !== undefined && cached.size === webServices.length) return cached as unknown as RootIndex<W>;
    const index = new RootIndex(webServices);
    this.#rootIndexes.set(webServices, index);
    return index;
  }

  /** The compiled form of a WebService, rebuilt when its revision or root changed. */
  #compile<R extends SelectableRoute>(webService: SelectableWebService<R>): CompiledWebService<R> {
    const cached = this.#compiled.get(webService);
    if (cached !== undefined && cached.revision === webService.revision() && cached.rootTemplate === webService.rootTemplate()) {
      // Built from this WebService's own routes, which are R.
      return cached as unknown as CompiledWebService<R>;
    }
    const compiled = new CompiledWebService(webService);
    this.#compiled.set(webService, compiled);
    return compiled;
  }
}
