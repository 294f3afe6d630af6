/**
 * The storageclass strategy (pkg/registry/storage/storageclass/strategy.go): cluster-scoped, defaults
 * (done by the scheme upstream) then validation; no status and no generation.
 * @module
 */
import { type ApiObject, GenericStrategy, type RequestContext } from '@apiserver/registry';
import { storageV1 } from '@apiserver/runtime/apis';
import { defaultStorageClass } from './defaults.js';
import { validateStorageClass, validateStorageClassUpdate } from './validation.js';

/** Create and update behaviour of storage classes. */
export class StorageClassStrategy extends GenericStrategy {
  /** A cluster-scoped strategy with storage class validation. */
  constructor() {
    super({
      namespaceScoped: false,
      schema: storageV1.StorageClassSchema,
      validate: (_ctx, obj) => validateStorageClass(obj),
      validateUpdate: (_ctx, obj, old) => validateStorageClassUpdate(obj, old),
    });
  }

  /** Applies the v1 defaults. */
  override prepareForCreate(ctx: RequestContext, obj: ApiObject): void {
    defaultStorageClass(obj);
    super.prepareForCreate(ctx, obj);
  }

  /** Applies the v1 defaults. */
  override prepareForUpdate(ctx: RequestContext, obj: ApiObject, old: ApiObject): void {
    defaultStorageClass(obj);
    super.prepareForUpdate(ctx, obj, old);
  }
}
