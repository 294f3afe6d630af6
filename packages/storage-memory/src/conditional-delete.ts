/**
 * Deletion with preconditions, validation and conflict retries (etcd3 `(*store).conditionalDelete`).
 * @module
 */
import {
  checkPreconditions,
  type DeleteOptions,
  deepCopy,
  newKeyNotFoundError,
  refreshAfterSuggestionFailure,
  type StorageObject,
} from '@apiserver/storage';
import {
  currentState,
  decodeAt,
  type ObjectState,
  optimisticDelete,
  type StorageContext,
  stateFromObject,
  stateOf,
} from './object-state.js';

const MAX_ATTEMPTS = 10_000;
const EMPTY_OBJECT = new TextEncoder().encode('{"metadata":{}}');

/** Deletes `key` once its current state passes the checks; returns that state with RV = the deletion revision. */
export async function conditionalDelete<T extends StorageObject>(
  ctx: StorageContext<T>,
  key: string,
  opts: DeleteOptions<T>,
): Promise<T> {
  if (opts.ignoreStoreReadError === true) return unsafeDelete(ctx, key, opts);
  const fresh = () => currentState(ctx, key, false);
  let orig: ObjectState<T> = opts.cachedExistingObject === undefined ? await fresh() : stateFromObject(ctx, opts.cachedExistingObject);
  let origIsCurrent = opts.cachedExistingObject === undefined;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const obj = orig.obj;
    if (obj === undefined) throw newKeyNotFoundError(key, 0);
    try {
      checkPreconditions(key, opts.preconditions, obj);
      await opts.validateDeletion?.(obj);
    } catch (err) {
      if (origIsCurrent) throw err;
      orig = await refreshAfterSuggestionFailure(err, orig, fresh);
      origIsCurrent = true;
      continue;
    }
    const txn = optimisticDelete(ctx.mvcc, key, orig.rev);
    if (!txn.succeeded) {
      orig = await stateOf(ctx, key, txn.kv, false);
      origIsCurrent = true;
      continue;
    }
    return decodeAt(ctx, orig.data, txn.revision);
  }
  throw new Error(`delete of ${key}: gave up after ${MAX_ATTEMPTS} conflicting attempts`);
}

/**
 * `ignoreStoreReadError`: delete even when the stored value cannot be read. Checks run only when the value
 * decodes; otherwise the key is removed unconditionally at the revision observed.
 */
async function unsafeDelete<T extends StorageObject>(ctx: StorageContext<T>, key: string, opts: DeleteOptions<T>): Promise<T> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const kv = ctx.mvcc.get(key);
    if (kv === undefined) throw newKeyNotFoundError(key, 0);
    let state: ObjectState<T> | undefined;
    try {
      state = await stateOf(ctx, key, kv, false);
    } catch {
      state = undefined;
    }
    if (state?.obj !== undefined) {
      checkPreconditions(key, opts.preconditions, state.obj);
      await opts.validateDeletion?.(state.obj);
    }
    const txn = optimisticDelete(ctx.mvcc, key, kv.modRevision);
    if (!txn.succeeded) continue;
    if (state?.obj !== undefined) return decodeAt(ctx, state.data, txn.revision);
    // Nothing readable was stored: answer with the caller's copy, else an object with only the deletion RV.
    const last = opts.cachedExistingObject === undefined ? decodeAt(ctx, EMPTY_OBJECT, txn.revision) : deepCopy(opts.cachedExistingObject);
    ctx.versioner.updateObject(last, txn.revision);
    return last;
  }
  throw new Error(`delete of ${key}: gave up after ${MAX_ATTEMPTS} conflicting attempts`);
}
