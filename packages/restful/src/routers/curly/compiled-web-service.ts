import type { RouteTemplate } from '../../path/route-template.js';
import type { SelectableRoute, SelectableWebService } from '../route-selector.js';
import { type ParamPlan, paramPlanOf } from './param-plan.js';
import { collectGroups, insertRoute, newTrieNode, type RouteGroup, type TrieNode } from './route-trie.js';

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
 * One WebService compiled for the fast CurlyRouter: a token trie whose groups hold
 * routes in candidate order, each route's rank (to merge groups) and its parameter
 * plan. Built on the first selection after a change of `revision()`.
 */
export class CompiledWebService<R extends SelectableRoute> {
  /** The WebService revision this was built from. */
  readonly revision: number;
  /** The root template this was built with. */
  readonly rootTemplate: RouteTemplate;
  readonly #root: TrieNode<R> = newTrieNode();
  readonly #rank = new Map<R, number>();
  readonly #plans = new Map<R, ParamPlan>();
  /** Reused between requests: selection is synchronous and never re-entered while collecting. */
  readonly #scratch: RouteGroup<R>[] = [];

  /** Compiles the current routes of `webService`. */
  constructor(webService: SelectableWebService<R>) {
    this.revision = webService.revision();
    this.rootTemplate = webService.rootTemplate();
    const ordered = candidateOrder(webService.routes());
    ordered.forEach((route, rank) => {
      this.#rank.set(route, rank);
      this.#plans.set(route, paramPlanOf(route));
      insertRoute(this.#root, route);
    });
  }

  /**
   * The routes whose path matches the request tokens, in candidate order. Usually one
   * trie group matches and its precomputed array is returned as is (no allocation, no
   * sort); several groups (e.g. `/{a}/x` and `/p/{b}`) are merged by rank.
   */
  candidates(tokens: readonly string[]): readonly R[] {
    const groups = this.#scratch;
    collectGroups(this.#root, tokens, 0, groups);
    if (groups.length <= 1) {
      const only = groups[0];
      groups.length = 0;
      return only === undefined ? [] : only.routes;
    }
    const merged: R[] = [];
    for (const group of groups) for (const route of group.routes) merged.push(route);
    groups.length = 0;
    const rank = this.#rank;
    merged.sort((a, b) => (rank.get(a) ?? 0) - (rank.get(b) ?? 0));
    return merged;
  }

  /** The parameter plan of a route of this WebService. */
  planOf(route: R): ParamPlan {
    return this.#plans.get(route) ?? paramPlanOf(route);
  }
}
