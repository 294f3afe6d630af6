/**
 * The one mapping from anything thrown to the Status sent to the client
 * (`responsewriters.ErrorToAPIStatus`).
 *
 * @module
 */
import { newUnknownReasonError } from './factories.js';
import { makeStatus, type Status } from './status.js';
import { isStatusError } from './status-error.js';

function messageOf(value: unknown): string {
  if (value instanceof Error) return value.message;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (typeof value === 'object' && value !== null && 'message' in value && typeof value.message === 'string') {
    return value.message;
  }
  return 'unknown error';
}

/**
 * Maps any thrown value to a Status. A StatusError gives its own Status (a Failure without a
 * code becomes 500, a Success without one 200); anything else becomes what upstream makes of an error that is not a
 * Status: a 500 Failure with no reason (StatusReasonUnknown) and the error's message as it is. Only the message is
 * used: stacks never leak.
 */
export function toStatus(err: unknown): Status {
  if (isStatusError(err)) {
    const s = err.status;
    const status = s.status ?? 'Failure';
    const code = s.code ? s.code : status === 'Success' ? 200 : 500;
    return makeStatus({ ...s, status, code });
  }
  return newUnknownReasonError(messageOf(err)).status;
}

/** The `Retry-After` header value for a Status (its `details.retryAfterSeconds`), if any. */
export function retryAfterHeader(status: Status): string | undefined {
  const seconds = status.details?.retryAfterSeconds;
  return seconds !== undefined && seconds > 0 ? String(seconds) : undefined;
}
