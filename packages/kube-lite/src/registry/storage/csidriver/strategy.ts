/**
 * The csidriver strategy (pkg/registry/storage/csidriver/strategy.go): cluster-scoped, defaults, validation,
 * generation bumped when the spec changes (none set on create), conditional updates only.
 * @module
 */
import { type ApiObject, GenericStrategy, type RequestContext, specChanged } from '@apiserver/registry';
import { storageV1 } from '@apiserver/runtime/apis';
import { defaultCSIDriver } from './defaults.js';
import { validateCSIDriver, validateCSIDriverUpdate } from './validation.js';

/** Create and update behaviour of CSI drivers. */
export class CSIDriverStrategy extends GenericStrategy {
  /** A cluster-scoped strategy with CSI driver validation. */
  constructor() {
    super({
      namespaceScoped: false,
      allowUnconditionalUpdate: false,
      schema: storageV1.CSIDriverSchema,
      validate: (_ctx, obj) => validateCSIDriver(obj),
      validateUpdate: (_ctx, obj, old) => validateCSIDriverUpdate(obj, old),
    });
  }

  /** Applies the v1 defaults. */
  override prepareForCreate(ctx: RequestContext, obj: ApiObject): void {
    defaultCSIDriver(obj);
    super.prepareForCreate(ctx, obj);
  }

  /** Applies the v1 defaults; a spec change bumps the generation. */
  override prepareForUpdate(ctx: RequestContext, obj: ApiObject, old: ApiObject): void {
    defaultCSIDriver(obj);
    super.prepareForUpdate(ctx, obj, old);
    if (specChanged(obj, old, undefined, storageV1.CSIDriverSchema)) obj.metadata.generation = (old.metadata.generation ?? 0) + 1;
  }
}
