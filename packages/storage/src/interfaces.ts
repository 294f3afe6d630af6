/**
 * The storage contract (k8s.io/apiserver/pkg/storage/interfaces.go, 1.32 method set, Promise-based).
 * @module
 */
import { newInvalidObjError } from './errors.js';
import type { StorageObject } from './object.js';
import type { SelectionPredicate } from './selection-predicate.js';
import type { Versioner } from './versioner.js';
import type { Watch } from './watch.js';

/** How a list's resourceVersion is interpreted (`""` = legacy rules). */
export type ResourceVersionMatch = '' | 'NotOlderThan' | 'Exact';

/** Conditions an object must meet before it is updated or deleted. */
export interface Preconditions {
  /** Required `metadata.uid`. */
  uid?: string;
  /** Required `metadata.resourceVersion` (string compare). */
  resourceVersion?: string;
}

/** Throws an InvalidObj StorageError if `obj` does not meet `preconditions` (absent preconditions pass). */
export function checkPreconditions(key: string, preconditions: Preconditions | undefined, obj: StorageObject): void {
  if (preconditions === undefined) return;
  const meta = obj.metadata;
  if (preconditions.uid !== undefined && preconditions.uid !== meta.uid) {
    throw newInvalidObjError(key, `Precondition failed: UID in precondition: ${preconditions.uid}, UID in object meta: ${meta.uid ?? ''}`);
  }
  if (preconditions.resourceVersion !== undefined && preconditions.resourceVersion !== (meta.resourceVersion ?? '')) {
    throw newInvalidObjError(
      key,
      `Precondition failed: ResourceVersion in precondition: ${preconditions.resourceVersion}, ResourceVersion in object meta: ${meta.resourceVersion ?? ''}`,
    );
  }
}

/** Options of `get`. */
export interface GetOptions {
  /** Return `undefined` instead of throwing KeyNotFound. */
  ignoreNotFound?: boolean;
  /** Minimum resource version ("not older than"); "" = latest, "0" = any. */
  resourceVersion?: string;
  /**
   * The caller only reads the result: the storage may hand out a shared, deep-frozen object (`isSharedObject`)
   * instead of a private copy. Storages that cannot share objects ignore it.
   */
  readOnly?: boolean;
}

/** Options of `getList`, `watch` and (partly) `count`. */
export interface ListOptions<T extends StorageObject = StorageObject> {
  /** Resource version ("" = latest/consistent, "0" = any, N). */
  resourceVersion?: string;
  /** How `resourceVersion` is matched (lists only). */
  resourceVersionMatch?: ResourceVersionMatch;
  /** Filtering, paging and bookmark options. */
  predicate?: SelectionPredicate<T>;
  /** Treat the key as a prefix (a trailing `/` is added) instead of an exact key. */
  recursive?: boolean;
  /** Watch only: ask the backend for periodic progress BOOKMARKs (internal, used by the cacher). */
  progressNotify?: boolean;
  /** Watch only: `true` = initial ADDED events (+ end bookmark), `false` = none, absent = legacy rules. */
  sendInitialEvents?: boolean;
  /** Cancels the call; for a watch, aborting ends it like `stop()`. */
  signal?: AbortSignal;
  /**
   * Watch only: when the caller ends the watch, in milliseconds since the epoch (Go's context deadline). A watcher
   * that wants bookmarks then gets one 2 s before it, as upstream's cacheWatcher sends, so that a short watch ends
   * with a fresh bookmark instead of none.
   */
  deadline?: number;
  /**
   * `getList` only: the caller only reads the items, which may then be shared, deep-frozen objects
   * (`isSharedObject`) instead of private copies. Storages that cannot share objects ignore it.
   */
  readOnly?: boolean;
}

/** Options of `create`. */
export interface CreateOptions {
  /** Time to live in seconds (0/absent = forever). */
  ttl?: number;
}

/** Validates an object right before deletion; throw to refuse. */
export type ValidateObjectFunc<T extends StorageObject = StorageObject> = (obj: T) => void | Promise<void>;

/** Options of `delete`. */
export interface DeleteOptions<T extends StorageObject = StorageObject> {
  /** Conditions on the current object. */
  preconditions?: Preconditions;
  /** Extra validation of the current object (called again after a conflict). */
  validateDeletion?: ValidateObjectFunc<T>;
  /** A possibly stale copy of the current object (a suggestion the store verifies; read-only: it may be frozen, the store copies it before any change). */
  cachedExistingObject?: T;
  /** Delete even if the stored value cannot be transformed/decoded (the output is then the last known object or absent). */
  ignoreStoreReadError?: boolean;
}

