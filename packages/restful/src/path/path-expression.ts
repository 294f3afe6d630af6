import { compileGoRegExp } from './go-regexp.js';
import { RouteTemplateError } from './route-template-error.js';
import { memoizeTemplate } from './template-memo.js';

/**
 * A path template compiled to one anchored regular expression, as go-restful's
 * `pathExpression` (used by RouterJSR311, the OPTIONS filter and CORS preflight).
 */
export interface PathExpression {
  /** The template it was compiled from. */
  readonly template: string;
  /** The compiled expression: `^/lit/([^/]+?)(/.*)?$` style, the last group is the remainder. */
  readonly regex: RegExp;
  /** Number of literal characters, a JSR311 sort key. */
  readonly literalCount: number;
  /** Names of the template variables, in order. */
  readonly varNames: readonly string[];
  /** Number of template variables. */
  readonly varCount: number;
}

function escapeRegExp(literal: string): string {
  return literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Compiles a template as go-restful's `templateToRegularExpression`: `{name}` →
 * `([^/]+?)`, `{name:*}` → `(.*)`, `{name:re}` → `(re)`, literals quoted; trailing
 * `/` trimmed and `(/.*)?$` appended. Throws {@link RouteTemplateError} on a bad regex. A template compiles once:
 * later calls answer the same frozen value.
 */
export const compilePathExpression: (template: string) => PathExpression = memoizeTemplate(compileOnce);

function compileOnce(template: string): PathExpression {
  let source = '^';
  let literalCount = 0;
  const varNames: string[] = [];
  for (const token of template.split('/')) {
    if (token === '') continue;
    source += '/';
    if (token.startsWith('{')) {
      const colon = token.indexOf(':');
      if (colon !== -1) {
        const name = token.slice(1, colon).trim();
        const pattern = token.slice(colon + 1, token.length - 1).trim();
        source += pattern === '*' ? '(.*)' : `(${pattern})`;
        varNames.push(name);
      } else {
        source += '([^/]+?)';
        varNames.push(token.slice(1, token.length - 1).trim());
      }
    } else {
      literalCount += token.length;
      source += escapeRegExp(token);
    }
  }
  while (source.endsWith('/')) source = source.slice(0, -1);
  source += '(/.*)?$';
  let regex: RegExp;
  try {
    regex = compileGoRegExp(source);
  } catch (error) {
    throw new RouteTemplateError(template, error instanceof Error ? error.message : String(error));
  }
  return Object.freeze({ template, regex, literalCount, varNames: Object.freeze(varNames), varCount: varNames.length });
}
