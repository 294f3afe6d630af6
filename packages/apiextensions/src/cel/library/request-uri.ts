/**
 * URLs as Go's `url.ParseRequestURI` reads them for Kubernetes' CEL url library: an absolute URI
 * (`scheme:…`, with `//authority` or opaque) or an absolute path, the query after the first `?`,
 * no fragment handling (a `#` stays in the path or query), the scheme lower-cased.
 *
 * @module
 */

/** The parts of a parsed request URI. */
export interface RequestURI {
  readonly scheme: string;
  readonly host: string;
  readonly path: string;
  readonly rawQuery: string;
}

const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;
const ESCAPES = /%(?![0-9A-Fa-f]{2})/;

function invalid(raw: string, why: string): never {
  throw new Error(`parse ${JSON.stringify(raw)}: ${why}`);
}

function checkHost(raw: string, host: string): void {
  const bracket = host.lastIndexOf(']');
  const colon = host.lastIndexOf(':');
  if (host.startsWith('[') && bracket < 0) invalid(raw, 'missing \']\' in host');
  if (colon > bracket) {
    const port = host.slice(colon + 1);
    if (!/^\d*$/.test(port)) invalid(raw, `invalid port ${JSON.stringify(`:${port}`)} after host`);
  }
}

/** Parses `raw`; throws Go's `*url.Error` text (`parse "x": invalid URI for request`) when it is not a request URI. */
export function parseRequestURI(raw: string): RequestURI {
  if (raw === '') invalid(raw, 'empty url');
  const q = raw.indexOf('?');
  let rest = q < 0 ? raw : raw.slice(0, q);
  const rawQuery = q < 0 ? '' : raw.slice(q + 1);
  let scheme = '';
  const m = SCHEME.exec(rest);
  if (m !== null) {
    scheme = (m[1] ?? '').toLowerCase();
    rest = rest.slice(m[0].length);
    if (!rest.startsWith('/')) return { scheme, host: '', path: '', rawQuery };
  } else if (!rest.startsWith('/')) {
    invalid(raw, 'invalid URI for request');
  }
  let host = '';
  if (scheme !== '' && rest.startsWith('//')) {
    const end = rest.indexOf('/', 2);
    const authority = end < 0 ? rest.slice(2) : rest.slice(2, end);
    rest = end < 0 ? '' : rest.slice(end);
    host = authority.slice(authority.lastIndexOf('@') + 1);
    checkHost(raw, host);
  }
  if (ESCAPES.test(rest)) invalid(raw, `invalid URL escape ${JSON.stringify(rest.slice(rest.search(ESCAPES), rest.search(ESCAPES) + 3))}`);
  return { scheme, host, path: rest, rawQuery };
}

/** The host without brackets and port (`Hostname()`). */
export function hostname(host: string): string {
  if (host.startsWith('[')) return host.slice(1, host.indexOf(']'));
  const colon = host.indexOf(':');
  return colon < 0 ? host : host.slice(0, colon);
}

/** The port of the host, or `''` (`Port()`). */
export function port(host: string): string {
  const colon = host.lastIndexOf(':');
  return colon > host.lastIndexOf(']') ? host.slice(colon + 1) : '';
}

function queryUnescape(s: string): string | undefined {
  try {
    return decodeURIComponent(s.replaceAll('+', ' '));
  } catch {
    return undefined;
  }
}

/** The query's values by key (`url.ParseQuery`, pairs with a bad escape skipped). */
export function parseQuery(rawQuery: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const pair of rawQuery.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const key = queryUnescape(eq < 0 ? pair : pair.slice(0, eq));
    const value = queryUnescape(eq < 0 ? '' : pair.slice(eq + 1));
    if (key === undefined || value === undefined) continue;
    out.set(key, [...(out.get(key) ?? []), value]);
  }
  return out;
}
