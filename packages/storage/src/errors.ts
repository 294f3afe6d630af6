/**
 * Storage errors (k8s.io/apiserver/pkg/storage/errors.go) and the API errors storage returns directly.
 * @module
 */

/** Codes of StorageError, as in upstream `ErrCode*` (numeric values in {@link storageErrorCodeNumbers}). */
export type StorageErrorCode =
  | 'KeyNotFound'
  | 'KeyExists'
  | 'ResourceVersionConflicts'
  | 'InvalidObj'
  | 'Unreachable'
  | 'Timeout'
  | 'CorruptObj';

/** Upstream numeric value of each StorageError code. */
export const storageErrorCodeNumbers: Readonly<Record<StorageErrorCode, number>> = {
  KeyNotFound: 1,
  KeyExists: 2,
  ResourceVersionConflicts: 3,
  InvalidObj: 4,
  Unreachable: 5,
  Timeout: 6,
  CorruptObj: 7,
};

const codeMessages: Readonly<Record<StorageErrorCode, string>> = {
  KeyNotFound: 'key not found',
  KeyExists: 'key exists',
  ResourceVersionConflicts: 'resource version conflicts',
  InvalidObj: 'invalid object',
  Unreachable: 'server unreachable',
  Timeout: 'request timeout',
  CorruptObj: 'corrupt object',
};

/** A storage-level failure with a code, the key and the resource version involved. */
export class StorageError extends Error {
  /** The error code. */
  readonly code: StorageErrorCode;
  /** The storage key the operation was about. */
  readonly key: string;
  /** The resource version involved (0 when unknown). */
  readonly resourceVersion: number;
  /** Additional detail (upstream `AdditionalErrorMsg`). */
  readonly additionalErrorMsg: string;

  /** Creates a StorageError; the message follows upstream's `StorageError.Error()` layout. */
  constructor(code: StorageErrorCode, key: string, resourceVersion = 0, additional = '', options?: ErrorOptions) {
    super(
      `StorageError: ${codeMessages[code]}, Code: ${storageErrorCodeNumbers[code]}, Key: ${key}, ResourceVersion: ${resourceVersion}, AdditionalErrorMsg: ${additional}`,
      options,
    );
    this.name = 'StorageError';
    this.code = code;
    this.key = key;
    this.resourceVersion = resourceVersion;
    this.additionalErrorMsg = additional;
  }
}

/** Creates a KeyNotFound error. */
export function newKeyNotFoundError(key: string, rv = 0): StorageError {
  return new StorageError('KeyNotFound', key, rv);
}
/** Creates a KeyExists error. */
export function newKeyExistsError(key: string, rv = 0): StorageError {
  return new StorageError('KeyExists', key, rv);
}
/** Creates a ResourceVersionConflicts error. */
export function newResourceVersionConflictsError(key: string, rv = 0): StorageError {
  return new StorageError('ResourceVersionConflicts', key, rv);
}
/** Creates an InvalidObj error (precondition failures). */
export function newInvalidObjError(key: string, msg: string): StorageError {
  return new StorageError('InvalidObj', key, 0, msg);
}
/** Creates an Unreachable error (the backend could not be reached). */
export function newUnreachableError(key: string, rv = 0, cause?: unknown): StorageError {
  return new StorageError('Unreachable', key, rv, cause instanceof Error ? cause.message : '', { cause });
}
/** Creates a Timeout error. */
export function newTimeoutError(key: string, msg: string): StorageError {
  return new StorageError('Timeout', key, 0, msg);
}
/** Creates a CorruptObj error (stored data cannot be transformed or decoded). */
export function newCorruptObjError(key: string, cause: unknown): StorageError {
  return new StorageError('CorruptObj', key, 0, cause instanceof Error ? cause.message : String(cause), { cause });
}

/** Type guard: `err` is a StorageError (optionally with the given code). */
export function isStorageError(err: unknown, code?: StorageErrorCode): err is StorageError {
  return err instanceof StorageError && (code === undefined || err.code === code);
}
/** True for KeyNotFound. */
export function isNotFound(err: unknown): boolean {
  return isStorageError(err, 'KeyNotFound');
}
/** True for KeyExists. */
export function isExist(err: unknown): boolean {
  return isStorageError(err, 'KeyExists');
}
/** True for ResourceVersionConflicts. */
export function isConflict(err: unknown): boolean {
  return isStorageError(err, 'ResourceVersionConflicts');
}
/** True for InvalidObj. */
export function isInvalidObj(err: unknown): boolean {
  return isStorageError(err, 'InvalidObj');
}
/** True for Unreachable. */
export function isUnreachable(err: unknown): boolean {
  return isStorageError(err, 'Unreachable');
}
/** True for Timeout. */
export function isRequestTimeout(err: unknown): boolean {
  return isStorageError(err, 'Timeout');
}
/** True for CorruptObj. */
export function isCorruptObject(err: unknown): boolean {
  return isStorageError(err, 'CorruptObj');
}

