/**
 * The `metav1.Status` wire shape, as kube-apiserver returns it for every failed request.
 *
 * Property order in these interfaces is the order Go's `encoding/json` emits, and the
 * builders in this module create objects in that order, so `JSON.stringify` matches the
 * Go bytes. Optional properties are the ones Go tags `omitempty`: they are absent, never
 * `undefined`, `""` or `0`, in objects this module builds.
 *
 * @module
 */

/** `status` of a Status: `Success` or `Failure` (`metav1.StatusSuccess`/`StatusFailure`). */
export type StatusValue = 'Success' | 'Failure';

/** Machine-readable reasons of a failed request, as `metav1.StatusReason` constants. */
export const StatusReason = {
  /** Unknown: the server did not say (non-Status errors). */
  Unknown: '',
  /** 401: the client must authenticate. */
  Unauthorized: 'Unauthorized',
  /** 403: the client may not perform the action. */
  Forbidden: 'Forbidden',
  /** 404: the resource does not exist. */
  NotFound: 'NotFound',
  /** 409: the resource being created already exists. */
  AlreadyExists: 'AlreadyExists',
  /** 409: the update conflicts (optimistic concurrency). */
  Conflict: 'Conflict',
  /** 410: the resource is gone and no forwarding address is known. */
  Gone: 'Gone',
  /** 422: the object failed validation; `details.causes` lists the fields. */
  Invalid: 'Invalid',
  /** 500 with retry: the server could not finish in time, the client should retry. */
  ServerTimeout: 'ServerTimeout',
  /** 504: the request did not complete within the allotted time. */
  Timeout: 'Timeout',
  /** 429: too many requests; `details.retryAfterSeconds` says when to retry. */
  TooManyRequests: 'TooManyRequests',
  /** 400: the request itself is malformed. */
  BadRequest: 'BadRequest',
  /** 405: the action is not supported on the resource. */
  MethodNotAllowed: 'MethodNotAllowed',
  /** 406: none of the Accept media types can be produced. */
  NotAcceptable: 'NotAcceptable',
  /** 413: the request body is too large. */
  RequestEntityTooLarge: 'RequestEntityTooLarge',
  /** 415: the Content-Type of the body is not understood. */
  UnsupportedMediaType: 'UnsupportedMediaType',
  /** 500: an internal error occurred. */
  InternalError: 'InternalError',
  /** 410: the requested content (a resourceVersion) has expired. */
  Expired: 'Expired',
  /** 503: the server is temporarily unable to handle the request. */
  ServiceUnavailable: 'ServiceUnavailable',
  /** 500: a stored object could not be read (corrupt data). */
  StorageReadError: 'StorageReadError',
} as const;

/** One of the {@link StatusReason} values (or any other reason string a server may send). */
export type StatusReasonValue = (typeof StatusReason)[keyof typeof StatusReason];

/** Machine-readable cause types of `details.causes[].reason` (`metav1.CauseType`). */
export const CauseType = {
  /** A referenced value was not found. */
  FieldValueNotFound: 'FieldValueNotFound',
  /** A required value is missing. */
  FieldValueRequired: 'FieldValueRequired',
  /** A value that must be unique is duplicated. */
  FieldValueDuplicate: 'FieldValueDuplicate',
  /** A value is malformed. */
  FieldValueInvalid: 'FieldValueInvalid',
  /** A value is not one of the supported values. */
  FieldValueNotSupported: 'FieldValueNotSupported',
  /** A value is valid but not permitted here. */
  FieldValueForbidden: 'FieldValueForbidden',
  /** A value is too long. */
  FieldValueTooLong: 'FieldValueTooLong',
  /** A list has too many items. */
  FieldValueTooMany: 'FieldValueTooMany',
  /** A value is too short. */
  FieldValueTooShort: 'FieldValueTooShort',
  /** A list has too few items. */
  FieldValueTooFew: 'FieldValueTooFew',
  /** A value has the wrong type. */
  FieldValueTypeInvalid: 'FieldValueTypeInvalid',
  /** An internal error unrelated to user input. */
  InternalError: 'InternalError',
  /** The server response was not a Status (client side). */
  UnexpectedServerResponse: 'UnexpectedServerResponse',
  /** A server-side apply field manager conflict. */
  FieldManagerConflict: 'FieldManagerConflict',
  /** The requested resourceVersion is newer than the server has. */
  ResourceVersionTooLarge: 'ResourceVersionTooLarge',
} as const;

