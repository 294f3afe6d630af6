/**
 * The errors of a webhook call (upstream util/webhook `ErrCallingWebhook`, `ErrWebhookRejection` and
 * webhook/errors `ToStatusErr`, `NewDryRunUnsupportedErr`).
 * @module
 */
import { goQuote, newBadRequest, type StatusDetails, StatusError } from '@apiserver/runtime';

/** The webhook could not be called or answered unusably: `failurePolicy` decides what happens. */
export class ErrCallingWebhook extends Error {
  /** The webhook's name. */
  readonly webhookName: string;
  /** What went wrong (no prefix). */
  readonly reason: string;
  /**
   * The HTTP code of upstream's Status for the failure, which the webhook metrics carry: the webhook's own answer
   * code when it answered outside 2xx, 503 when it could not be reached or answered unusably, 400 when the request
   * could not be made, 500 when no client could be built.
   */
  readonly code: number;

  /** `failed calling webhook "<name>": <reason>`. */
  constructor(webhookName: string, reason: string, code: number) {
    super(`failed calling webhook ${goQuote(webhookName)}: ${reason}`);
    this.name = 'ErrCallingWebhook';
    this.webhookName = webhookName;
    this.reason = reason;
    this.code = code;
  }
}

/** A webhook denied the request (upstream `ErrWebhookRejection`): the request fails with {@link status}. */
export class ErrWebhookRejection extends Error {
  /** The Status the request fails with ({@link toStatusErr} of the webhook's result). */
  readonly status: StatusError;

  /** Wraps the denial's Status. */
  constructor(status: StatusError) {
    super(status.message);
    this.name = 'ErrWebhookRejection';
    this.status = status;
  }
}

/** The `result` Status of an AdmissionResponse as the webhook sent it. */
export interface WebhookResultStatus {
  /** `Success`/`Failure`. */
  readonly status?: string;
  /** The denial message. */
  readonly message?: string;
  /** A machine-readable reason. */
  readonly reason?: string;
  /** Extended details. */
  readonly details?: StatusDetails;
  /** HTTP code to answer with. */
  readonly code?: number;
}

/**
 * The Status a denial answers with (1.32 `ToStatusErr`): the webhook's result with the message prefixed by
 * `admission webhook "<name>" denied the request`, a code below 400 raised to 400, and status Failure.
 */
export function toStatusErr(webhookName: string, result: WebhookResultStatus | undefined): StatusError {
  const r = result ?? {};
  const deniedBy = `admission webhook ${goQuote(webhookName)} denied the request`;
  const message =
    r.message !== undefined && r.message !== ''
      ? `${deniedBy}: ${r.message}`
      : r.reason !== undefined && r.reason !== ''
        ? `${deniedBy}: ${r.reason}`
        : `${deniedBy} without explanation`;
  const code = typeof r.code === 'number' && r.code >= 400 ? r.code : 400;
  return new StatusError({
    status: 'Failure',
    message,
    ...(r.reason !== undefined && r.reason !== '' && { reason: r.reason }),
    ...(r.details !== undefined && { details: r.details }),
    code,
  });
}

/** 400 `admission webhook "<name>" does not support dry run`. */
export function newDryRunUnsupportedErr(webhookName: string): StatusError {
  return newBadRequest(`admission webhook ${goQuote(webhookName)} does not support dry run`);
}
