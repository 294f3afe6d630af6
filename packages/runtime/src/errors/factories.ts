/**
 * Constructors for every Status reason kube-apiserver uses, worded exactly as
 * `k8s.io/apimachinery/pkg/api/errors` words them.
 *
 * @module
 */
import { goQuote, goValue } from '../validation/field/go-format.js';
import type { FieldError } from '../validation/field/errors.js';
import { aggregateMessage } from '../validation/field/errors.js';
import { groupKindString, groupResourceString, type QualifiedKind, type QualifiedResource } from './qualified.js';
import type { StatusCause } from './status.js';
import { StatusError } from './status-error.js';

/** The detail of the optimistic-concurrency conflict (`registry.OptimisticLockErrorMsg`). */
export const OPTIMISTIC_LOCK_ERROR_MSG =
  'the object has been modified; please apply your changes to the latest version and try again';

/** A cause accepted where Go takes an `error`: an Error (its message is used) or a string. */
export type ErrorLike = Error | string;

/** 404 NotFound: `<resource[.group]> "<name>" not found`. */
export function newNotFound(gr: QualifiedResource, name: string): StatusError {
  return new StatusError({
    code: 404,
    reason: 'NotFound',
    details: { group: gr.group, kind: gr.resource, name },
    message: `${groupResourceString(gr)} ${goQuote(name)} not found`,
  });
}

/** 409 AlreadyExists: `<gr> "<name>" already exists`. */
export function newAlreadyExists(gr: QualifiedResource, name: string): StatusError {
  return new StatusError({
    code: 409,
    reason: 'AlreadyExists',
    details: { group: gr.group, kind: gr.resource, name },
    message: `${groupResourceString(gr)} ${goQuote(name)} already exists`,
  });
}

/** 409 AlreadyExists for a generateName collision, with `retryAfterSeconds`. */
export function newGenerateNameConflict(gr: QualifiedResource, name: string, retryAfterSeconds: number): StatusError {
  return new StatusError({
    code: 409,
    reason: 'AlreadyExists',
    details: { group: gr.group, kind: gr.resource, name, retryAfterSeconds },
    message: `${groupResourceString(gr)} ${goQuote(name)} already exists, the server was not able to generate a unique name for the object`,
  });
}

/** 401 Unauthorized with the given message (`not authorized` when empty). */
export function newUnauthorized(reason = ''): StatusError {
  return new StatusError({ code: 401, reason: 'Unauthorized', message: reason || 'not authorized' });
}

/** 403 Forbidden: `<gr> "<name>" is forbidden: <err>` (`<gr> is forbidden: …` without a name). */
export function newForbidden(gr: QualifiedResource, name: string, err: ErrorLike): StatusError {
  const why = goValue(err);
  let message: string;
  if (gr.group === '' && gr.resource === '') message = `forbidden: ${why}`;
  else if (name === '') message = `${groupResourceString(gr)} is forbidden: ${why}`;
  else message = `${groupResourceString(gr)} ${goQuote(name)} is forbidden: ${why}`;
  return new StatusError({
    code: 403,
    reason: 'Forbidden',
    details: { group: gr.group, kind: gr.resource, name },
    message,
  });
}

/** 409 Conflict: `Operation cannot be fulfilled on <gr> "<name>": <err>`. */
export function newConflict(gr: QualifiedResource, name: string, err: ErrorLike): StatusError {
  return new StatusError({
    code: 409,
    reason: 'Conflict',
    details: { group: gr.group, kind: gr.resource, name },
    message: `Operation cannot be fulfilled on ${groupResourceString(gr)} ${goQuote(name)}: ${goValue(err)}`,
  });
}

/** 409 Conflict for a stale resourceVersion, with the upstream optimistic-lock message. */
export function newOptimisticLockConflict(gr: QualifiedResource, name: string): StatusError {
  return newConflict(gr, name, OPTIMISTIC_LOCK_ERROR_MSG);
}

/** 409 Conflict for server-side apply conflicts (`NewApplyConflict`). */
export function newApplyConflict(causes: readonly StatusCause[], message: string): StatusError {
  return new StatusError({ code: 409, reason: 'Conflict', details: { causes }, message });
}

/** 410 Gone (deprecated upstream in favour of {@link newResourceExpired}). */
export function newGone(message: string): StatusError {
  return new StatusError({ code: 410, reason: 'Gone', message });
}

/** 410 Expired: the requested resourceVersion is too old. */
export function newResourceExpired(message: string): StatusError {
  return new StatusError({ code: 410, reason: 'Expired', message });
}

/**
 * 422 Invalid: `<Kind[.group]> "<name>" is invalid: <field errors>` with one cause per
 * field error; several errors aggregate as `[a, b]`.
 */
