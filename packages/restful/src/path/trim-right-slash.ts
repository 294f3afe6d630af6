/**
 * go-restful's package variable `TrimRightSlashEnabled` (default true, the v3.9 and
 * v3.11+ behaviour): request paths and route templates lose their trailing slash
 * before tokenizing, and route paths are joined by concatenation, not `path.Join`.
 *
 * It is read when routes are built and when requests are tokenized, so set it
 * before building routes, as in go-restful.
 */
let trimRightSlash = true;

/** Sets go-restful's `TrimRightSlashEnabled` (process-wide, default true). */
export function setTrimRightSlashEnabled(enabled: boolean): void {
  trimRightSlash = enabled;
}

/** Reports go-restful's `TrimRightSlashEnabled`. */
export function isTrimRightSlashEnabled(): boolean {
  return trimRightSlash;
}
