/**
 * Names that become URL path segments and storage keys (`api/validation/path`): never
 * `.` or `..`, never containing `/` or `%`.
 *
 * @module
 */

/** Names that may not be used as path segments. */
export const NAME_MAY_NOT_BE: readonly string[] = ['.', '..'];
/** Substrings that may not appear in path-segment names. */
export const NAME_MAY_NOT_CONTAIN: readonly string[] = ['/', '%'];

/** Checks a name used as a path segment: `may not be '.'`, `may not contain '/'`. */
export function isValidPathSegmentName(name: string): string[] {
  for (const illegal of NAME_MAY_NOT_BE) {
    if (name === illegal) return [`may not be '${illegal}'`];
  }
  return isValidPathSegmentPrefix(name);
}

/**
 * Checks a prefix of such a name (a generateName): only the `may not contain` rules apply. A valid name (the
 * common case, on every request's name and namespace) costs the scans and one empty array.
 */
export function isValidPathSegmentPrefix(name: string): string[] {
  const msgs: string[] = [];
  for (const c of NAME_MAY_NOT_CONTAIN) if (name.includes(c)) msgs.push(`may not contain '${c}'`);
  return msgs;
}

/** Checks a path-segment name, or a prefix of one when `prefix` is true. */
export function validatePathSegmentName(name: string, prefix: boolean): string[] {
  return prefix ? isValidPathSegmentPrefix(name) : isValidPathSegmentName(name);
}
