/**
 * An optional capability of a storage backend: a read that answers without a promise when it can. A backend that
 * holds its objects in memory reads one without waiting for anything, and the promises of `get` then cost more
 * than the read; a caller on a hot path (the registry Store's GET) asks for this capability with
 * {@link hasMaybeSyncGet} and falls back to `get` when a backend (etcd3, a wrapper) does not offer it.
 * @module
 */
import type { GetOptions, StorageInterface } from './interfaces.js';
import type { StorageObject } from './object.js';

/**
 * A storage whose `get` may answer synchronously. `getMaybeSync(key, opts)` has the semantics of
 * `get(key, opts)` (same object, same errors), except how they are delivered: it returns the object (or
 * `undefined` under `ignoreNotFound`) directly, or a native `Promise` of it when the read has to wait (e.g. a
 * value transformer); an error is thrown synchronously or rejects that promise. Callers tell the two answers
 * apart with `instanceof Promise`.
 */
export interface MaybeSyncGetStorage<T extends StorageObject = StorageObject> extends StorageInterface<T> {
  /** Reads `key` as `get` does, without a promise when the object is at hand. */
  getMaybeSync(key: string, opts?: GetOptions): T | undefined | Promise<T | undefined>;
}

/** Whether `storage` offers {@link MaybeSyncGetStorage.getMaybeSync}. */
export function hasMaybeSyncGet<T extends StorageObject>(storage: StorageInterface<T>): storage is MaybeSyncGetStorage<T> {
  return typeof (storage as Partial<MaybeSyncGetStorage<T>>).getMaybeSync === 'function';
}
