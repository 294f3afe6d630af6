import { removeCustomVerb } from '../path/custom-verb.js';
import { tokenizePath } from '../path/tokenize.js';
import { PAGE_NOT_FOUND } from './detect-route.js';
import type { PathProcessor, SelectableRoute, SelectableWebService } from './route-selector.js';

/**
 * Go would panic on a slice out of range here (`{name}.json` against a token shorter
 * than `.json`); the fidelity policy answers 404 instead of crashing.
 */
function outOfRange(): Error {
  return PAGE_NOT_FOUND;
}

/**
 * The value of one parameter key (a route token containing `{`, custom verb removed)
 * from its request token, as go-restful's `defaultPathProcessor`: `{k}` with a literal
 * prefix/suffix gets the token with the prefix and suffix lengths cut off; `{k:re}`
 * gets the whole token. Returns [name, value]; `{k:*}` is handled by the caller.
 */
export function keyAndValue(key: string, value: string): [string, string] {
  const colon = key.indexOf(':');
  if (colon !== -1) {
    if (colon < 1) throw outOfRange();
    return [key.slice(1, colon), value];
  }
  const start = key.indexOf('{');
  const endKey = key.indexOf('}');
  if (endKey < start + 1) throw outOfRange();
  const endValue = value.length - (key.length - endKey - 1);
  if (endValue < start) throw outOfRange();
  return [key.slice(start + 1, endKey), value.slice(start, endValue)];
}

/**
 * A fresh parameter record without a prototype, so that a parameter named
 * `__proto__` or `constructor` is an ordinary entry.
 */
export function newPathParameters(): Record<string, string> {
  return new PathParameterRecord();
}

/**
 * Objects of this class have no inherited properties (their prototype's prototype is
 * null) yet keep V8's fast property layout, unlike `Object.create(null)` objects.
 */
class PathParameterRecord {
  [name: string]: string;
}
Object.setPrototypeOf(PathParameterRecord.prototype, null);

/** Joins request tokens from `offset` with `/` (go-restful's `untokenizePath`). */
export function untokenizePath(offset: number, parts: readonly string[]): string {
  let out = '';
  for (let p = offset; p < parts.length; p++) {
    out += parts[p];
    if (p < parts.length - 1) out += '/';
  }
  return out;
}

/**
 * Extracts path parameters positionally from already tokenized request tokens, as
 * go-restful's `defaultPathProcessor.ExtractParameters`.
 */
export function extractParametersFromTokens(route: SelectableRoute, urlParts: readonly string[]): Record<string, string> {
  const params = newPathParameters();
  const tokens = route.template.tokens;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token === undefined) break;
    let key = token.raw;
    let value = urlParts[i] ?? '';
    if (token.verb !== undefined) {
      key = removeCustomVerb(key);
      value = removeCustomVerb(value);
    }
    if (!key.includes('{')) continue;
    const colon = key.indexOf(':');
    if (colon !== -1 && key.slice(colon + 1, key.length - 1) === '*') {
      if (colon < 1) throw outOfRange();
      params[key.slice(1, colon)] = untokenizePath(i, urlParts);
      break;
    }
    const [name, extracted] = keyAndValue(key, value);
    params[name] = extracted;
  }
  return params;
}

/**
 * go-restful's `defaultPathProcessor`: used for routers that do not implement
 * {@link PathProcessor}. Values are positional over the request's path tokens;
 * `{k:*}` takes the rest joined by `/`; `{k:re}` the whole token; custom verbs are
 * stripped from key and value. Throws a 404 {@link ServiceError} where Go would panic.
 */
export const defaultPathProcessor: PathProcessor = Object.freeze({
  extractParameters(route: SelectableRoute, _webService: SelectableWebService, urlPath: string): Record<string, string> {
    return extractParametersFromTokens(route, tokenizePath(urlPath));
  },
});
