/**
 * List continue tokens, byte-compatible with Kubernetes (pkg/storage/continue.go).
 * @module
 */
import { InternalError, newBadRequestError } from './errors.js';
import { isPlainObject } from './object.js';
import { isPredicateEmpty, type SelectionPredicate } from './selection-predicate.js';

/** The only token encoding version Kubernetes understands. */
export const continueTokenVersion = 'meta.k8s.io/v1';

/** A decoded continue token: the absolute key to resume from and the revision to read at (-1 = latest). */
export interface DecodedContinue {
  /** Absolute key (list prefix + encoded start). */
  key: string;
  /** Revision of the first page; -1 in the 410 recovery token means "continue at latest". */
  rv: number;
}

/** Go's json.Marshal escapes HTML-significant characters and U+2028/U+2029; JSON.stringify does not. */
function goJSONString(s: string): string {
  return JSON.stringify(s).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Encodes a continue token for resuming at `key` (which must start with `keyPrefix`) at revision `rv`. */
export function encodeContinue(key: string, keyPrefix: string, rv: number): string {
  if (!key.startsWith(keyPrefix)) {
    throw new InternalError(`unable to encode next field: the last key ${JSON.stringify(key)} is not under ${JSON.stringify(keyPrefix)}`);
  }
  const start = key.slice(keyPrefix.length);
  const json = `{"v":${goJSONString(continueTokenVersion)},"rv":${rv},"start":${goJSONString(start)}}`;
  return Buffer.from(json, 'utf8').toString('base64url');
}

/** Go's path.Clean for the rooted paths used by the traversal check. */
function cleanRooted(p: string): string {
  const out: string[] = [];
  for (const seg of p.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') out.pop();
    else out.push(seg);
  }
  return `/${out.join('/')}`;
}

function invalid(msg: string): Error {
  return newBadRequestError(`invalid continue token: ${msg}`);
}

/** Decodes a continue token relative to `keyPrefix`; any defect is a 400 BadRequest "invalid continue token: …". */
export function decodeContinue(token: string, keyPrefix: string): DecodedContinue {
  if (!/^[A-Za-z0-9_-]*$/.test(token) || token.length % 4 === 1) throw invalid('invalid continue key');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    throw invalid('invalid continue key');
  }
  if (!isPlainObject(parsed)) throw invalid('invalid continue key');
  const { v, rv, start } = parsed;
  if (v !== continueTokenVersion) throw invalid('continue key is not a recognized version');
  if (typeof rv !== 'number' || !Number.isSafeInteger(rv) || typeof start !== 'string') throw invalid('invalid continue key');
  if (rv === 0) {
    throw invalid('continue key is not valid: incorrect encoded start resourceVersion (version meta.k8s.io/v1)');
  }
  if (start === '') throw invalid('continue key is not valid: encoded start key empty (version meta.k8s.io/v1)');
  const rooted = `/${start}`;
  if (cleanRooted(rooted) !== rooted) throw invalid('invalid continue key');
  return { key: keyPrefix + start, rv };
}

/** Continue token and remaining-item count of one list page. */
export interface ContinueInfo {
  /** Token for the next page (absent on the last page). */
  continue?: string;
  /** Items left after this page (only for unfiltered lists with more pages). */
  remainingItemCount?: number;
}

/**
 * Builds the paging metadata of a page (upstream `PrepareContinueToken`): if `hasMore`, a token resuming after
 * `lastKey`; `remainingItemCount = count - limit` when the predicate selects everything.
 */
export function prepareContinueToken(
  lastKey: string,
  keyPrefix: string,
  rv: number,
  count: number,
  hasMore: boolean,
  predicate: SelectionPredicate<never> | undefined,
): ContinueInfo {
  if (!hasMore) return {};
  const info: ContinueInfo = { continue: encodeContinue(`${lastKey}\x00`, keyPrefix, rv) };
  if (isPredicateEmpty(predicate)) {
    const remaining = count - (predicate?.limit ?? 0);
    if (remaining >= 0) info.remainingItemCount = remaining;
  }
  return info;
}
