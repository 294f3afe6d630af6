/**
 * The minimal structural shape of what storage persists: a JSON-like object with `metadata`.
 * @module
 */

/** Object metadata fields the storage layer reads or writes (a structural subset of ObjectMeta). */
export interface StorageObjectMeta {
  /** Object name, unique within its namespace. */
  name?: string;
  /** Prefix used by the server to generate a name. */
  generateName?: string;
  /** Namespace of namespaced objects. */
  namespace?: string;
  /** Unique id assigned at creation. */
  uid?: string;
  /** Opaque decimal string set by storage from the revision of the last write. */
  resourceVersion?: string;
  /** Legacy link; never persisted. */
  selfLink?: string;
  /** Sequence number of spec changes. */
  generation?: number;
  /** RFC 3339 creation time. */
  creationTimestamp?: string;
  /** RFC 3339 time after which the object is being deleted. */
  deletionTimestamp?: string;
  /** Grace period of a pending deletion. */
  deletionGracePeriodSeconds?: number;
  /** Key/value labels matched by label selectors. */
  labels?: Record<string, string>;
  /** Key/value annotations. */
  annotations?: Record<string, string>;
  /** Finalizers blocking deletion. */
  finalizers?: string[];
}

/** Any object storage can hold: plain JSON with `metadata` (extra fields are carried through). */
export interface StorageObject {
  /** API version of the object, if known. */
  apiVersion?: string;
  /** Kind of the object, if known. */
  kind?: string;
  /** The object metadata. */
  metadata: StorageObjectMeta;
}

/** Type guard: `value` is a non-null, non-array object. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Type guard: `value` looks like a StorageObject (an object whose `metadata` is an object). */
export function isStorageObject(value: unknown): value is StorageObject {
  return isPlainObject(value) && isPlainObject(value['metadata']);
}

/** Returns a deep copy of a JSON-like object (objects handed out by stores must not alias stored state). */
export function deepCopy<T>(obj: T): T {
  return structuredClone(obj);
}
