/**
 * The optimistic read-modify-write loop (etcd3 `(*store).GuaranteedUpdate`).
 * @module
 */
import {
  bytesEqual,
  checkPreconditions,
  type GuaranteedUpdateOptions,
  refreshAfterSuggestionFailure,
  type StorageObject,
  type UpdateFunc,
} from '@apiserver/storage';
import {
  currentState,
  decodeAt,
  encodeForStorage,
  type ObjectState,
  optimisticPut,
  type StorageContext,
  stateFromObject,
  stateOf,
} from './object-state.js';

/** Guards against an update function that never converges under constant conflicts. */
const MAX_ATTEMPTS = 10_000;

/** Runs `tryUpdate` against the current state of `key` until a compare-and-swap write (or a no-op) succeeds. */
export async function guaranteedUpdate<T extends StorageObject>(
  ctx: StorageContext<T>,
  key: string,
  tryUpdate: UpdateFunc<T>,
  opts: GuaranteedUpdateOptions<T>,
): Promise<T> {
  const ignoreNotFound = opts.ignoreNotFound === true;
  const fresh = () => currentState(ctx, key, ignoreNotFound);
  let orig: ObjectState<T> = opts.cachedExistingObject === undefined ? await fresh() : stateFromObject(ctx, opts.cachedExistingObject);
  let origIsCurrent = opts.cachedExistingObject === undefined;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    let result: Awaited<ReturnType<UpdateFunc<T>>>;
    try {
      // A missing key is checked as an empty object, so UID/RV preconditions fail as upstream's zero object does.
      checkPreconditions(key, opts.preconditions, orig.obj ?? { metadata: {} });
      result = await tryUpdate(orig.obj, { ttl: 0, resourceVersion: orig.rev });
    } catch (err) {
      if (origIsCurrent) throw err;
      orig = await refreshAfterSuggestionFailure(err, orig, fresh);
      origIsCurrent = true;
      continue;
    }
    const data = encodeForStorage(ctx, result.object);
    if (!orig.stale && bytesEqual(data, orig.data)) {
      if (!origIsCurrent) {
        orig = await fresh();
        origIsCurrent = true;
        if (!bytesEqual(data, orig.data)) continue;
      }
      if (!orig.stale && orig.obj !== undefined) return decodeAt(ctx, orig.data, orig.rev);
    }
    const stored = await ctx.transformer.transformToStorage(data, { key });
    const txn = optimisticPut(ctx.mvcc, key, orig.rev, stored, result.ttl ?? 0);
    if (!txn.succeeded) {
      orig = await stateOf(ctx, key, txn.kv, ignoreNotFound);
      origIsCurrent = true;
      continue;
    }
    return decodeAt(ctx, data, txn.revision);
  }
  throw new Error(`guaranteedUpdate of ${key}: gave up after ${MAX_ATTEMPTS} conflicting attempts`);
}