export function newInvalid(gk: QualifiedKind, name: string, errs: readonly FieldError[]): StatusError {
  const causes = errs.map((e) => ({ reason: e.type, message: e.errorBody(), field: e.field }));
  const aggregate = aggregateMessage(errs);
  const head = `${groupKindString(gk)} ${goQuote(name)} is invalid`;
  return new StatusError({
    code: 422,
    reason: 'Invalid',
    details: { group: gk.group, kind: gk.kind, name, causes },
    message: aggregate === undefined ? head : `${head}: ${aggregate}`,
  });
}

/** 400 BadRequest with the given message and no details. */
export function newBadRequest(reason: string): StatusError {
  return new StatusError({ code: 400, reason: 'BadRequest', message: reason });
}

/** 429 TooManyRequests with `details.retryAfterSeconds` (`NewTooManyRequests`). */
export function newTooManyRequests(message: string, retryAfterSeconds: number): StatusError {
  return new StatusError({ code: 429, reason: 'TooManyRequests', message, details: { retryAfterSeconds } });
}

/** 429 TooManyRequests: `Too many requests: <message>` (`NewTooManyRequestsError`). */
export function newTooManyRequestsError(message: string): StatusError {
  return new StatusError({ code: 429, reason: 'TooManyRequests', message: `Too many requests: ${message}` });
}

/** 503 ServiceUnavailable with the given message. */
export function newServiceUnavailable(reason: string): StatusError {
  return new StatusError({ code: 503, reason: 'ServiceUnavailable', message: reason });
}

/** 405 MethodNotAllowed: `<action> is not supported on resources of kind "<gr>"`. */
export function newMethodNotSupported(gr: QualifiedResource, action: string): StatusError {
  return new StatusError({
    code: 405,
    reason: 'MethodNotAllowed',
    details: { group: gr.group, kind: gr.resource },
    message: `${action} is not supported on resources of kind ${goQuote(groupResourceString(gr))}`,
  });
}

/** 500 ServerTimeout: `The <op> operation against <gr> could not be completed at this time, please try again.` */
export function newServerTimeout(gr: QualifiedResource, operation: string, retryAfterSeconds: number): StatusError {
  return new StatusError({
    code: 500,
    reason: 'ServerTimeout',
    details: { group: gr.group, kind: gr.resource, name: operation, retryAfterSeconds },
    message: `The ${operation} operation against ${groupResourceString(gr)} could not be completed at this time, please try again.`,
  });
}

/** 500 InternalError: `Internal error occurred: <err>`, with the message as the one cause. */
export function newInternalError(err: ErrorLike): StatusError {
  const msg = goValue(err);
  return new StatusError({
    code: 500,
    reason: 'InternalError',
    details: { causes: [{ message: msg }] },
    message: `Internal error occurred: ${msg}`,
  });
}

/**
 * `code` (500 unless given) with no reason (StatusReasonUnknown) and `message` as it is: the Status ErrorToAPIStatus
 * makes of an error that is not a Status, i.e. where upstream code returns a plain Go error (the field manager's
 * typed-object failures, an uninterpreted storage error; 409 for a storage conflict).
 */
export function newUnknownReasonError(message: string, code = 500): StatusError {
  return new StatusError({ code, message });
}

/** 504 Timeout: `Timeout: <message>` with `details.retryAfterSeconds`. */
export function newTimeoutError(message: string, retryAfterSeconds: number): StatusError {
  return new StatusError({
    code: 504,
    reason: 'Timeout',
    message: `Timeout: ${message}`,
    details: { retryAfterSeconds },
  });
}

/** 413 RequestEntityTooLarge: `Request entity too large: <message>`. */
export function newRequestEntityTooLargeError(message: string): StatusError {
  return new StatusError({
    code: 413,
    reason: 'RequestEntityTooLarge',
    message: `Request entity too large: ${message}`,
  });
}

/** 406 NotAcceptable: `only the following media types are accepted: a, b` (negotiation). */
export function newNotAcceptable(accepted: readonly string[]): StatusError {
  return new StatusError({
    code: 406,
    reason: 'NotAcceptable',
    message: `only the following media types are accepted: ${accepted.join(', ')}`,
  });
}

/** 415 UnsupportedMediaType: `the body of the request was in an unknown format - accepted media types include: …`. */
export function newUnsupportedMediaType(accepted: readonly string[]): StatusError {
  return new StatusError({
    code: 415,
    reason: 'UnsupportedMediaType',
    message: `the body of the request was in an unknown format - accepted media types include: ${accepted.join(', ')}`,
  });
}
