/**
 * The Store's delete flow (generic/registry/store.go `Delete`, `updateForGracefulDeletionAndFinalizers`,
 * `markAsDeleting`, `finalizeDelete`, `deleteWithoutFinalizers`).
 * @module
 */
import { type DeleteOptions, makeStatus, nowTime } from '@apiserver/runtime';
import { deepCopy, isNotFound, type Preconditions } from '@apiserver/storage';
import { beforeDelete } from '../rest/delete.js';
import type { DeleteResult } from '../rest/rest.js';
import type { ApiObject, RequestContext, ValidateObjectFunc } from '../rest/types.js';
import { deletionFinalizersForGarbageCollection } from './gc-finalizers.js';
import type { StoreCore } from './store-core.js';
import { dryRunOf } from './store-create.js';
import { interpretDeleteError, interpretUpdateError } from './storage-errors.js';

class DeleteNow extends Error {}
class AlreadyDeleting extends Error {}

const allowAll: ValidateObjectFunc = () => undefined;

/** Marks an object whose finalizers block deletion: generation bump, deletionTimestamp now (unless earlier), grace 0. */
export function markAsDeleting(obj: ApiObject, now: number): void {
  const meta = obj.metadata;
  if (meta.deletionTimestamp === undefined && (meta.generation ?? 0) > 0) meta.generation = (meta.generation ?? 0) + 1;
  const existing = meta.deletionTimestamp === undefined ? Number.NaN : Date.parse(meta.deletionTimestamp);
  if (Number.isNaN(existing) || existing > now) meta.deletionTimestamp = nowTime(() => now);
  meta.deletionGracePeriodSeconds = 0;
}

/** The DELETE answer: the object when `returnDeletedObject`, else a Success Status naming it. */
export function finalizeDelete(core: StoreCore, ctx: RequestContext, obj: ApiObject): ApiObject | ReturnType<typeof makeStatus> {
  if (core.options.returnDeletedObject === true) return core.decorate(obj);
  const resource = core.qualifiedResource(ctx);
  return makeStatus({
    status: 'Success',
    details: { name: obj.metadata.name ?? '', group: resource.group, kind: resource.resource, uid: obj.metadata.uid ?? '' },
  });
}

function toPreconditions(options: DeleteOptions): Preconditions {
  const p = options.preconditions;
  return {
    ...(p?.uid !== undefined && { uid: p.uid }),
    ...(p?.resourceVersion !== undefined && { resourceVersion: p.resourceVersion }),
  };
}

interface GracefulOutcome {
  deleteImmediately: boolean;
  ignoreNotFound: boolean;
  out?: ApiObject | ReturnType<typeof makeStatus>;
  written?: ApiObject;
  lastExisting?: ApiObject;
}

async function updateForGracefulDeletionAndFinalizers(
  core: StoreCore,
  ctx: RequestContext,
  name: string,
  key: string,
  options: DeleteOptions,
  preconditions: Preconditions,
  deleteValidation: ValidateObjectFunc,
  current: ApiObject,
): Promise<GracefulOutcome> {
  const strategy = core.options.strategies.delete;
  let lastGraceful = 0;
  let pendingFinalizers = false;
  let lastExisting: ApiObject | undefined;
  try {
    const written = await core.storage.guaranteedUpdate(
      key,
      false,
      preconditions,
      async (existing) => {
        if (existing === undefined) throw new TypeError('guaranteedUpdate passed no object without ignoreNotFound');
        await deleteValidation(ctx, existing);
        const decision = beforeDelete(strategy, ctx, existing, options, core.kind, core.clock);
        if (decision.gracefulPending) throw new AlreadyDeleting();
        const gc = deletionFinalizersForGarbageCollection(core.enableGarbageCollection, strategy, ctx, existing.metadata, options);
        if (gc.needsUpdate) existing.metadata.finalizers = gc.finalizers;
        pendingFinalizers = (existing.metadata.finalizers ?? []).length > 0;
        if (!decision.graceful) {
          if (!pendingFinalizers) throw new DeleteNow();
          markAsDeleting(existing, core.clock());
          return { object: existing };
        }
        lastGraceful = options.gracePeriodSeconds ?? 0;
        lastExisting = existing;
        return { object: existing };
      },
      dryRunOf(ctx, options.dryRun),
    );
    const kept = pendingFinalizers || lastGraceful > 0;
    return { deleteImmediately: !kept, ignoreNotFound: !kept, out: core.decorate(written), written, ...(lastExisting && { lastExisting }) };
  } catch (err) {
    if (err instanceof DeleteNow) return { deleteImmediately: true, ignoreNotFound: false };
    if (err instanceof AlreadyDeleting) return { deleteImmediately: false, ignoreNotFound: false, out: finalizeDelete(core, ctx, current) };
    throw interpretUpdateError(err, core.qualifiedResource(ctx), name);
  }
}

