import type { TemplateToken } from '../../path/route-template.js';
import { type RouteMediaFacts, routeMediaFacts } from '../media-matching.js';
import type { SelectableRoute } from '../route-selector.js';
import { type ParamPlan, paramPlanOf } from './param-plan.js';

/** A route with what selection needs of it, precomputed: media facts and parameter plan. */
export interface RouteEntry<R> {
  readonly route: R;
  readonly facts: RouteMediaFacts;
  readonly plan: ParamPlan;
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
}

/** A new group of entries (in candidate order). */
export function newRouteGroup<R extends SelectableRoute>(entries: RouteEntry<R>[]): RouteGroup<R> {
  return { routes: entries.map((entry) => entry.route), entries, hasConditions: entries.some((entry) => entry.route.if.length > 0) };
}

/** The entry of a route. */
export function routeEntry<R extends SelectableRoute>(route: R): RouteEntry<R> {
  return { route, facts: routeMediaFacts(route), plan: paramPlanOf(route) };
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
  readonly statics: Map<string, TrieNode<R>>;
  readonly dynamics: DynamicEdge<R>[];
  readonly tails: TailEdge<R>[];
  /** Routes whose tokens end here: they match a request of exactly this many tokens. */
  ends: RouteGroup<R> | undefined;
  /** The subset of `ends` whose last token ends in `*}` (e.g. `{f:.*}`): they also match longer requests. */
  endsLonger: RouteGroup<R> | undefined;
}

/** Creates an empty trie node. */
export function newTrieNode<R>(): TrieNode<R> {
  return { statics: new Map(), dynamics: [], tails: [], ends: undefined, endsLonger: undefined };
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

/** Whether a request token satisfies a `{…}` edge: custom verb suffix, then the unanchored regex. */
function edgeAccepts<R>(edge: DynamicEdge<R>, token: string): boolean {
  let value = token;
  if (edge.verb !== undefined) {
    const verbLength = edge.verb.length;
    if (value.length <= verbLength || value.charCodeAt(value.length - verbLength - 1) !== 58 || !value.endsWith(edge.verb)) return false;
    value = value.slice(0, value.length - verbLength - 1);
  }
  return edge.regex === undefined || edge.regex.test(value);
}

function verbMatches(verb: string | undefined, token: string): boolean {
  return verb === undefined || (token.length > verb.length && token.endsWith(`:${verb}`));
}

/**
 * Collects the groups of routes that match the request tokens into `out`, walking
 * every branch that can match (static, param, regex, verb, tail), as go-restful
 * tests every route, but visiting only routes that share the request's prefix.
 * Static edges are followed in the loop, other edges by recursion.
 */
export function collectGroups<R>(start: TrieNode<R>, tokens: readonly string[], startDepth: number, out: RouteGroup<R>[]): void {
  const length = tokens.length;
  let node: TrieNode<R> | undefined = start;
  for (let depth = startDepth; node !== undefined; depth++) {
    if (depth === length) {
      if (node.ends !== undefined) out.push(node.ends);
      return;
    }
    if (node.endsLonger !== undefined) out.push(node.endsLonger);
    const token = tokens[depth] as string;
    const tails = node.tails;
    for (let t = 0; t < tails.length; t++) {
      const tail = tails[t] as TailEdge<R>;
      if (length <= tail.maxRequestLength && verbMatches(tail.verb, token)) out.push(tail.group);
    }
    const dynamics = node.dynamics;
    for (let d = 0; d < dynamics.length; d++) {
      const edge = dynamics[d] as DynamicEdge<R>;
      if (edgeAccepts(edge, token)) collectGroups(edge.child, tokens, depth + 1, out);
    }
    node = node.statics.size === 0 ? undefined : node.statics.get(token);
  }
}
