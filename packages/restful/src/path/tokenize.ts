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
 * Splits a path into tokens as go-restful's `tokenizePath`: `/` gives none; with
 * `TrimRightSlashEnabled` leading and trailing slashes are dropped and inner empty
 * segments kept (`/a//b` → `["a", "", "b"]`); without it only leading slashes go.
 */
export function tokenizePath(path: string, trimRightSlashEnabled = isTrimRightSlashEnabled()): string[] {
  if (path === '/') return [];
  const trimmed = trimRightSlashEnabled ? trimRight(trimLeft(path, '/'), '/') : trimLeft(path, '/');
  return trimmed.split('/');
}

/**
 * Joins a WebService root and a route sub path as go-restful's `concatPath`:
 * `trimRight(root) + "/" + trimLeft(sub)` (so `/users` + `""` is `/users/`), or
 * `path.Join` semantics when `TrimRightSlashEnabled` is off.
 */
export function concatPath(root: string, sub: string, trimRightSlashEnabled = isTrimRightSlashEnabled()): string {
  if (!trimRightSlashEnabled) return posix.join(root, sub);
  return `${trimRight(root, '/')}/${trimLeft(sub, '/')}`;
}
