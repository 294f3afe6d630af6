/**
 * Storage errors → API StatusErrors (k8s.io/apiserver/pkg/storage/errors/storage.go `Interpret*Error`).
 * Storage's own API errors (410 Expired, 504 too-large RV, 400, 429) become StatusErrors unchanged in
 * code, reason, message and details; anything not special-cased passes through.
 * @module
 */
import {
  FieldError,
  type FieldErrorTypeValue,
  newAlreadyExists,
  newConflict,
  newInternalError,
  newInvalid,
  newNotFound,
  newServerTimeout,
  type QualifiedResource,
  StatusError,
} from '@apiserver/runtime';
import {
  APIError,
  InvalidError,
  isConflict,
  isCorruptObject,
  isExist,
  isInternalError,
  isInvalidObj,
  isNotFound,
  isRequestTimeout,
  isUnreachable,
} from '@apiserver/storage';

/** Retry delay upstream hard-codes in ServerTimeout errors from storage. */
const SERVER_TIMEOUT_RETRY_SECONDS = 2;

function apiErrorToStatusError(err: APIError): StatusError {
  return new StatusError({
    code: err.code,
    reason: err.reason,
    message: err.message,
    details: {
      causes: err.causes.map((c) => ({ reason: c.type, message: c.message })),
      ...(err.retryAfterSeconds !== undefined && { retryAfterSeconds: err.retryAfterSeconds }),
    },
  });
}

function fieldErrorsOf(err: InvalidError): FieldError[] {
  return err.causes.map((c) => new FieldError(c.type as FieldErrorTypeValue, c.field, c.badValue, c.detail));
}

function internalOrPassthrough(err: unknown): unknown {
  if (isInternalError(err) || isCorruptObject(err)) return newInternalError(err instanceof Error ? err : String(err));
  if (err instanceof APIError) return apiErrorToStatusError(err);
  return err;
}

/** Maps a storage error of a get: KeyNotFound → 404 NotFound, Unreachable → ServerTimeout, internal → 500. */
export function interpretGetError(err: unknown, resource: QualifiedResource, name: string): unknown {
  if (isNotFound(err)) return newNotFound(resource, name);
  if (isUnreachable(err)) return newServerTimeout(resource, 'get', SERVER_TIMEOUT_RETRY_SECONDS);
  return internalOrPassthrough(err);
}

/** Maps a storage error of a list: KeyNotFound → 404 (no name), Unreachable/Timeout → ServerTimeout "list". */
export function interpretListError(err: unknown, resource: QualifiedResource): unknown {
  if (isNotFound(err)) return newNotFound(resource, '');
  if (isUnreachable(err) || isRequestTimeout(err)) return newServerTimeout(resource, 'list', SERVER_TIMEOUT_RETRY_SECONDS);
  return internalOrPassthrough(err);
}

/** Maps a storage error of a create: KeyExists → 409 AlreadyExists, Unreachable → ServerTimeout "create". */
export function interpretCreateError(err: unknown, resource: QualifiedResource, name: string): unknown {
  if (isExist(err)) return newAlreadyExists(resource, name);
  if (isUnreachable(err)) return newServerTimeout(resource, 'create', SERVER_TIMEOUT_RETRY_SECONDS);
  return internalOrPassthrough(err);
}

function conflictLike(err: unknown): boolean {
  return isConflict(err) || isExist(err) || isInvalidObj(err);
}

/** Maps a storage error of an update: conflicts/exists/preconditions → 409 Conflict, KeyNotFound → 404. */
export function interpretUpdateError(err: unknown, resource: QualifiedResource, name: string): unknown {
  if (conflictLike(err)) return newConflict(resource, name, err instanceof Error ? err : String(err));
  if (isUnreachable(err)) return newServerTimeout(resource, 'update', SERVER_TIMEOUT_RETRY_SECONDS);
  if (isNotFound(err)) return newNotFound(resource, name);
  return internalOrPassthrough(err);
}

/** Maps a storage error of a delete: KeyNotFound → 404, conflicts/preconditions → 409 Conflict. */
export function interpretDeleteError(err: unknown, resource: QualifiedResource, name: string): unknown {
  if (isNotFound(err)) return newNotFound(resource, name);
  if (isUnreachable(err)) return newServerTimeout(resource, 'delete', SERVER_TIMEOUT_RETRY_SECONDS);
  if (conflictLike(err)) return newConflict(resource, name, err instanceof Error ? err : String(err));
  return internalOrPassthrough(err);
}

/** Maps a storage error of a watch: InvalidError → 422 Invalid (kind = resource, as upstream), Unreachable → ServerTimeout "watch", internal → 500. */
export function interpretWatchError(err: unknown, resource: QualifiedResource, name: string): unknown {
  if (err instanceof InvalidError) return newInvalid({ group: resource.group, kind: resource.resource }, name, fieldErrorsOf(err));
  // Upstream passes an unreachable storage through (a 500 InternalError); ServerTimeout, as for get and list, tells
  // the client to retry.
  if (isUnreachable(err)) return newServerTimeout(resource, 'watch', SERVER_TIMEOUT_RETRY_SECONDS);
  return internalOrPassthrough(err);
}
