import { customVerbOf, hasCustomVerb, removeCustomVerb } from './custom-verb.js';
import { compileGoRegExp } from './go-regexp.js';
import { RouteTemplateError } from './route-template-error.js';
import { memoizeTemplate } from './template-memo.js';
import { tokenizePath } from './tokenize.js';

/**
 * One token of a curly route template, classified once when the route is built so
 * that no regular expression is compiled while selecting routes.
 */
export interface TemplateToken {
  /** The token as written in the template, custom verb included (go-restful's `pathParts[i]`). */
  readonly raw: string;
  /** The custom verb of this token (`activate` for `{id}:activate`) when the route path has one. */
  readonly verb: string | undefined;
  /** `static` (exact text), `param` (`{name}`), `regex` (`{name:re}`) or `tail` (`{name:*}`). */
  readonly kind: 'static' | 'param' | 'regex' | 'tail';
  /** The token without its custom verb: the literal text for `static`. */
  readonly text: string;
  /** The parameter name (empty for `static`). */
  readonly name: string;
  /** For `regex`: the pattern, compiled once and matched unanchored as go-restful does. */
  readonly regex: RegExp | undefined;
}

/** A route path template compiled for the curly router: its tokens and facts derived from them. */
export interface RouteTemplate {
  /** The full route path (root + sub path), as `Route.path`. */
  readonly path: string;
  /** The classified tokens of the path, in order. */
  readonly tokens: readonly TemplateToken[];
  /** Whether the full path ends in a custom verb (go-restful's `Route.hasCustomVerb`). */
  readonly hasCustomVerb: boolean;
  /** Whether the last token ends with `*}`: such routes may match longer request paths. */
  readonly acceptsLongerPaths: boolean;
  /** The parameter names in order of appearance. */
  readonly paramNames: readonly string[];
}

function classify(raw: string, routeHasVerb: boolean, template: string): TemplateToken {
  const verb = routeHasVerb && hasCustomVerb(raw) ? customVerbOf(raw) : undefined;
  const text = verb === undefined ? raw : removeCustomVerb(raw);
  if (!text.startsWith('{')) return { raw, verb, kind: 'static', text, name: '', regex: undefined };
  const colon = text.indexOf(':');
  if (colon === -1) return { raw, verb, kind: 'param', text, name: text.slice(1, text.length - 1), regex: undefined };
  // go-restful slices `token[colon+1 : len-1]` at request time: a token ending in its
  // colon (`{a:`) would panic there, so it is rejected when the route is built.
  if (colon === text.length - 1) throw new RouteTemplateError(template, `token ${JSON.stringify(raw)} has no pattern after ':'`);
  const name = text.slice(1, colon);
  const pattern = text.slice(colon + 1, text.length - 1);
  if (pattern === '*') return { raw, verb, kind: 'tail', text, name, regex: undefined };
  try {
    return { raw, verb, kind: 'regex', text, name, regex: compileGoRegExp(pattern) };
  } catch (error) {
    throw new RouteTemplateError(template, error instanceof Error ? error.message : String(error));
  }
}

/**
 * Compiles a full route path into a {@link RouteTemplate}. Throws
 * {@link RouteTemplateError} when a `{name:regex}` token does not compile. A path compiles once: later calls
 * answer the same frozen value.
 */
export const compileRouteTemplate: (path: string) => RouteTemplate = memoizeTemplate(compileOnce);

function compileOnce(path: string): RouteTemplate {
  const routeHasVerb = hasCustomVerb(path);
  const tokens = tokenizePath(path).map((raw) => Object.freeze(classify(raw, routeHasVerb, path)));
  const last = tokens.at(-1);
  return Object.freeze({
    path,
    tokens: Object.freeze(tokens),
    hasCustomVerb: routeHasVerb,
    acceptsLongerPaths: last?.raw.endsWith('*}') === true,
    paramNames: Object.freeze(tokens.filter((t) => t.kind !== 'static').map((t) => t.name)),
  });
}
