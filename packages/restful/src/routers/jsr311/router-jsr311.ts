import type { PathExpression } from '../../path/path-expression.js';
import { detectRoute, PAGE_NOT_FOUND, sharedRoutingError } from '../detect-route.js';
import { newPathParameters } from '../path-processor.js';
import type {
  PathProcessor,
  RouteSelection,
  RouteSelectionRequest,
  RouteSelector,
  SelectableRoute,
  SelectableWebService,
} from '../route-selector.js';

/** RouterJSR311's 404 when no WebService root matches: an empty body. */
const NO_WEB_SERVICE = sharedRoutingError(404, '');

interface Candidate<T> {
  readonly item: T;
  /** Go's `len(matches)` (dispatchers) or `len(matches) − 1` (routes). */
  readonly matchesCount: number;
  readonly literalCount: number;
  readonly varCount: number;
  readonly finalMatch: string;
}

/** The last capture group of a match; Go reports a group that did not take part as "". */
function lastGroup(match: RegExpExecArray): string {
  return match[match.length - 1] ?? '';
}

function candidateOf<T>(item: T, expression: PathExpression, input: string, groupsOnly: boolean): Candidate<T> | undefined {
  const match = expression.regex.exec(input);
  if (match === null) return undefined;
  return {
    item,
    matchesCount: groupsOnly ? match.length - 1 : match.length,
    literalCount: expression.literalCount,
    varCount: expression.varCount,
    finalMatch: lastGroup(match),
  };
}

/** go-restful's `detectDispatcher`: WebServices whose root regex matches, by groups ↓, literals ↓, vars ↓. */
function detectDispatcher<W extends SelectableWebService>(path: string, webServices: readonly W[]): Candidate<W> | undefined {
  const candidates: Candidate<W>[] = [];
  for (const ws of webServices) {
    const candidate = candidateOf(ws, ws.rootExpression(), path, false);
    if (candidate !== undefined) candidates.push(candidate);
  }
  // Stable sort: equal keys keep container order (what Go's sort yields for small sets).
  candidates.sort((a, b) => b.matchesCount - a.matchesCount || b.literalCount - a.literalCount || b.varCount - a.varCount);
  return candidates[0];
}

/** go-restful's JSR311 `selectRoutes`: routes whose relative regex matches the remainder with the last group "" or "/". */
function selectRoutes<R extends SelectableRoute>(ws: SelectableWebService<R>, remainder: string): R[] {
  const candidates: (Candidate<R> & { readonly bytes: Buffer })[] = [];
  for (const route of ws.routes()) {
    const candidate = candidateOf(route, route.relativeExpression, remainder, true);
    if (candidate === undefined || (candidate.finalMatch !== '' && candidate.finalMatch !== '/')) continue;
    candidates.push({ ...candidate, bytes: Buffer.from(route.path) });
  }
  candidates.sort(
    (a, b) =>
      b.literalCount - a.literalCount ||
      b.matchesCount - a.matchesCount ||
      b.varCount - a.varCount ||
      Buffer.compare(b.bytes, a.bytes),
  );
  return candidates.map((candidate) => candidate.item);
}

/** Adds the capture groups of `match` under the expression's variable names, by position (go-restful's `extractParams`). */
function addParams(params: Record<string, string>, expression: PathExpression, match: RegExpExecArray | null): void {
  if (match === null) return;
  for (let i = 1; i < match.length; i++) {
    const name = expression.varNames[i - 1];
    if (name !== undefined) params[name] = match[i] ?? '';
  }
}

/**
 * go-restful's `RouterJSR311`: WebService and routes chosen by the JSR-311 regular
 * expressions (§3.7.2 of the spec, with go-restful's ordering), then `detectRoute`.
 * No WebService → 404 with an empty body. It is also a {@link PathProcessor}:
 * parameters come from the regex capture groups.
 */
export class RouterJSR311 implements RouteSelector, PathProcessor {
  /** Selects a route as go-restful's `RouterJSR311.SelectRoute`, or throws a `ServiceError`. */
  selectRoute<R extends SelectableRoute, W extends SelectableWebService<R>>(
    webServices: readonly W[],
    request: RouteSelectionRequest,
  ): RouteSelection<R, W> {
    const dispatcher = detectDispatcher(request.path, webServices);
    if (dispatcher === undefined) throw NO_WEB_SERVICE;
    const webService = dispatcher.item;
    const routes = selectRoutes<R>(webService, dispatcher.finalMatch);
    if (routes.length === 0) throw PAGE_NOT_FOUND;
    const route = detectRoute(routes, request);
    return { webService, route, pathParameters: this.extractParameters(route, webService, request.path) };
  }

  /** Extracts parameters from the root and route capture groups (go-restful's `RouterJSR311.ExtractParameters`). */
  extractParameters(route: SelectableRoute, webService: SelectableWebService, urlPath: string): Record<string, string> {
    const params = newPathParameters();
    const rootExpression = webService.rootExpression();
    const rootMatch = rootExpression.regex.exec(urlPath);
    addParams(params, rootExpression, rootMatch);
    if (rootMatch === null) return params;
    addParams(params, route.relativeExpression, route.relativeExpression.regex.exec(lastGroup(rootMatch)));
    return params;
  }
}
