/**
 * API errors: the Status shape, StatusError, its factories and predicates, and `toStatus`.
 *
 * @module
 */
export {
  CauseType,
  makeStatus,
  StatusReason,
} from './status.js';
export type {
  Status,
  StatusCause,
  StatusDetails,
  StatusInit,
  StatusMetadata,
  StatusReasonValue,
  StatusValue,
} from './status.js';
export { isStatusError, StatusError } from './status-error.js';
export { groupKindString, groupResourceString } from './qualified.js';
export type { QualifiedKind, QualifiedResource } from './qualified.js';
export {
  newAlreadyExists,
  newApplyConflict,
  newBadRequest,
  newConflict,
  newForbidden,
  newGenerateNameConflict,
  newGone,
  newInternalError,
  newInvalid,
  newMethodNotSupported,
  newNotAcceptable,
  newNotFound,
  newOptimisticLockConflict,
  newRequestEntityTooLargeError,
  newResourceExpired,
  newServerTimeout,
  newServiceUnavailable,
  newTimeoutError,
  newTooManyRequests,
  newTooManyRequestsError,
  newUnauthorized,
  newUnknownReasonError,
  newUnsupportedMediaType,
  OPTIMISTIC_LOCK_ERROR_MSG,
} from './factories.js';
export type { ErrorLike } from './factories.js';
export { newGenericServerResponse } from './generic-response.js';
export type { GenericServerResponseOptions } from './generic-response.js';
export {
  codeForError,
  hasStatusCause,
  isAlreadyExists,
  isBadRequest,
  isConflict,
  isForbidden,
  isGone,
  isInternalError,
  isInvalid,
  isMethodNotSupported,
  isNotAcceptable,
  isNotFound,
  isRequestEntityTooLargeError,
  isResourceExpired,
  isServerTimeout,
  isServiceUnavailable,
  isTimeout,
  isTooManyRequests,
  isUnauthorized,
  isUnsupportedMediaType,
  reasonForError,
  suggestsClientDelay,
} from './reasons.js';
export { retryAfterHeader, toStatus } from './to-status.js';