/** One field-level cause of an InvalidError (upstream `field.Error`). */
export interface FieldCause {
  /** Cause type, e.g. `FieldValueInvalid`. */
  type: string;
  /** Field path, e.g. `resourceVersion`. */
  field: string;
  /** The offending value. */
  badValue: string;
  /** Human readable detail. */
  detail: string;
}

/** Validation failure with field causes (from parsing resource versions). */
export class InvalidError extends Error {
  /** The field causes. */
  readonly causes: readonly FieldCause[];
  /** Creates an InvalidError from its causes. */
  constructor(causes: readonly FieldCause[]) {
    super(causes.map((c) => `${c.field}: Invalid value: ${JSON.stringify(c.badValue)}: ${c.detail}`).join(', '));
    this.name = 'InvalidError';
    this.causes = causes;
  }
}

/**
 * An internal failure (transformer/decoder errors, uninspectable objects). Its message is the reason alone, as
 * upstream's `storage.InternalError`; the registry's `Interpret*Error` make it a 500 `Internal error occurred: <reason>`.
 */
export class InternalError extends Error {
  /** Creates an InternalError wrapping a cause. */
  constructor(reason: string, options?: ErrorOptions) {
    super(reason, options);
    this.name = 'InternalError';
  }
}

/** Wraps any thrown value in an InternalError. */
export function newInternalError(cause: unknown): InternalError {
  return new InternalError(cause instanceof Error ? cause.message : String(cause), { cause });
}

/** Rejection of `create` when the object already carries a resourceVersion (upstream `ErrResourceVersionSetOnCreate`). */
export class ResourceVersionSetOnCreateError extends Error {
  /** Creates the error with the upstream message. */
  constructor() {
    super('resourceVersion should not be set on objects to be created');
    this.name = 'ResourceVersionSetOnCreateError';
  }
}

/** Readiness failure of a storage that is not initialized yet (upstream `ErrStorageNotReady`). */
export class StorageNotReadyError extends Error {
  /** Creates the error with the upstream message. */
  constructor(detail = '') {
    super(detail === '' ? 'storage not ready' : `storage not ready: ${detail}`);
    this.name = 'StorageNotReadyError';
  }
}

/**
 * Reasons of API errors that storage produces directly (metav1.StatusReason values); `''` is StatusReasonUnknown,
 * the 500 without a reason upstream answers for an etcd error it passes through unchanged.
 */
export type APIErrorReason = '' | 'Timeout' | 'Expired' | 'BadRequest' | 'TooManyRequests' | 'ServiceUnavailable';

/** A cause attached to an API error's details. */
export interface StatusCause {
  /** Machine-readable cause type. */
  type: string;
  /** Human-readable message. */
  message: string;
}

/** Construction options of an APIError. */
export interface APIErrorOptions extends ErrorOptions {
  /** Suggested client retry delay. */
  retryAfterSeconds?: number;
  /** Causes for `details.causes`. */
  causes?: StatusCause[];
  /** Continue token to put in the Status list metadata (410 recovery token). */
  continue?: string;
}

/** An error that already has an HTTP status and reason (what upstream returns as apierrors from storage). */
export class APIError extends Error {
  /** HTTP status code. */
  readonly code: number;
  /** Status reason. */
  readonly reason: APIErrorReason;
  /** Suggested retry delay, when any. */
  readonly retryAfterSeconds: number | undefined;
  /** Details causes. */
  readonly causes: readonly StatusCause[];
  /** Status `metadata.continue` (only for the inconsistent-continue 410). */
  readonly continue: string | undefined;
  /** Creates an APIError. */
  constructor(code: number, reason: APIErrorReason, message: string, options: APIErrorOptions = {}) {
    super(message, options);
    this.name = 'APIError';
    this.code = code;
    this.reason = reason;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.causes = options.causes ?? [];
    this.continue = options.continue;
  }
}