/** Metadata passed to an update function about the state being updated. */
export interface ResponseMeta {
  /** Remaining TTL in seconds (0 if unknown/none; the etcd3 store never fills it). */
  ttl: number;
  /** Revision of the input object (0 when it does not exist). */
  resourceVersion: number;
}

/** What an update function returns: the new object and an optional TTL (absent/0 = no TTL). */
export interface UpdateResult<T extends StorageObject = StorageObject> {
  /** The desired object. */
  object: T;
  /** TTL in seconds for the written object (absent or 0 drops any TTL). */
  ttl?: number;
}

/**
 * Computes the new object from the current one (`undefined` when the key is missing and `ignoreNotFound`
 * was set); may be called several times; throw to abort.
 */
export type UpdateFunc<T extends StorageObject = StorageObject> = (
  current: T | undefined,
  meta: ResponseMeta,
) => UpdateResult<T> | Promise<UpdateResult<T>>;

/** Wraps an object-only update function into an UpdateFunc without TTL (upstream `SimpleUpdate`). */
export function simpleUpdate<T extends StorageObject>(fn: (current: T | undefined) => T | Promise<T>): UpdateFunc<T> {
  return async (current) => ({ object: await fn(current) });
}

/** Options of `guaranteedUpdate`. */
export interface GuaranteedUpdateOptions<T extends StorageObject = StorageObject> {
  /** Call the update function with `undefined` (create) instead of throwing KeyNotFound. */
  ignoreNotFound?: boolean;
  /** Conditions on the current object. */
  preconditions?: Preconditions;
  /** A possibly stale copy of the current object (a suggestion the store verifies before relying on it; read-only: it may be frozen, the store copies it before any change). */
  cachedExistingObject?: T;
}

/** One page of a list. */
export interface ListResult<T extends StorageObject = StorageObject> {
  /** Matching objects in key order (never absent). */
  items: T[];
  /** Revision the list was read at (decimal, never "0"). */
  resourceVersion: string;
  /** Token for the next page. */
  continue?: string;
  /** Objects after this page (only for unfiltered paged lists). */
  remainingItemCount?: number;
}

/** A storage backend (upstream `storage.Interface`); keys are resource paths like `/pods/ns/name`. */
export interface StorageInterface<T extends StorageObject = StorageObject> {
  /** The versioner used to read and set resource versions. */
  readonly versioner: Versioner;
  /** Creates `key`; throws KeyExists if present, ResourceVersionSetOnCreateError if `obj` has an RV; returns the stored object with its RV. */
  create(key: string, obj: T, opts?: CreateOptions): Promise<T>;
  /** Deletes `key` (preconditions, validation, retries on conflict); returns the last state with RV = deletion revision. */
  delete(key: string, opts?: DeleteOptions<T>): Promise<T>;
  /** Watches `key` (or the prefix `key/` when recursive) from the resource version in `opts`. */
  watch(key: string, opts?: ListOptions<T>): Promise<Watch<T>>;
  /** Reads `key`; throws KeyNotFound unless `ignoreNotFound` (then `undefined`). */
  get(key: string, opts?: GetOptions): Promise<T | undefined>;
  /** Lists `key` (exact) or `key/` (recursive) with predicate, paging and RV match rules. */
  getList(key: string, opts?: ListOptions<T>): Promise<ListResult<T>>;
  /** Read-modify-write loop with optimistic concurrency; no-op updates do not write; returns the resulting object. */
  guaranteedUpdate(key: string, tryUpdate: UpdateFunc<T>, opts?: GuaranteedUpdateOptions<T>): Promise<T>;
  /** Number of objects under the prefix `key/`. */
  count(key: string): Promise<number>;
  /** Resolves when the storage can serve requests; rejects with StorageNotReadyError otherwise. */
  readinessCheck(): Promise<void>;
  /** Asks the backend to emit progress BOOKMARKs on `progressNotify` watches. */
  requestWatchProgress(): Promise<void>;
  /** The current global revision of the backend as a decimal string (> "0"). */
  getCurrentResourceVersion(): Promise<string>;
}
