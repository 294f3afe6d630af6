/**
 * `url.PathUnescape` of an extra key taken from a header name (`Impersonate-Extra-<key>`, `X-Remote-Extra-<key>`),
 * keeping the key as sent when it is not valid percent-encoding (upstream records extra values even then).
 */
export function unescapeExtraKey(key: string): string {
  try {
    return decodeURIComponent(key);
  } catch {
    return key;
  }
}
