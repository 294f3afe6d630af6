import type { RouteTemplate } from '../../path/route-template.js';
import type { SelectableRoute, SelectableWebService } from '../route-selector.js';
import type { RequestTokens } from './request-tokens.js';
import {
  collectGroups,
  GroupCollector,
  insertRoute,
  newRouteGroup,
  newTrieNode,
  type RouteEntry,
  type RouteGroup,
  routeEntry,
  type TrieNode,
} from './route-trie.js';

/** go-restful's curly sort keys, which depend only on the route once it matches. */
function sortKeys(route: SelectableRoute): { staticCount: number; paramCount: number } {
  let staticCount = 0;
  let paramCount = 0;
  for (const token of route.template.tokens) {
    if (token.verb !== undefined) staticCount++;
    if (token.kind === 'static') {
      staticCount++;
      continue;
    }
    paramCount++;
    if (token.kind === 'tail') break;
  }
  return { staticCount, paramCount };
}

/**
 * The routes of one WebService ordered once as go-restful orders path candidates:
 * static count ↓, param count ↓, Path ↓ byte-wise, then definition order (the
 * stable order a per-request sort of any subset would give).
 */
function candidateOrder<R extends SelectableRoute>(routes: readonly R[]): R[] {
  const keyed = routes.map((route, index) => ({ route, index, ...sortKeys(route), bytes: Buffer.from(route.path) }));
  keyed.sort(
    (a, b) =>
      b.staticCount - a.staticCount ||
      b.paramCount - a.paramCount ||
      Buffer.compare(b.bytes, a.bytes) ||
      a.index - b.index,
  );
  return keyed.map((each) => each.route);
}

/**
 * How many leading tokens every route shares with a static root. The root index
 * already compared them (static root tokens match by equality, as route statics
 * do), so route matching may start that deep. A `{…}` root token stops the skip:
 * root and route params do not match the same tokens (empty, regex).
 */
function sharedStaticDepth(rootTemplate: RouteTemplate, routes: readonly SelectableRoute[]): number {
  let depth = 0;
  for (const rootToken of rootTemplate.tokens) {
    if (rootToken.raw.startsWith('{')) break;
    if (!routes.every((route) => route.template.tokens[depth]?.raw === rootToken.raw)) break;
    depth++;
  }
  return depth;
}

/**
 * One WebService compiled for the fast CurlyRouter: a token trie whose groups hold
 * routes in candidate order with their media facts and parameter plans, plus each
 * route's rank (to merge groups). Built on the first selection after a change of
 * `revision()` or of the root.
 */
export class CompiledWebService<R extends SelectableRoute> {
  /** The WebService revision this was built from. */
  readonly revision: number;
  /** The root template this was built with. */
  readonly rootTemplate: RouteTemplate;
  /** Request tokens already matched by the root index (see sharedStaticDepth). */
  readonly #startDepth: number;
  readonly #start: TrieNode<R>;
  readonly #rank = new Map<R, number>();
  readonly #entries = new Map<R, RouteEntry<R>>();
  /** Reused between requests: selection is synchronous and never re-entered while collecting. */
  readonly #collector = new GroupCollector<R>();

  /** Compiles the current routes of `webService`. */
  constructor(webService: SelectableWebService<R>) {
    this.revision = webService.revision();
    this.rootTemplate = webService.rootTemplate();
    const root = newTrieNode<R>();
    const ordered = candidateOrder(webService.routes());
    for (const [rank, route] of ordered.entries()) {
      const entry = routeEntry(route);
      this.#rank.set(route, rank);
      this.#entries.set(route, entry);
      insertRoute(root, entry);
    }
    this.#startDepth = ordered.length === 0 ? 0 : sharedStaticDepth(this.rootTemplate, ordered);
    let start = root;
    for (const token of this.rootTemplate.tokens.slice(0, this.#startDepth)) start = start.statics.get(token.raw) ?? start;
    // Root tokens were compared by the root index; the route trie starts below them.
    this.#start = start;
  }

  /** Whether this was built from the WebService's current routes and root. */
  isCurrent(webService: SelectableWebService<SelectableRoute>): boolean {
    return this.revision === webService.revision() && this.rootTemplate === webService.rootTemplate();
  }

  /**
   * The routes whose path matches the request tokens, in candidate order. Usually one
   * trie group matches and it is returned as is (no allocation, no sort); several
   * groups (e.g. `/{a}/x` and `/p/{b}`) are merged by rank into a new group.
   */
  candidates(tokens: RequestTokens): RouteGroup<R> | undefined {
    const collector = this.#collector;
    collector.reset();
    collectGroups(this.#start, tokens, this.#startDepth, collector);
    if (collector.more.length === 0) return collector.first;
    const merged: RouteEntry<R>[] = [];
    for (const group of [collector.first, ...collector.more]) if (group !== undefined) merged.push(...group.entries);
    const rank = this.#rank;
    merged.sort((a, b) => (rank.get(a.route) ?? 0) - (rank.get(b.route) ?? 0));
    return newRouteGroup(merged);
  }

  /** The precomputed entry of a route of this WebService. */
  entryOf(route: R): RouteEntry<R> | undefined {
    return this.#entries.get(route);
  }
}
