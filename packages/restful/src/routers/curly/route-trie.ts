import type { TemplateToken } from '../../path/route-template.js';
import type { ServiceError } from '../../service-error.js';
import { type RouteMediaFacts, routeMediaFacts } from '../media-matching.js';
import type { SelectableRoute } from '../route-selector.js';
import { compileParamReader, type ParamReader, paramPlanOf } from './param-plan.js';
import type { RequestTokens } from './request-tokens.js';
import { StaticTable } from './static-table.js';

/** A route with what selection needs of it, precomputed: media facts and parameter reader. */
export interface RouteEntry<R> {
  readonly route: R;
  /** The route's method, kept here so the hot loop reads one object. */
  readonly method: string;
  readonly facts: RouteMediaFacts;
  readonly readParams: ParamReader;
}

/**
 * Where {@link collectGroups} puts the matching groups: the first in a field, more in
 * an array, so the usual single-group match allocates nothing.
 */
export class GroupCollector<R> {
  first: RouteGroup<R> | undefined = undefined;
  more: RouteGroup<R>[] = [];

  /** Empties the collector. */
  reset(): void {
    this.first = undefined;
    if (this.more.length !== 0) this.more = [];
  }

  /** Adds a matching group. */
  add(group: RouteGroup<R>): void {
    if (this.first === undefined) this.first = group;
    else this.more.push(group);
  }
}

/**
 * Routes that match the same requests at one place of the trie, already in
 * go-restful's candidate order (static ↓, param ↓, Path ↓, definition order).
 */
export interface RouteGroup<R> {
  readonly routes: R[];
  readonly entries: RouteEntry<R>[];
  /** Whether a route of the group has `If` conditions (then the shared detectRoute runs). */
  hasConditions: boolean;
  /** The group's 405, made on first use (only for groups without conditions: then it never varies). */
  methodNotAllowed: ServiceError | undefined;
}

/** A new group of entries (in candidate order). */
export function newRouteGroup<R extends SelectableRoute>(entries: RouteEntry<R>[]): RouteGroup<R> {
  return {
    routes: entries.map((entry) => entry.route),
    entries,
    hasConditions: entries.some((entry) => entry.route.if.length > 0),
    methodNotAllowed: undefined,
  };
}

/** The entry of a route. */
export function routeEntry<R extends SelectableRoute>(route: R): RouteEntry<R> {
  return { route, method: route.method, facts: routeMediaFacts(route), readParams: compileParamReader(paramPlanOf(route)) };
}

/** A `{…}` edge: a param (any token), a regex (unanchored test) and/or a custom verb suffix. */
interface DynamicEdge<R> {
  readonly key: string;
  /** The custom verb the request token must end with (`:verb`), stripped before `regex`. */
  readonly verb: string | undefined;
  readonly regex: RegExp | undefined;
  readonly child: TrieNode<R>;
}

/** A `{name:*}` token at this depth: the route matches from here on, whatever follows. */
interface TailEdge<R> {
  readonly key: string;
  readonly verb: string | undefined;
  /** go-restful's length pre-check: a request longer than the route only matches when the route's last token ends in `*}`. */
  readonly maxRequestLength: number;
  readonly group: RouteGroup<R>;
}

/** A node at depth d: reached after d request tokens matched. */
export interface TrieNode<R> {
  /** Static tokens by exact text (a static token with a custom verb compares equal as a whole). */
  readonly statics: StaticTable<TrieNode<R>>;
  readonly dynamics: DynamicEdge<R>[];
  readonly tails: TailEdge<R>[];
  /** Routes whose tokens end here: they match a request of exactly this many tokens. */
  ends: RouteGroup<R> | undefined;
  /** The subset of `ends` whose last token ends in `*}` (e.g. `{f:.*}`): they also match longer requests. */
  endsLonger: RouteGroup<R> | undefined;
}

/** Creates an empty trie node. */
export function newTrieNode<R>(): TrieNode<R> {
  return { statics: new StaticTable(), dynamics: [], tails: [], ends: undefined, endsLonger: undefined };
}

function addTo<R extends SelectableRoute>(group: RouteGroup<R> | undefined, entry: RouteEntry<R>): RouteGroup<R> {
  if (group === undefined) return newRouteGroup([entry]);
  group.routes.push(entry.route);
  group.entries.push(entry);
  group.hasConditions ||= entry.route.if.length > 0;
  return group;
}