/** Cause type marking a too-large-resource-version timeout. */
export const resourceVersionTooLargeCause = 'ResourceVersionTooLarge';

/** 504 Timeout: the requested resource version is newer than storage (upstream `NewTooLargeResourceVersionError`). */
export function newTooLargeResourceVersionError(minimum: string | number, current: number, retrySeconds = 0): APIError {
  return new APIError(504, 'Timeout', `Too large resource version: ${minimum}, current: ${current}`, {
    retryAfterSeconds: retrySeconds,
    causes: [{ type: resourceVersionTooLargeCause, message: 'Too large resource version' }],
  });
}

/** 410 Expired (upstream `apierrors.NewResourceExpired`), optionally with a recovery continue token. */
export function newResourceExpiredError(message: string, continueToken?: string): APIError {
  return new APIError(410, 'Expired', message, continueToken === undefined ? {} : { continue: continueToken });
}

/** 400 BadRequest. */
export function newBadRequestError(message: string): APIError {
  return new APIError(400, 'BadRequest', message);
}

/** 429 TooManyRequests (e.g. the watch cache is (re)initializing). */
export function newTooManyRequestsError(message: string, retryAfterSeconds = 1): APIError {
  return new APIError(429, 'TooManyRequests', message, { retryAfterSeconds });
}

/** etcd's refusal of a request over its `--max-request-bytes` (`rpctypes.ErrRequestTooLarge`). */
export const requestTooLargeMessage = 'etcdserver: request is too large';
/** etcd's refusal of a write once the store is over its `--quota-backend-bytes` (`rpctypes.ErrNoSpace`). */
export const databaseSpaceExceededMessage = 'etcdserver: mvcc: database space exceeded';

/** What kube-apiserver answers when etcd refuses a too-large write: the etcd error as a 500 without a reason. */
export function newRequestTooLargeError(): APIError {
  return new APIError(500, '', requestTooLargeMessage);
}

/** What kube-apiserver answers when etcd refuses a write for lack of space: the etcd error as a 500 without a reason. */
export function newDatabaseSpaceExceededError(): APIError {
  return new APIError(500, '', databaseSpaceExceededMessage);
}

/** Message of the 410 for a list at a compacted revision. */
export const expiredListMessage = 'The resourceVersion for the provided list is too old.';
/** Message of the 410 for a watch from a compacted revision. */
export const expiredWatchMessage = 'The resourceVersion for the provided watch is too old.';
/** Message of the 410 for a continue token whose revision was compacted (the error carries a recovery token). */
export const inconsistentContinueMessage =
  'The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter, or use the continue token in this response to retrieve the remainder of the results. Continuing with the provided token results in an inconsistent list - objects that were created, modified, or deleted between the time the first chunk was returned and now may show up in the list.';

/** Type guard: `err` is an APIError (optionally with the given reason). */
export function isAPIError(err: unknown, reason?: APIErrorReason): err is APIError {
  return err instanceof APIError && (reason === undefined || err.reason === reason);
}
/** True for the 504 too-large-resource-version error. */
export function isTooLargeResourceVersion(err: unknown): boolean {
  return isAPIError(err, 'Timeout') && err.causes.some((c) => c.type === resourceVersionTooLargeCause);
}
/** True for 410 Expired. */
export function isExpired(err: unknown): boolean {
  return isAPIError(err, 'Expired');
}
/**
 * Whether storage refused a write as too large: etcd's message, or gRPC's refusal of an oversized message
 * (upstream handlers' `isTooLargeError`, which retries a create or update without managedFields).
 */
export function isRequestTooLarge(err: unknown): boolean {
  return err instanceof Error && (err.message.includes(requestTooLargeMessage) || /message larger than max/.test(err.message));
}
/** Whether storage refused a write because it is out of space (etcd's `database space exceeded`). */
export function isDatabaseSpaceExceeded(err: unknown): boolean {
  return err instanceof Error && err.message.includes(databaseSpaceExceededMessage);
}
/** True for 400 BadRequest. */
export function isBadRequest(err: unknown): boolean {
  return isAPIError(err, 'BadRequest');
}
/** True for 429 TooManyRequests. */
export function isTooManyRequests(err: unknown): boolean {
  return isAPIError(err, 'TooManyRequests');
}
/** True for InternalError. */
export function isInternalError(err: unknown): err is InternalError {
  return err instanceof InternalError;
}
/** True for InvalidError. */
export function isInvalidError(err: unknown): err is InvalidError {
  return err instanceof InvalidError;
}
