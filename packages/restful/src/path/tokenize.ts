import { posix } from 'node:path';
import { isTrimRightSlashEnabled } from './trim-right-slash.js';

function trimLeft(s: string, ch: string): string {
  let i = 0;
  while (i < s.length && s[i] === ch) i++;
  return s.slice(i);
}

function trimRight(s: string, ch: string): string {
  let j = s.length;
  while (j > 0 && s[j - 1] === ch) j--;
  return s.slice(0, j);
}

/**
 * Go's `path.Join`: the non-empty elements joined by `/` and cleaned; unlike Node's
 * `posix.join`, `Clean` drops a trailing slash (`/test` + `/` is `/test`).
 */
function goPathJoin(...elements: string[]): string {
  const parts = elements.filter((element) => element !== '');
  if (parts.length === 0) return '';
  const normalized = posix.normalize(parts.join('/'));
  return normalized.length > 1 && normalized.endsWith('/') ? normalized.slice(0, -1) : normalized;
}

/**
 * Splits a path into tokens as go-restful's `tokenizePath`: `/` gives none; with
 * `TrimRightSlashEnabled` leading and trailing slashes are dropped and inner empty
 * segments kept (`/a//b` → `["a", "", "b"]`); without it only leading slashes go.
 */
export function tokenizePath(path: string, trimRightSlashEnabled = isTrimRightSlashEnabled()): string[] {
  if (path === '/') return [];
  // Hot path of every selection: index arithmetic and one slice, no intermediate strings.
  let start = 0;
  let end = path.length;
  while (start < end && path.charCodeAt(start) === 47) start++;
  if (trimRightSlashEnabled) while (end > start && path.charCodeAt(end - 1) === 47) end--;
  return (start === 0 && end === path.length ? path : path.slice(start, end)).split('/');
}

/**
 * Joins a WebService root and a route sub path as go-restful's `concatPath`:
 * `trimRight(root) + "/" + trimLeft(sub)` (so `/users` + `""` is `/users/`), or
 * `path.Join` semantics when `TrimRightSlashEnabled` is off.
 */
export function concatPath(root: string, sub: string, trimRightSlashEnabled = isTrimRightSlashEnabled()): string {
  if (!trimRightSlashEnabled) return goPathJoin(root, sub);
  return `${trimRight(root, '/')}/${trimLeft(sub, '/')}`;
}
