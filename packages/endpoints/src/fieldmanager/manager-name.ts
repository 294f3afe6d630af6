/**
 * The field manager name of a write (handlers/rest.go `managerOrUserAgent`): the `fieldManager` query
 * parameter, else the User-Agent up to its first `/`, printable characters only, at most 128 bytes.
 */

function isPrintable(ch: string): boolean {
  return !/[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}]/u.test(ch);
}

/** `prefixFromUserAgent`: the User-Agent's product name, e.g. `kubectl` of `kubectl/v1.32.5 (linux/amd64)`. */
export function prefixFromUserAgent(userAgent: string): string {
  const head = userAgent.split('/')[0] ?? '';
  let out = '';
  let bytes = 0;
  for (const ch of head) {
    if (!isPrintable(ch)) continue;
    const size = Buffer.byteLength(ch);
    if (bytes + size > 128) break;
    out += ch;
    bytes += size;
  }
  return out;
}

/** The manager recorded for a write: `fieldManager` when given, else the User-Agent prefix. */
export function managerOrUserAgent(fieldManager: string, userAgent: string | undefined): string {
  return fieldManager !== '' ? fieldManager : prefixFromUserAgent(userAgent ?? '');
}
