/**
 * The Store's create flow (generic/registry/store.go `Create`, `create`, `createWithGenerateNameRetry`).
 * @module
 */
import {
  cheapStepDue,
  type CreateOptions,
  isAlreadyExists,
  isStatusError,
  newGenerateNameConflict,
  StatusError,
} from '@apiserver/runtime';
import { deepCopy, deepCopySteps } from '@apiserver/storage';
import { beforeCreate, generateNameFor } from '../rest/create.js';
import { fillObjectMetaSystemFields } from '../rest/meta.js';
import { type ApiObject, isDryRun, type RequestContext, type ValidateObjectFunc } from '../rest/types.js';
import type { StoreCore } from './store-core.js';
import { interpretCreateError } from './storage-errors.js';

/** Attempts made when a generated name collides (`maxNameGenerationCreateAttempts`). */
export const MAX_NAME_GENERATION_CREATE_ATTEMPTS = 8;

/** Whether the request asks for a dry run (options or context). */
export function dryRunOf(ctx: RequestContext, dryRun: readonly string[] | undefined): boolean {
  return ctx.dryRun === true || isDryRun(dryRun);
}

/**
 * Turns AlreadyExists on an object with `generateName` into a generate-name conflict (409, retryAfter 1),
 * naming the resource from RequestInfo (empty without one, as upstream `rest.CheckGeneratedNameError`).
 */
export function checkGeneratedNameError(ctx: RequestContext, core: StoreCore, err: unknown, obj: ApiObject): unknown {
  if (!isAlreadyExists(err) || (obj.metadata.generateName ?? '') === '') return err;
  const resource = ctx.requestInfo?.resource ?? '';
  return newGenerateNameConflict({ group: resource === '' ? '' : core.kind.group, resource }, obj.metadata.name ?? '', 1);
}

async function explainAlreadyExists(core: StoreCore, key: string, err: unknown): Promise<unknown> {
  if (!isStatusError(err) || !isAlreadyExists(err)) return err;
  const existing = await core.storage.storage.get(key, { ignoreNotFound: true }).catch(() => undefined);
  if (existing?.metadata.deletionTimestamp === undefined) return err;
  return new StatusError({ ...err.status, message: `object is being deleted: ${err.status.message ?? ''}` });
}

async function createOnce(
  core: StoreCore,
  ctx: RequestContext,
  obj: ApiObject,
  createValidation: ValidateObjectFunc | undefined,
  options: CreateOptions | undefined,
): Promise<ApiObject> {
  const strategy = core.options.strategies.create;
  fillObjectMetaSystemFields(obj.metadata, core.clock);
  const generateName = obj.metadata.generateName ?? '';
  if (generateName !== '' && (obj.metadata.name ?? '') === '') obj.metadata.name = generateNameFor(strategy, generateName);
  beforeCreate(strategy, ctx, obj, core.kind);
  // A small request's pace returns nothing: awaiting it would only cost a turn of the microtask queue.
  let pause = ctx.pace?.();
  if (pause !== undefined) await pause;
  if (createValidation !== undefined) {
    // A large request's copy runs sliced (issue #19); a small one's directly.
    const slicer = ctx.pace?.slicer;
    await createValidation(ctx, slicer === undefined ? deepCopy(obj) : await slicer.run(deepCopySteps(obj, cheapStepDue)));
    pause = ctx.pace?.();
    if (pause !== undefined) await pause;
  }
  const name = obj.metadata.name ?? '';
  const key = core.key(ctx, name);
  const ttl = core.ttl(obj, 0, false);
  try {
    const out = await core.storage.create(key, obj, ttl, dryRunOf(ctx, options?.dryRun));
    return core.decorate(out);
  } catch (err) {
    const interpreted = checkGeneratedNameError(ctx, core, interpretCreateError(err, core.qualifiedResource(ctx), name), obj);
    throw await explainAlreadyExists(core, key, interpreted);
  }
}

/**
 * Creates an object: system fields, name generation (retried up to 8 times on collisions), strategy
 * preparation and validation, validating admission, then the storage write.
 */
export async function createObject(
  core: StoreCore,
  ctx: RequestContext,
  obj: ApiObject,
  createValidation: ValidateObjectFunc | undefined,
  options: CreateOptions | undefined,
): Promise<ApiObject> {
  const needsName = (obj.metadata.generateName ?? '') !== '' && (obj.metadata.name ?? '') === '';
  if (!needsName) return createOnce(core, ctx, obj, createValidation, options);
  let lastErr: unknown;
  for (let i = 0; i < MAX_NAME_GENERATION_CREATE_ATTEMPTS; i++) {
    try {
      return await createOnce(core, ctx, deepCopy(obj), createValidation, options);
    } catch (err) {
      if (!isAlreadyExists(err)) throw err;
      lastErr = err;
    }
  }
  throw lastErr;
}
