/**
 * `rest.DefaultUpdatedObjectInfo`: the UpdatedObjectInfo of PUT (a body) and PATCH (no body, transformers).
 * @module
 */
import { deepCopy } from '@apiserver/storage';
import { newInternalError } from '@apiserver/runtime';
import type { UpdatedObjectInfo } from './rest.js';
import type { ApiObject, Preconditions, RequestContext } from './types.js';

/**
 * Transforms the new object given the old one (`undefined` for create-on-update); the first transformer
 * of a patch receives `undefined` as the new object and builds it from the old one.
 */
export type TransformFunc = (
  ctx: RequestContext,
  newObj: ApiObject | undefined,
  oldObj: ApiObject | undefined,
) => ApiObject | undefined | Promise<ApiObject | undefined>;

class DefaultUpdatedObjectInfo implements UpdatedObjectInfo {
  readonly #obj: ApiObject | undefined;
  readonly #transformers: readonly TransformFunc[];

  constructor(obj: ApiObject | undefined, transformers: readonly TransformFunc[]) {
    this.#obj = obj;
    this.#transformers = transformers;
  }

  preconditions(): Preconditions | undefined {
    const uid = this.#obj?.metadata.uid;
    return uid === undefined || uid === '' ? undefined : { uid };
  }

  async updatedObject(ctx: RequestContext, oldObj: ApiObject | undefined): Promise<ApiObject> {
    // Copy so a retried update (conflict inside guaranteedUpdate) starts again from the pristine body.
    let obj = this.#obj === undefined ? undefined : deepCopy(this.#obj);
    for (const transform of this.#transformers) obj = await transform(ctx, obj, oldObj);
    if (obj === undefined) throw newInternalError('the update produced no object');
    return obj;
  }
}

/**
 * The default UpdatedObjectInfo: starts from a copy of `obj` (absent for patches), runs `transformers` in
 * order; preconditions are `{ uid }` when `obj` carries a uid.
 */
export function defaultUpdatedObjectInfo(obj: ApiObject | undefined, ...transformers: TransformFunc[]): UpdatedObjectInfo {
  return new DefaultUpdatedObjectInfo(obj, transformers);
}
