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

/** Nesting below which {@link deepCopy} hands the rest to structuredClone (which also copes with cycles). */
export const MAX_COPY_DEPTH = 1000;

/** Sets `out[key]` to a copied value; `__proto__` (an own property after JSON.parse) stays an own property. */
export function setCopied(out: Record<string, unknown>, key: string, v: unknown): void {
  if (key === '__proto__') Object.defineProperty(out, key, { value: v, enumerable: true, writable: true, configurable: true });
  else out[key] = v;
}

/** A copy of `value` at nesting `depth` (see {@link deepCopy}). */
export function copyValue(value: unknown, depth: number): unknown {
  if (typeof value === 'function') return structuredClone(value); // throws DataCloneError, as it always did
  if (typeof value !== 'object' || value === null) return value;
  if (depth > MAX_COPY_DEPTH) return structuredClone(value);
  if (Array.isArray(value)) {
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) out[i] = copyValue(value[i], depth + 1);
    return out;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return structuredClone(value);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    // JSON.parse makes `__proto__` an own property; assigning it would set the copy's prototype instead.
    setCopied(out, key, copyValue((value as Record<string, unknown>)[key], depth + 1));
  }
  return out;
}

/**
 * Returns a deep copy of a JSON-like object (objects handed out by stores must not alias stored state). Plain
 * objects and arrays are copied member by member (several times faster than structuredClone for API objects);
 * anything else (byte arrays, dates, class instances) is copied by structuredClone, as it was copied before.
 */
export function deepCopy<T>(obj: T): T {
  return copyValue(obj, 0) as T;
}
