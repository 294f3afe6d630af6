/**
 * `DryRunnableStorage` (generic/registry/dryrun.go): writes that, when `dryRun` is set, only read and
 * check — nothing is persisted and no resourceVersion is assigned.
 * @module
 */
import {
  checkPreconditions,
  deepCopy,
  newKeyExistsError,
  type Preconditions,
  type StorageInterface,
  type UpdateFunc,
  type ValidateObjectFunc,
} from '@apiserver/storage';
import type { ApiObject } from '../rest/types.js';

/** Wraps a StorageInterface so that create, delete and guaranteedUpdate can run as dry runs. */
export class DryRunnableStorage {
  /** The wrapped storage (reads go straight to it). */
  readonly storage: StorageInterface<ApiObject>;

  /** Wraps `storage`. */
  constructor(storage: StorageInterface<ApiObject>) {
    this.storage = storage;
  }

  /**
   * Creates `key`; a dry run fails with KeyExists if present and otherwise returns `obj` itself: nothing keeps it,
   * so the copy upstream makes into its `out` argument would only cost a deep copy of a possibly large object.
   */
  async create(key: string, obj: ApiObject, ttl: number, dryRun: boolean): Promise<ApiObject> {
    if (!dryRun) return this.storage.create(key, obj, ttl > 0 ? { ttl } : {});
    const existing = await this.storage.get(key, { ignoreNotFound: true });
    if (existing !== undefined) throw newKeyExistsError(key, 0);
    return obj;
  }

  /** Deletes `key`; a dry run reads it, checks preconditions and validation, and returns it. */
  async delete(
    key: string,
    preconditions: Preconditions | undefined,
    validateDeletion: ValidateObjectFunc<ApiObject>,
    dryRun: boolean,
  ): Promise<ApiObject> {
    if (!dryRun) return this.storage.delete(key, { ...(preconditions && { preconditions }), validateDeletion });
    const existing = await this.storage.get(key);
    if (existing === undefined) throw new TypeError('storage returned no object without ignoreNotFound');
    checkPreconditions(key, preconditions, existing);
    await validateDeletion(existing);
    return existing;
  }

  /** Read-modify-write of `key`; a dry run computes the update on a copy of the current object without writing. */
  async guaranteedUpdate(
    key: string,
    ignoreNotFound: boolean,
    preconditions: Preconditions | undefined,
    tryUpdate: UpdateFunc<ApiObject>,
    dryRun: boolean,
  ): Promise<ApiObject> {
    if (!dryRun) return this.storage.guaranteedUpdate(key, tryUpdate, { ignoreNotFound, ...(preconditions && { preconditions }) });
    const existing = await this.storage.get(key, { ignoreNotFound });
    if (existing !== undefined) checkPreconditions(key, preconditions, existing);
    const rv = existing === undefined ? 0 : Number(existing.metadata.resourceVersion ?? '0');
    // tryUpdate works on a copy of the stored object, and nothing keeps what it returns: no second copy.
    const result = await tryUpdate(existing === undefined ? undefined : deepCopy(existing), { ttl: 0, resourceVersion: rv });
    return result.object;
  }
}
