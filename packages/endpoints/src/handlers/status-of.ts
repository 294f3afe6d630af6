/**
 * The one mapping from anything a handler catches to the StatusError sent back (`ErrorToAPIStatus`), covering
 * the typed errors of the packages below (negotiation, scheme, storage, restful body limits).
 */
import { isServiceError } from '@apiserver/restful';
import {
  isSchemeError,
  isStatusError,
  NotAcceptableError,
  newBadRequest,
  newNotAcceptable,
  newUnknownReasonError,
  newUnsupportedMediaType,
  StatusError,
  toStatus,
  UnsupportedMediaTypeError,
} from '@apiserver/runtime';
import { isAPIError, isStorageError } from '@apiserver/storage';

/**
 * Converts any thrown value to a StatusError. What is none of the typed errors becomes what upstream's
 * ErrorToAPIStatus makes of a plain error: a 500 (409 for a storage conflict) with no reason and the message as it is.
 */
export function statusErrorOf(err: unknown): StatusError {
  if (isStatusError(err)) return err;
  if (err instanceof NotAcceptableError) return newNotAcceptable(err.accepted);
  if (err instanceof UnsupportedMediaTypeError) return newUnsupportedMediaType(err.accepted);
  if (isSchemeError(err)) return newBadRequest(err.message);
  if (isAPIError(err)) {
    return new StatusError({
      code: err.code,
      reason: err.reason,
      message: err.message,
      details: {
        ...(err.causes.length > 0 ? { causes: err.causes.map((c) => ({ reason: c.type, message: c.message })) } : {}),
        ...(err.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: err.retryAfterSeconds }),
      },
    });
  }
  if (isStorageError(err, 'ResourceVersionConflicts')) return newUnknownReasonError(err.message, 409);
  if (isServiceError(err)) return newUnknownReasonError(err.message, err.code);
  return new StatusError(toStatus(err));
}
