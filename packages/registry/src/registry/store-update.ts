/**
 * The Store's update flow (generic/registry/store.go `Update`): create-on-update, unconditional updates,
 * optimistic concurrency, strategy preparation/validation, admission, delete when finalizers are emptied.
 * @module
 */
import { cheapStepDue, FieldError, newInvalid, newNotFound, newOptimisticLockConflict, newPath, semanticEqual, type UpdateOptions } from '@apiserver/runtime';
import { deepCopy, deepCopySteps, type Preconditions, type UpdateResult as StorageUpdateResult } from '@apiserver/storage';
import { beforeCreate } from '../rest/create.js';
import { invalidUint64 } from '../rest/go-field-error.js';
import { fillObjectMetaSystemFields } from '../rest/meta.js';
import type { UpdatedObjectInfo, UpdateResult } from '../rest/rest.js';
import type { ApiObject, RequestContext, ValidateObjectFunc, ValidateObjectUpdateFunc } from '../rest/types.js';
import { beforeUpdate } from '../rest/update.js';
import type { StoreCore } from './store-core.js';
import { checkGeneratedNameError, dryRunOf } from './store-create.js';
import { deleteWithoutFinalizers } from './store-delete.js';
import { interpretCreateError, interpretUpdateError } from './storage-errors.js';

class EmptiedFinalizers extends Error {}

/** Upstream's default rule: the new object has no finalizers and the old one is being deleted with grace 0/unset. */
export function shouldDeleteDuringUpdate(obj: ApiObject, existing: ApiObject): boolean {
  if ((obj.metadata.finalizers ?? []).length > 0) return false;
  if (existing.metadata.deletionTimestamp === undefined) return false;
  return (existing.metadata.deletionGracePeriodSeconds ?? 0) === 0;
}

function resourceVersionOf(obj: ApiObject): number {
  const rv = obj.metadata.resourceVersion ?? '';
  if (rv === '') return 0;
  const n = Number(rv);
  if (!/^[0-9]+$/.test(rv) || !Number.isSafeInteger(n)) {
    throw newInvalid({ group: '', kind: 'ResourceVersion' }, rv, [
      new FieldError('FieldValueInvalid', 'metadata.resourceVersion', rv, 'must be a decimal unsigned integer'),
    ]);
  }
  return n;
}

interface UpdateState {
  creating: boolean;
  creatingObj?: ApiObject;
  deleteObj?: ApiObject;
}

/** Everything `updateObject` receives, as one record. */
export interface UpdateCall {
  /** Object name from the URL. */
  name: string;
  /** The new object (body or patch). */
  objInfo: UpdatedObjectInfo;
  /** Validating admission for create-on-update. */
  createValidation: ValidateObjectFunc | undefined;
  /** Validating admission for updates. */
  updateValidation: ValidateObjectUpdateFunc | undefined;
  /** Allow create-on-update regardless of the strategy (server-side apply). */
  forceAllowCreate: boolean;
  /** UpdateOptions (dryRun). */
  options: UpdateOptions | undefined;
}

function tryUpdateFor(core: StoreCore, ctx: RequestContext, key: string, call: UpdateCall, state: UpdateState) {
  const { create, update } = core.options.strategies;
  const resource = core.qualifiedResource(ctx);
  return async (current: ApiObject | undefined, res: { ttl: number; resourceVersion: number }): Promise<StorageUpdateResult<ApiObject>> => {
    const existingRV = current === undefined ? 0 : resourceVersionOf(current);
    if (existingRV === 0 && !update.allowCreateOnUpdate() && !call.forceAllowCreate) throw newNotFound(resource, call.name);
    const obj = await call.objInfo.updatedObject(ctx, current === undefined ? undefined : deepCopy(current));
    await ctx.pace?.();
    const newRV = resourceVersionOf(obj);
    if (current === undefined || existingRV === 0) {
      fillObjectMetaSystemFields(obj.metadata, core.clock);
      state.creating = true;
      state.creatingObj = obj;
      beforeCreate(create, ctx, obj, core.kind);
      await ctx.pace?.();
      const slicer = ctx.pace?.slicer;
      if (call.createValidation !== undefined) await call.createValidation(ctx, slicer === undefined ? deepCopy(obj) : await slicer.run(deepCopySteps(obj, cheapStepDue)));
      await ctx.pace?.();
      delete obj.metadata.resourceVersion;
      return { object: obj, ttl: core.ttl(obj, 0, false) };
    }
    state.creating = false;
    if (newRV === 0 && update.allowUnconditionalUpdate()) {
      obj.metadata.resourceVersion = String(res.resourceVersion);
    } else if (newRV === 0) {
      const err = invalidUint64(newPath('metadata', 'resourceVersion'), 0, 'must be specified for an update');
      throw newInvalid({ group: resource.group, kind: resource.resource }, call.name, [err]);
    } else if (newRV !== existingRV) {
      throw newOptimisticLockConflict(resource, call.name);
    }
    beforeUpdate(update, ctx, obj, current, core.kind);
    await ctx.pace?.();
    const slicer = ctx.pace?.slicer;
    // A large request's copies run sliced (issue #19); a small one's directly.
    if (call.updateValidation !== undefined) {
      if (slicer === undefined) await call.updateValidation(ctx, deepCopy(obj), deepCopy(current));
      else await call.updateValidation(ctx, await slicer.run(deepCopySteps(obj, cheapStepDue)), await slicer.run(deepCopySteps(current, cheapStepDue)));
    }
    await ctx.pace?.();
    const extra = core.options.shouldDeleteDuringUpdate;
    if (shouldDeleteDuringUpdate(obj, current) && (extra === undefined || extra(ctx, key, obj, current))) {
      state.deleteObj = obj;
      throw new EmptiedFinalizers();
    }
    // The same Go value in another JSON spelling: hand back the stored object, so storage sees equal bytes.
    const schema = core.options.schema;
    if (schema !== undefined && semanticEqual(schema, obj, current)) return { object: current, ttl: core.ttl(current, res.ttl, true) };
    return { object: obj, ttl: core.ttl(obj, res.ttl, true) };
  };
}

/**
 * Updates (or creates, when allowed) an object inside one guaranteedUpdate: 404 when missing and
 * creation is not allowed, 422 without resourceVersion unless unconditional updates are allowed, 409 on a
 * stale resourceVersion.
 */
export async function updateObject(core: StoreCore, ctx: RequestContext, call: UpdateCall): Promise<UpdateResult> {
  const key = core.key(ctx, call.name);
  const resource = core.qualifiedResource(ctx);
  const p = call.objInfo.preconditions();
  const preconditions: Preconditions | undefined = p === undefined ? undefined : { ...p };
  const state: UpdateState = { creating: false };
  const dryRun = dryRunOf(ctx, call.options?.dryRun);
  try {
    const out = await core.storage.guaranteedUpdate(key, true, preconditions, tryUpdateFor(core, ctx, key, call, state), dryRun);
    return { object: core.decorate(out), created: state.creating };
  } catch (err) {
    if (err instanceof EmptiedFinalizers && state.deleteObj !== undefined) {
      const obj = await deleteWithoutFinalizers(core, ctx, call.name, key, state.deleteObj, preconditions, dryRun);
      return { object: obj, created: false };
    }
    if (state.creating && state.creatingObj !== undefined) {
      throw checkGeneratedNameError(ctx, core, interpretCreateError(err, resource, call.name), state.creatingObj);
    }
    throw interpretUpdateError(err, resource, call.name);
  }
}
