import { customVerbOf, hasCustomVerb, removeCustomVerb } from '../../path/custom-verb.js';
import { compileGoRegExp } from '../../path/go-regexp.js';
import { tokenizePath } from '../../path/tokenize.js';
import { detectRoute, PAGE_NOT_FOUND } from '../detect-route.js';
import { extractParametersFromTokens } from '../path-processor.js';
import type {
  RouteSelection,
  RouteSelectionRequest,
  RouteSelector,
  SelectableRoute,
  SelectableWebService,
} from '../route-selector.js';

interface CurlyCandidate<R> {
  readonly route: R;
  readonly paramCount: number;
  readonly staticCount: number;
}

/**
 * go-restful's `computeWebserviceScore` (v3.12.0): the root tokens must all match;
 * an empty pair scores 1, a `{…}` token (non-empty request token) 1, a static token
 * at position i of n scores (n − i) × 10. Returns −1 for no match.
 */
export function computeWebServiceScore(requestTokens: readonly string[], rootTokens: readonly string[]): number {
  if (rootTokens.length > requestTokens.length) return -1;
  let score = 0;
  for (let i = 0; i < rootTokens.length; i++) {
    const each = requestTokens[i] ?? '';
    const other = rootTokens[i] ?? '';
    if (each.length === 0 && other.length === 0) {
      score++;
    } else if (other.startsWith('{')) {
      if (each.length === 0) return -1;
      score += 1;
    } else {
      if (each !== other) return -1;
      score += (rootTokens.length - i) * 10;
    }
  }
  return score;
}

/** go-restful's `detectWebService`: the highest score wins, ties keep the first (strict `>`). */
function detectWebService<W extends SelectableWebService>(requestTokens: readonly string[], webServices: readonly W[]): W | undefined {
  let best: W | undefined;
  let bestScore = -1;
  for (const ws of webServices) {
    const score = computeWebServiceScore(
      requestTokens,
      ws.rootTemplate().tokens.map((token) => token.raw),
    );
    if (score > bestScore) {
      best = ws;
      bestScore = score;
    }
  }
  return best;
}

const regexCache = new Map<string, RegExp>();

/** Unanchored `regexp.MatchString`, with the compiled pattern cached (go-restful v3.13 does the same). */
function matchString(pattern: string, token: string): boolean {
  let regex = regexCache.get(pattern);
  if (regex === undefined) {
    regex = compileGoRegExp(pattern);
    regexCache.set(pattern, regex);
  }
  return regex.test(token);
}

/**
 * go-restful's `matchesRouteByPathTokens`: whether the route tokens match the request
 * tokens, with the number of params and statics matched, or undefined for no match.
 */
export function matchesRouteByPathTokens(
  routeTokens: readonly string[],
  requestTokens: readonly string[],
  routeHasCustomVerb: boolean,
): { paramCount: number; staticCount: number } | undefined {
  if (routeTokens.length < requestTokens.length) {
    const last = routeTokens.at(-1);
    if (last === undefined || !last.endsWith('*}')) return undefined;
  }
  let paramCount = 0;
  let staticCount = 0;
  for (let i = 0; i < routeTokens.length; i++) {
    if (i === requestTokens.length) return undefined;
    let routeToken = routeTokens[i] ?? '';
    let requestToken = requestTokens[i] ?? '';
    if (routeHasCustomVerb && hasCustomVerb(routeToken)) {
      if (!requestToken.endsWith(`:${customVerbOf(routeToken) ?? ''}`)) return undefined;
      staticCount++;
      requestToken = removeCustomVerb(requestToken);
      routeToken = removeCustomVerb(routeToken);
    }
    if (routeToken.startsWith('{')) {
      paramCount++;
      const colon = routeToken.indexOf(':');
      if (colon !== -1) {
        const regPart = routeToken.slice(colon + 1, routeToken.length - 1);
        if (regPart === '*') break;
        if (!matchString(regPart, requestToken)) return undefined;
      }
    } else {
      if (requestToken !== routeToken) return undefined;
      staticCount++;
    }
  }
  return { paramCount, staticCount };
}

/** go-restful's `sortableCurlyRoutes` order: static count ↓, param count ↓, Path ↓ (byte-wise). */
function compareCandidates(a: CurlyCandidate<SelectableRoute>, b: CurlyCandidate<SelectableRoute>): number {
  if (a.staticCount !== b.staticCount) return b.staticCount - a.staticCount;
  if (a.paramCount !== b.paramCount) return b.paramCount - a.paramCount;
  // Go compares strings byte-wise (UTF-8); JS `<` would compare UTF-16 code units.
  return Buffer.compare(Buffer.from(b.route.path), Buffer.from(a.route.path));
}

/** go-restful's `selectRoutes`: the path-matching routes of one WebService, sorted (stable). */
function selectRoutes<R extends SelectableRoute>(ws: SelectableWebService<R>, requestTokens: readonly string[]): R[] {
  const candidates: CurlyCandidate<R>[] = [];
  for (const route of ws.routes()) {
    const routeTokens = route.template.tokens.map((token) => token.raw);
    const match = matchesRouteByPathTokens(routeTokens, requestTokens, hasCustomVerb(route.path));
    if (match !== undefined) candidates.push({ route, ...match });
  }
  // Array.prototype.sort is stable: equal keys keep definition order, which is what
  // Go's sort.Sort yields in practice for small candidate sets.
  candidates.sort(compareCandidates);
  return candidates.map((candidate) => candidate.route);
}

/**
 * A straightforward port of go-restful v3.12.0's `CurlyRouter`, statement by
 * statement and without precomputation: the test oracle for {@link CurlyRouter}
 * (the fast one), and a valid RouteSelector on its own.
 */
export class ReferenceCurlyRouter implements RouteSelector {
  /** Selects as go-restful's `CurlyRouter.SelectRoute`, with the default path processor's parameters. */
  selectRoute<R extends SelectableRoute, W extends SelectableWebService<R>>(
    webServices: readonly W[],
    request: RouteSelectionRequest,
  ): RouteSelection<R, W> {
    const requestTokens = tokenizePath(request.path);
    const webService = detectWebService(requestTokens, webServices);
    if (webService === undefined) throw PAGE_NOT_FOUND;
    const candidates = selectRoutes<R>(webService, requestTokens);
    if (candidates.length === 0) throw PAGE_NOT_FOUND;
    const route = detectRoute(candidates, request);
    return { webService, route, pathParameters: extractParametersFromTokens(route, requestTokens) };
  }
}
