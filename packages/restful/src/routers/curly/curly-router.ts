import { tokenizePath } from '../../path/tokenize.js';
import { ServiceError } from '../../service-error.js';
import { detectRoute, PAGE_NOT_FOUND_MESSAGE } from '../detect-route.js';
import type {
  RouteSelection,
  RouteSelectionRequest,
  RouteSelector,
  SelectableRoute,
  SelectableWebService,
} from '../route-selector.js';
import { CompiledWebService } from './compiled-web-service.js';
import { extractWithPlan } from './param-plan.js';
import { RootIndex } from './root-index.js';

type AnyWebService = SelectableWebService<SelectableRoute>;

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
    if (webService === undefined) throw new ServiceError(404, PAGE_NOT_FOUND_MESSAGE);
    const compiled = this.#compile(webService);
    const candidates = compiled.candidates(tokens);
    if (candidates.length === 0) throw new ServiceError(404, PAGE_NOT_FOUND_MESSAGE);
    const route = detectRoute(candidates, request);
    return { webService, route, pathParameters: extractWithPlan(compiled.planOf(route), tokens) };
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
