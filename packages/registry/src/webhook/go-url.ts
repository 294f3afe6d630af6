/**
 * The parts of Go's `net/url.Parse` a webhook URL check reads (scheme, user information, host, query, fragment),
 * with the parse errors Go reports for control characters, a missing scheme, a colon in the first path segment,
 * bad percent escapes, characters a host may not hold and ports that are not numbers.
 * @module
 */
import { goQuote } from '@apiserver/runtime';

/** What `url.Parse` found: the fields a webhook URL check reads. */
export interface GoURL {
  readonly scheme: string;
  /** The user information as written, or undefined when the URL has no `@`. */
  readonly user: string | undefined;
  readonly host: string;
  readonly rawQuery: string;
  readonly fragment: string;
}

class URLParseError extends Error {}

// Characters a host may hold unescaped (letters, digits and what Go's shouldEscape lets through in host mode).
const HOST_CHAR = /^[A-Za-z0-9\-._~!$&'()*+,;=:[\]<>"%]$/;

/** Checks the percent escapes of `s` (`invalid URL escape "%zz"`). */
function checkEscapes(s: string): void {
  for (let i = s.indexOf('%'); i >= 0; i = s.indexOf('%', i + 1)) {
    const sequence = s.slice(i, i + 3);
    if (!/^%[0-9A-Fa-f]{2}$/.test(sequence)) throw new URLParseError(`invalid URL escape ${goQuote(sequence)}`);
  }
}

/** The scheme of `raw` and the rest, as Go's `getScheme`. */
function splitScheme(raw: string): [string, string] {
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charAt(i);
    if (/[A-Za-z]/.test(c)) continue;
    if (/[0-9+\-.]/.test(c)) {
      if (i === 0) return ['', raw];
      continue;
    }
    if (c === ':') {
      if (i === 0) throw new URLParseError('missing protocol scheme');
      return [raw.slice(0, i), raw.slice(i + 1)];
    }
    return ['', raw];
  }
  return ['', raw];
}

/** Go's `parseHost`: a bracketed IPv6 literal or a name, each with an optional numeric port. */
function checkHost(host: string): void {
  let name = host;
  let port = '';
  if (host.startsWith('[')) {
    const close = host.lastIndexOf(']');
    if (close < 0) throw new URLParseError("missing ']' in host");
    port = host.slice(close + 1);
    name = host.slice(0, close + 1);
  } else if (host.lastIndexOf(':') >= 0) {
    port = host.slice(host.lastIndexOf(':'));
    name = host.slice(0, host.lastIndexOf(':'));
  }
  if (port !== '' && !/^:\d*$/.test(port)) throw new URLParseError(`invalid port ${goQuote(port)} after host`);
  checkEscapes(name);
  for (const c of name) {
    if (c.charCodeAt(0) < 0x80 && !HOST_CHAR.test(c)) throw new URLParseError(`invalid character ${goQuote(c)} in host name`);
  }
}

/** Go's `parse` of the URL without its fragment. */
function parse(raw: string): Omit<GoURL, 'fragment'> {
  if ([...raw].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) throw new URLParseError('net/url: invalid control character in URL');
  const [scheme, afterScheme] = splitScheme(raw);
  let rest = afterScheme;
  let rawQuery = '';
  const question = rest.indexOf('?');
  if (question >= 0 && !(rest.endsWith('?') && question === rest.length - 1)) {
    rawQuery = rest.slice(question + 1);
    rest = rest.slice(0, question);
  } else if (question >= 0) {
    rest = rest.slice(0, question);
  }
  const empty = { scheme: scheme.toLowerCase(), user: undefined, host: '', rawQuery };
  if (!rest.startsWith('/')) {
    // An opaque URL (`https:host`) has no host; without a scheme a colon before the first slash is an error.
    if (scheme !== '') return empty;
    const slash = rest.indexOf('/');
    if ((slash < 0 ? rest : rest.slice(0, slash)).includes(':')) throw new URLParseError('first path segment in URL cannot contain colon');
  }
  if (!rest.startsWith('//') || (scheme === '' && rest.startsWith('///'))) {
    checkEscapes(rest);
    return empty;
  }
  const authorityEnd = rest.indexOf('/', 2);
  const authority = authorityEnd < 0 ? rest.slice(2) : rest.slice(2, authorityEnd);
  const at = authority.lastIndexOf('@');
  const host = at < 0 ? authority : authority.slice(at + 1);
  const user = at < 0 ? undefined : authority.slice(0, at);
  if (user !== undefined && !/^[A-Za-z0-9\-._:~!$&'()*+,;=%@]*$/.test(user)) throw new URLParseError('net/url: invalid userinfo');
  if (user !== undefined) checkEscapes(user);
  checkHost(host);
  checkEscapes(authorityEnd < 0 ? '' : rest.slice(authorityEnd));
  return { ...empty, user, host };
}

/** `f()`, or Go's error text for a parse error of `quoted` (`parse "<url>": <reason>`). */
function attempt<T>(quoted: string, f: () => T): T | string {
  try {
    return f();
  } catch (e) {
    if (e instanceof URLParseError) return `parse ${goQuote(quoted)}: ${e.message}`;
    throw e;
  }
}

/** `url.Parse(raw)`: the parsed URL, or Go's error text. */
export function parseGoURL(raw: string): GoURL | string {
  const hash = raw.indexOf('#');
  const withoutFragment = hash < 0 ? raw : raw.slice(0, hash);
  const fragment = hash < 0 ? '' : raw.slice(hash + 1);
  // As Go: an error before the fragment quotes the URL without it, a bad fragment quotes the whole URL.
  const url = attempt(withoutFragment, () => parse(withoutFragment));
  if (typeof url === 'string') return url;
  const badFragment = attempt(raw, () => checkEscapes(fragment));
  return typeof badFragment === 'string' ? badFragment : { ...url, fragment };
}
