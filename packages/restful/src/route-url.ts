import { compile } from 'path-to-regexp';
import { ConfigurationError } from './configuration-error.js';

/** Escapes the characters path-to-regexp treats as syntax. */
function escapeLiteral(text: string): string {
  return text.replace(/[{}()[\]+?!:*\\]/g, '\\$&');
}

/** Translates one curly token to path-to-regexp 8 syntax; records tail names. */
function translateToken(token: string, tails: Set<string>): string {
  if (!token.startsWith('{')) return escapeLiteral(token);
  const close = token.indexOf('}');
  if (close === -1) return escapeLiteral(token);
  const inner = token.slice(1, close);
  const colon = inner.indexOf(':');
  const name = (colon === -1 ? inner : inner.slice(0, colon)).trim();
  const pattern = colon === -1 ? '' : inner.slice(colon + 1).trim();
  const rest = escapeLiteral(token.slice(close + 1));
  if (pattern === '*') {
    tails.add(name);
    return `*${JSON.stringify(name)}${rest}`;
  }
  return `:${JSON.stringify(name)}${rest}`;
}

/** A function building a concrete, escaped URL path from path parameter values. */
export type UrlBuilder = (params: Readonly<Record<string, string>>) => string;

/**
 * Compiles a curly template (`/ns/{namespace}/pods/{name}`, `{path:*}` tails) into a
 * reverse-routing function using path-to-regexp's `compile`: `{x}` and `{x:re}`
 * become `:"x"`, `{x:*}` becomes `*"x"` (its value is split on `/`), values are
 * percent-encoded. A missing value throws a {@link ConfigurationError}.
 */
export function compileUrlBuilder(template: string): UrlBuilder {
  const tails = new Set<string>();
  const source = template
    .split('/')
    .map((token) => translateToken(token, tails))
    .join('/');
  const toPath = compile(source);
  return (params) => {
    const values: Record<string, string | string[]> = {};
    for (const [key, value] of Object.entries(params)) values[key] = tails.has(key) ? value.split('/') : value;
    try {
      return toPath(values);
    } catch (error) {
      throw new ConfigurationError('MissingPathParameter', `cannot build a URL for ${template}: ${String(error)}`);
    }
  };
}
