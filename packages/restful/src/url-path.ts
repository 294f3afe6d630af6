import { ServiceError } from './service-error.js';

function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 65 && code <= 70) return code - 55;
  if (code >= 97 && code <= 102) return code - 87;
  return -1;
}

/**
 * Percent-decodes a URL path as Go's `url.PathUnescape` fills `URL.Path`: `%XX` becomes
 * the byte XX (bytes are then read as UTF-8, invalid sequences → U+FFFD); `+` stays;
 * a malformed escape is a 400 ServiceError `invalid URL escape "%zz"`.
 */
export function unescapePath(escaped: string): string {
  const first = escaped.indexOf('%');
  if (first === -1) return escaped;
  const bytes = Buffer.allocUnsafe(Buffer.byteLength(escaped));
  let length = bytes.write(escaped.slice(0, first), 0);
  for (let i = first; i < escaped.length; ) {
    const code = escaped.charCodeAt(i);
    if (code !== 37) {
      const next = escaped.indexOf('%', i);
      const end = next === -1 ? escaped.length : next;
      length += bytes.write(escaped.slice(i, end), length);
      i = end;
      continue;
    }
    const high = hexValue(escaped.charCodeAt(i + 1));
    const low = hexValue(escaped.charCodeAt(i + 2));
    if (high < 0 || low < 0) {
      throw new ServiceError(400, `invalid URL escape ${JSON.stringify(escaped.slice(i, i + 3))}`);
    }
    bytes[length++] = high * 16 + low;
    i += 3;
  }
  return bytes.toString('utf8', 0, length);
}

/**
 * The decoded path of a request target (Go's `URL.Path`): the query is cut off and an
 * absolute-form target (`http://host/p`) loses its scheme and authority.
 */
export function requestPath(url: string): string {
  const q = url.indexOf('?');
  let path = q === -1 ? url : url.slice(0, q);
  if (!path.startsWith('/') && /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\//.test(path)) {
    const slash = path.indexOf('/', path.indexOf('//') + 2);
    path = slash === -1 ? '/' : path.slice(slash);
  }
  return unescapePath(path);
}