function childFor<R>(node: TrieNode<R>, token: TemplateToken): TrieNode<R> {
  if (token.kind === 'static' && token.verb === undefined) {
    let next = node.statics.get(token.raw);
    if (next === undefined) {
      next = newTrieNode();
      node.statics.set(token.raw, next);
    }
    return next;
  }
  if (token.kind === 'static') {
    // `resource:validate` with a route verb: ends with `:validate` and equals `resource` once
    // stripped, which is the same as equal to the raw token.
    return childFor(node, { ...token, verb: undefined });
  }
  // All plain params share one edge; regexes share an edge per pattern source and flags.
  const pattern = token.kind === 'regex' && token.regex !== undefined ? `/${token.regex.source}/${token.regex.flags}` : '';
  const key = `${token.verb ?? ''}\u0000${pattern}`;
  let edge = node.dynamics.find((each) => each.key === key);
  if (edge === undefined) {
    const regex = token.kind === 'regex' ? token.regex : undefined;
    edge = { key, verb: token.verb, regex, child: newTrieNode() };
    node.dynamics.push(edge);
  }
  return edge.child;
}

/**
 * Inserts a route (routes must be inserted in candidate order, so that every group
 * stays sorted). Mirrors `matchesRouteByPathTokens`: tokens are walked until a tail.
 */
export function insertRoute<R extends SelectableRoute>(root: TrieNode<R>, entry: RouteEntry<R>): void {
  const route = entry.route;
  const tokens = route.template.tokens;
  const lastEndsWithStar = route.template.acceptsLongerPaths;
  let node = root;
  for (const token of tokens) {
    if (token.kind === 'tail') {
      const maxRequestLength = lastEndsWithStar ? Number.POSITIVE_INFINITY : tokens.length;
      const key = `${token.verb ?? ''}\u0000${maxRequestLength}`;
      let tail = node.tails.find((each) => each.key === key);
      if (tail === undefined) {
        tail = { key, verb: token.verb, maxRequestLength, group: newRouteGroup<R>([]) };
        node.tails.push(tail);
      }
      addTo(tail.group, entry);
      return;
    }
    node = childFor(node, token);
  }
  node.ends = addTo(node.ends, entry);
  if (lastEndsWithStar) node.endsLonger = addTo(node.endsLonger, entry);
}

/** Whether request token i satisfies a `{…}` edge: custom verb suffix, then the unanchored regex. */
function edgeAccepts<R>(edge: DynamicEdge<R>, tokens: RequestTokens, i: number): boolean {
  if (edge.verb !== undefined && !tokens.endsWithVerb(i, edge.verb)) return false;
  if (edge.regex === undefined) return true;
  const token = tokens.token(i);
  return edge.regex.test(edge.verb === undefined ? token : token.slice(0, token.length - edge.verb.length - 1));
}

/**
 * Collects the groups of routes that match the request tokens into `out`, walking
 * every branch that can match (static, param, regex, verb, tail), as go-restful
 * tests every route, but visiting only routes that share the request's prefix.
 * Static edges are followed in the loop, other edges by recursion.
 */
export function collectGroups<R>(start: TrieNode<R>, tokens: RequestTokens, startDepth: number, out: GroupCollector<R>): void {
  const length = tokens.count;
  let node: TrieNode<R> | undefined = start;
  for (let depth = startDepth; node !== undefined; depth++) {
    if (depth === length) {
      if (node.ends !== undefined) out.add(node.ends);
      return;
    }
    if (node.endsLonger !== undefined) out.add(node.endsLonger);
    const tails = node.tails;
    for (let t = 0; t < tails.length; t++) {
      const tail = tails[t] as TailEdge<R>;
      if (length <= tail.maxRequestLength && (tail.verb === undefined || tokens.endsWithVerb(depth, tail.verb))) out.add(tail.group);
    }
    const dynamics = node.dynamics;
    for (let d = 0; d < dynamics.length; d++) {
      const edge = dynamics[d] as DynamicEdge<R>;
      if (edgeAccepts(edge, tokens, depth)) collectGroups(edge.child, tokens, depth + 1, out);
    }
    node = node.statics.find(tokens, depth);
  }
}
