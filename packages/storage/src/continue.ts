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

/** Upstream's `ErrGenericInvalidKey`, the start of every other message but one. */
const NOT_VALID = 'continue key is not valid';

/** A token of the base64url alphabet only (every token this server hands out). */
const BASE64URL = /^[A-Za-z0-9_-]*$/;

/**
 * The offset Go's `base64.RawURLEncoding.DecodeString` reports for a token it cannot decode (`illegal base64 data
 * at input byte N`), or -1: the first character outside the alphabet (line breaks are skipped), else the last one
 * when a single character is left over.
 */
function base64Defect(token: string): number {
  if (BASE64URL.test(token)) return token.length % 4 === 1 ? token.length - 1 : -1;
  let significant = 0;
  for (let i = 0; i < token.length; i++) {
    const c = token[i] as string;
    if (c === '\n' || c === '\r') continue;
    if (!/[A-Za-z0-9_-]/.test(c)) return i;
    significant++;
  }
  return significant % 4 === 1 ? token.length - 1 : -1;
}

/** Go's kind of a JSON value in an `UnmarshalTypeError` (`number 1.5` when it does not fit an int64). */
function goValueKind(v: unknown): string {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? 'number' : `number ${v}`;
  if (Array.isArray(v)) return 'array';
  return typeof v === 'object' ? 'object' : typeof v === 'boolean' ? 'bool' : typeof v;
}

/**
 * The token's fields as Go's json.Unmarshal fills upstream's `continueToken` (keys matched case-insensitively, the
 * first type mismatch reported after the rest is read), or the message of its error.
 */
function tokenFields(parsed: unknown): { v: string; rv: number; start: string } | string {
  if (!isPlainObject(parsed)) {
    return parsed === null ? { v: '', rv: 0, start: '' } : `json: cannot unmarshal ${goValueKind(parsed)} into Go value of type storage.continueToken`;
  }
  const fields = { v: '', rv: 0, start: '' };
  let mismatch: string | undefined;
  for (const [key, value] of Object.entries(parsed)) {
    const name = key.toLowerCase();
    if (name !== 'v' && name !== 'rv' && name !== 'start') continue;
    if (value === null) continue;
    const fits = name === 'rv' ? typeof value === 'number' && Number.isSafeInteger(value) : typeof value === 'string';
    if (fits) Object.assign(fields, { [name]: value });
    else mismatch ??= `json: cannot unmarshal ${goValueKind(value)} into Go struct field continueToken.${name} of type ${name === 'rv' ? 'int64' : 'string'}`;
  }
  return mismatch ?? fields;
}

/**
 * Decodes a continue token relative to `keyPrefix` (upstream `DecodeContinue`); any defect is a 400 BadRequest
 * `invalid continue token: …` with upstream's message. A token that is base64 but not JSON is named by V8's
 * message where Go's scanner names the first bad character (the storage package has no Go JSON scanner).
 */
export function decodeContinue(token: string, keyPrefix: string): DecodedContinue {
  const defect = base64Defect(token);
  if (defect >= 0) throw invalid(`${NOT_VALID}: illegal base64 data at input byte ${defect}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch (err) {
    throw invalid(`${NOT_VALID}: ${err instanceof Error ? err.message : String(err)}`);
  }
  const fields = tokenFields(parsed);
  if (typeof fields === 'string') throw invalid(`${NOT_VALID}: ${fields}`);
  const { v, rv, start } = fields;
  if (v !== continueTokenVersion) throw invalid(`${NOT_VALID}: server does not recognize this encoded version ${v}`);
  if (rv === 0) throw invalid(`${NOT_VALID}: incorrect encoded start resourceVersion (version meta.k8s.io/v1)`);
  if (start === '') throw invalid(`${NOT_VALID}: encoded start key empty (version meta.k8s.io/v1)`);
  const rooted = start.startsWith('/') ? start : `/${start}`;
  if (cleanRooted(rooted) !== rooted) throw invalid(`${NOT_VALID}: ${start}`);
  return { key: keyPrefix + rooted.slice(1), rv };
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
