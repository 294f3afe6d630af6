import type { SelectableRoute } from './route-selector.js';

/** go-restful's `MIME_OCTET`: what a missing Content-Type is treated as when the method is not exempt. */
const MIME_OCTET = 'application/octet-stream';

/** The methods that may omit Content-Type on a route with Consumes (go-restful's default set). */
const DEFAULT_METHODS_WITHOUT_CONTENT_TYPE: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS', 'DELETE', 'TRACE']);

/**
 * The facts of a route's Consumes/Produces, derived once per route (sets instead of
 * arrays, flags instead of repeated scans), so that selection allocates nothing.
 */
export interface RouteMediaFacts {
  /** Any Content-Type (even none) matches: Consumes is empty or has `*∕*`. */
  readonly anyContentType: boolean;
  /** Consumes is empty: any Content-Type, even none, matches. */
  readonly consumesAnything: boolean;
  /** Consumes contains `*∕*`. */
  readonly consumesWildcard: boolean;
  /** The Consumes entries. */
  readonly consumes: ReadonlySet<string>;
  /** Whether the route's method may omit Content-Type. */
  readonly methodWithoutContentType: boolean;
  /** Produces contains `*∕*`. */
  readonly producesWildcard: boolean;
  /** The Produces entries. */
  readonly produces: ReadonlySet<string>;
}

const factsCache = new WeakMap<SelectableRoute, RouteMediaFacts>();

function computeFacts(route: SelectableRoute): RouteMediaFacts {
  const allowed = route.allowedMethodsWithoutContentType;
  // go-restful: a non-empty AllowedMethodsWithoutContentType replaces the default set.
  const methodWithoutContentType =
    allowed !== undefined && allowed.length > 0
      ? allowed.includes(route.method)
      : DEFAULT_METHODS_WITHOUT_CONTENT_TYPE.has(route.method);
  const consumesWildcard = route.consumes.includes('*/*');
  return {
    anyContentType: route.consumes.length === 0 || consumesWildcard,
    consumesAnything: route.consumes.length === 0,
    consumesWildcard,
    consumes: new Set(route.consumes),
    methodWithoutContentType,
    producesWildcard: route.produces.includes('*/*'),
    produces: new Set(route.produces),
  };
}

/**
 * The media facts of a route, computed on first use and cached per route object.
 * Routes are immutable once built, so the cache never goes stale.
 */
export function routeMediaFacts(route: SelectableRoute): RouteMediaFacts {
  let facts = factsCache.get(route);
  if (facts === undefined) {
    facts = computeFacts(route);
    factsCache.set(route, facts);
  }
  return facts;
}

/** Trims spaces only (go-restful's `stringTrimSpaceCutset`), not tabs or other white space. */
function trimSpaces(s: string, start: number, end: number): string {
  let i = start;
  let j = end;
  while (i < j && s.charCodeAt(i) === 32) i++;
  while (j > i && s.charCodeAt(j - 1) === 32) j--;
  return s.slice(i, j);
}

/**
 * Whether one media type of a header value is in `types` (or is `*∕*` when
 * `acceptStar`): split on `,`, cut at the first `;`, spaces trimmed. Walks indexes,
 * so no arrays or closures are allocated per request.
 */
function hasMediaTypeIn(header: string, types: ReadonlySet<string>, acceptStar: boolean): boolean {
  let start = 0;
  for (;;) {
    const comma = header.indexOf(',', start);
    const end = comma === -1 ? header.length : comma;
    const semicolon = header.indexOf(';', start);
    const cut = semicolon !== -1 && semicolon < end ? semicolon : end;
    const mediaType = trimSpaces(header, start, cut);
    if ((acceptStar && mediaType === '*/*') || types.has(mediaType)) return true;
    if (comma === -1) return false;
    start = comma + 1;
  }
}

/**
 * go-restful's `Route.matchesContentType`: empty Consumes matches anything; a missing
 * Content-Type matches for exempt methods and is otherwise read as octet-stream;
 * otherwise one listed type must equal a Consumes entry (case-sensitive), or Consumes has `*∕*`.
 */
export function matchesContentType(facts: RouteMediaFacts, contentType: string): boolean {
  if (facts.consumesAnything) return true;
  let header = contentType;
  if (header.length === 0) {
    if (facts.methodWithoutContentType) return true;
    header = MIME_OCTET;
  }
  if (facts.consumesWildcard) return true;
  return hasMediaTypeIn(header, facts.consumes, false);
}

/**
 * go-restful's `Route.matchesAccept`: q-values ignored, `*∕*` in Accept or Produces
 * matches, otherwise exact (case-sensitive) equality; `type/*` is not a wildcard.
 * The caller passes `*∕*` for a missing Accept.
 */
export function matchesAccept(facts: RouteMediaFacts, accept: string): boolean {
  // Produces `*/*` matches every iteration of go-restful's loop, so it matches outright.
  if (facts.producesWildcard) return true;
  return hasMediaTypeIn(accept, facts.produces, true);
}