/**
 * Deletes an object: preconditions and graceful-deletion decision, GC finalizers, objects kept while
 * finalizers or a grace period are pending (answered with the updated object), otherwise removed.
 */
export async function deleteObject(
  core: StoreCore,
  ctx: RequestContext,
  name: string,
  deleteValidation: ValidateObjectFunc | undefined,
  opts: DeleteOptions | undefined,
): Promise<DeleteResult> {
  const key = core.key(ctx, name);
  const resource = core.qualifiedResource(ctx);
  const validate = deleteValidation ?? allowAll;
  const options: DeleteOptions = opts === undefined ? { gracePeriodSeconds: 0 } : deepCopy(opts);
  let obj: ApiObject;
  try {
    obj = (await core.storage.storage.get(key)) ?? core.options.newObject();
  } catch (err) {
    throw interpretDeleteError(err, resource, name);
  }
  const preconditions = toPreconditions(options);
  const decision = beforeDelete(core.options.strategies.delete, ctx, obj, options, core.kind, core.clock);
  if (decision.gracefulPending) return { object: finalizeDelete(core, ctx, obj), deleted: false };
  const gc = deletionFinalizersForGarbageCollection(core.enableGarbageCollection, core.options.strategies.delete, ctx, obj.metadata, options);
  let outcome: GracefulOutcome = { deleteImmediately: true, ignoreNotFound: false };
  if (decision.graceful || (obj.metadata.finalizers ?? []).length > 0 || gc.needsUpdate) {
    outcome = await updateForGracefulDeletionAndFinalizers(core, ctx, name, key, options, preconditions, validate, obj);
    if (outcome.deleteImmediately && preconditions.resourceVersion !== undefined && outcome.written !== undefined) {
      preconditions.resourceVersion = outcome.written.metadata.resourceVersion ?? '';
    }
  }
  if (!outcome.deleteImmediately) {
    return { object: outcome.out ?? finalizeDelete(core, ctx, obj), deleted: false };
  }
  const dryRun = dryRunOf(ctx, options.dryRun);
  if (dryRun && outcome.written !== undefined) return { object: core.decorate(outcome.written), deleted: true };
  try {
    const out = await core.storage.delete(key, preconditions, (o) => validate(ctx, o), dryRun);
    return { object: finalizeDelete(core, ctx, out), deleted: true };
  } catch (err) {
    if (isNotFound(err) && outcome.ignoreNotFound && outcome.lastExisting !== undefined) {
      return { object: finalizeDelete(core, ctx, outcome.lastExisting), deleted: true };
    }
    throw interpretDeleteError(err, resource, name);
  }
}

/**
 * Removes an object whose update emptied its finalizers while it was being deleted; a concurrent removal
 * is tolerated. The update answers with the request object.
 */
export async function deleteWithoutFinalizers(
  core: StoreCore,
  ctx: RequestContext,
  name: string,
  key: string,
  obj: ApiObject,
  preconditions: Preconditions | undefined,
  dryRun: boolean,
): Promise<ApiObject> {
  try {
    await core.storage.delete(key, preconditions, () => undefined, dryRun);
  } catch (err) {
    if (!isNotFound(err)) throw interpretDeleteError(err, core.qualifiedResource(ctx), name);
  }
  return obj;
}
