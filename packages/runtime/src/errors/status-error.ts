/**
 * `StatusError`: an `Error` carrying the `v1` Status the API server answers with
 * (`k8s.io/apimachinery/pkg/api/errors.StatusError`).
 *
 * @module
 */
import { makeStatus, type Status, type StatusInit } from './status.js';

/** An API error holding the Status object to send to the client; `message` is the Status message. */
export class StatusError extends Error {
  /** The Status (`ErrStatus` in Go), in Go's JSON field order. */
  readonly status: Status;

  /** Wraps a Status (or the fields of one; missing `status` defaults to `Failure`). */
  constructor(status: StatusInit) {
    const normalized = makeStatus(status);
    super(normalized.message ?? '');
    this.name = 'StatusError';
    this.status = normalized;
  }

  /** The HTTP status code (500 when the Status has none, as `ErrorToAPIStatus`). */
  get code(): number {
    return this.status.code ?? 500;
  }

  /** The Status reason (`''` when unknown). */
  get reason(): string {
    return this.status.reason ?? '';
  }
}

/** Type guard for {@link StatusError}, also recognising instances from another copy of this module. */
export function isStatusError(value: unknown): value is StatusError {
  if (value instanceof StatusError) return true;
  if (!(value instanceof Error) || value.name !== 'StatusError' || !('status' in value)) return false;
  const s: unknown = value.status;
  return typeof s === 'object' && s !== null && 'kind' in s && s.kind === 'Status';
}
