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
  newInternalError,
  newNotAcceptable,
  newUnsupportedMediaType,
  StatusError,
  UnsupportedMediaTypeError,
} from '@apiserver/runtime';
import { isAPIError, isStorageError } from '@apiserver/storage';

/** Converts any thrown value to a StatusError (non-API errors become 500 InternalError). */
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
  if (isStorageError(err, 'ResourceVersionConflicts')) return new StatusError({ code: 409, reason: 'Conflict', message: err.message });
  if (isServiceError(err)) return new StatusError({ code: err.code, message: err.message });
  return newInternalError(err instanceof Error ? err : String(err));
}