/** One cause of a failure (`metav1.StatusCause`); JSON names `reason`, `message`, `field`. */
export interface StatusCause {
  /** The cause type (a {@link CauseType} value); omitted when empty. */
  readonly reason?: string;
  /** Human-readable description of the cause; omitted when empty. */
  readonly message?: string;
  /** The field path of the cause, e.g. `metadata.name`; omitted when empty. */
  readonly field?: string;
}

/** Extended data about a failure (`metav1.StatusDetails`). */
export interface StatusDetails {
  /** The name of the resource concerned; omitted when empty. */
  readonly name?: string;
  /** The API group of the resource; omitted when empty (the core group). */
  readonly group?: string;
  /** The resource plural (NotFound, Conflict…) or the Kind (Invalid); omitted when empty. */
  readonly kind?: string;
  /** The UID of the resource; omitted when empty. */
  readonly uid?: string;
  /** The individual causes; omitted when empty. */
  readonly causes?: readonly StatusCause[];
  /** Seconds the client should wait before retrying; omitted when 0. */
  readonly retryAfterSeconds?: number;
}

/** The (always empty here) list metadata of a Status; Go serializes it as `{}`. */
export type StatusMetadata = Readonly<Record<string, never>>;

/** A `v1` Status object, in Go's JSON field order. */
export interface Status {
  /** Always `Status`. */
  readonly kind: 'Status';
  /** Always `v1`. */
  readonly apiVersion: 'v1';
  /** Always `{}` (Go's `ListMeta` struct is never omitted). */
  readonly metadata: StatusMetadata;
  /** `Success` or `Failure`; omitted when empty. */
  readonly status?: StatusValue;
  /** Human-readable description; omitted when empty. */
  readonly message?: string;
  /** Machine-readable reason; omitted when empty (Unknown). */
  readonly reason?: string;
  /** Extended data; present (possibly `{}`) when the constructor sets it. */
  readonly details?: StatusDetails;
  /** The HTTP status code; omitted when 0. */
  readonly code?: number;
}

/** The fields a caller supplies to build a Status; `kind`, `apiVersion` and `metadata` are implied. */
export interface StatusInit {
  /** `Success` or `Failure` (default `Failure`). */
  readonly status?: StatusValue;
  /** Human-readable description. */
  readonly message?: string;
  /** Machine-readable reason. */
  readonly reason?: string;
  /** Extended data; pass `{}` to emit `"details":{}`. */
  readonly details?: StatusDetails;
  /** The HTTP status code. */
  readonly code?: number;
}

function normalizeCause(cause: StatusCause): StatusCause {
  return {
    ...(cause.reason ? { reason: cause.reason } : {}),
    ...(cause.message ? { message: cause.message } : {}),
    ...(cause.field ? { field: cause.field } : {}),
  };
}

function normalizeDetails(d: StatusDetails): StatusDetails {
  return {
    ...(d.name ? { name: d.name } : {}),
    ...(d.group ? { group: d.group } : {}),
    ...(d.kind ? { kind: d.kind } : {}),
    ...(d.uid ? { uid: d.uid } : {}),
    ...(d.causes && d.causes.length > 0 ? { causes: d.causes.map(normalizeCause) } : {}),
    ...(d.retryAfterSeconds ? { retryAfterSeconds: d.retryAfterSeconds } : {}),
  };
}

/**
 * Builds a Status with Go's field order and `omitempty` rules (empty strings, 0 and empty
 * cause lists are dropped; `details`, when given, is kept even if it ends up `{}`).
 */
export function makeStatus(init: StatusInit): Status {
  return {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: init.status ?? 'Failure',
    ...(init.message ? { message: init.message } : {}),
    ...(init.reason ? { reason: init.reason } : {}),
    ...(init.details ? { details: normalizeDetails(init.details) } : {}),
    ...(init.code ? { code: init.code } : {}),
  };
}
