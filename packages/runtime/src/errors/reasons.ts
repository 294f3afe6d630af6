/**
 * Reason and code predicates (`errors.IsNotFound`, `ReasonForError`, …). As upstream, a
 * predicate also matches an error with an unknown reason and the matching HTTP code.
 *
 * @module
 */
import { StatusReason, type Status } from './status.js';
import { isStatusError } from './status-error.js';

const KNOWN_REASONS: ReadonlySet<string> = new Set(
  Object.values(StatusReason).filter((r) => r !== '' && r !== 'StorageReadError'),
);

function statusOf(err: unknown): Status | undefined {
  return isStatusError(err) ? err.status : undefined;
}

/** The Status reason of an error (`''` when it is not a StatusError or has none). */
export function reasonForError(err: unknown): string {
  return statusOf(err)?.reason ?? '';
}

/** The Status code of an error (0 when it is not a StatusError or has none). */
export function codeForError(err: unknown): number {
  return statusOf(err)?.code ?? 0;
}

function matches(err: unknown, reason: string, code: number): boolean {
  const s = statusOf(err);
  if (s === undefined) return false;
  const r = s.reason ?? '';
  if (r === reason) return true;
  return !KNOWN_REASONS.has(r) && s.code === code;
}

/** True for NotFound (or an unknown reason with 404). */
export const isNotFound = (err: unknown): boolean => matches(err, 'NotFound', 404);
/** True for AlreadyExists (reason only, as upstream). */
export const isAlreadyExists = (err: unknown): boolean => reasonForError(err) === 'AlreadyExists';
/** True for Conflict (or an unknown reason with 409). */
export const isConflict = (err: unknown): boolean => matches(err, 'Conflict', 409);
/** True for Invalid (or an unknown reason with 422). */
export const isInvalid = (err: unknown): boolean => matches(err, 'Invalid', 422);
/** True for Gone (or an unknown reason with 410). */
export const isGone = (err: unknown): boolean => matches(err, 'Gone', 410);
/** True for Expired (reason only, as upstream `IsResourceExpired`). */
export const isResourceExpired = (err: unknown): boolean => reasonForError(err) === 'Expired';
/** True for NotAcceptable (or an unknown reason with 406). */
export const isNotAcceptable = (err: unknown): boolean => matches(err, 'NotAcceptable', 406);
/** True for UnsupportedMediaType (or an unknown reason with 415). */
export const isUnsupportedMediaType = (err: unknown): boolean => matches(err, 'UnsupportedMediaType', 415);
/** True for MethodNotAllowed (or an unknown reason with 405). */
export const isMethodNotSupported = (err: unknown): boolean => matches(err, 'MethodNotAllowed', 405);
/** True for ServiceUnavailable (or an unknown reason with 503). */
export const isServiceUnavailable = (err: unknown): boolean => matches(err, 'ServiceUnavailable', 503);
/** True for BadRequest (or an unknown reason with 400). */
export const isBadRequest = (err: unknown): boolean => matches(err, 'BadRequest', 400);
/** True for Unauthorized (or an unknown reason with 401). */
export const isUnauthorized = (err: unknown): boolean => matches(err, 'Unauthorized', 401);
/** True for Forbidden (or an unknown reason with 403). */
export const isForbidden = (err: unknown): boolean => matches(err, 'Forbidden', 403);
/** True for Timeout (or an unknown reason with 504). */
export const isTimeout = (err: unknown): boolean => matches(err, 'Timeout', 504);
/** True for ServerTimeout (reason only: no HTTP code means "retry"). */
export const isServerTimeout = (err: unknown): boolean => reasonForError(err) === 'ServerTimeout';
/** True for InternalError (or an unknown reason with 500). */
export const isInternalError = (err: unknown): boolean => matches(err, 'InternalError', 500);
/** True for TooManyRequests or any 429 (upstream checks the code regardless of reason). */
export const isTooManyRequests = (err: unknown): boolean =>
  reasonForError(err) === 'TooManyRequests' || codeForError(err) === 429;
/** True for RequestEntityTooLarge or any 413 (upstream checks the code regardless of reason). */
export const isRequestEntityTooLargeError = (err: unknown): boolean =>
  reasonForError(err) === 'RequestEntityTooLarge' || codeForError(err) === 413;

/**
 * The delay a client should wait before retrying, as `SuggestsClientDelay`: the
 * `retryAfterSeconds` of a ServerTimeout (even 0) or any positive one; `undefined` otherwise.
 */
export function suggestsClientDelay(err: unknown): number | undefined {
  const s = statusOf(err);
  if (s?.details === undefined) return undefined;
  const seconds = s.details.retryAfterSeconds ?? 0;
  if (s.reason === 'ServerTimeout' || seconds > 0) return seconds;
  return undefined;
}

/** True when the error's Status has a cause of the given type (`HasStatusCause`). */
export function hasStatusCause(err: unknown, causeType: string): boolean {
  return statusOf(err)?.details?.causes?.some((c) => (c.reason ?? '') === causeType) ?? false;
}
