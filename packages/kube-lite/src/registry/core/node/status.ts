/**
 * `nodes/status` (upstream `StatusREST`): GET reads the node, PUT/PATCH change only its status.
 * @module
 */
import type {
  ApiObject,
  Getter,
  RequestContext,
  Store,
  UpdatedObjectInfo,
  Updater,
  UpdateResult,
  ValidateObjectFunc,
  ValidateObjectUpdateFunc,
} from '@apiserver/registry';
import type { GetOptions, UpdateOptions } from '@apiserver/runtime';

/** The node status subresource. */
export class NodeStatusREST implements Getter, Updater {
  readonly #main: Store;
  readonly #status: Store;

  /** `main` serves reads, `status` (a Store with the status strategy) serves updates. */
  constructor(main: Store, status: Store) {
    this.#main = main;
    this.#status = status;
  }

  /** A new empty Node. */
  newObject(): ApiObject {
    return this.#main.newObject();
  }

  /** Releases nothing (the Stores belong to the main resource). */
  destroy(): void {}

  /** Reads the node. */
  get(ctx: RequestContext, name: string, options?: GetOptions): Promise<ApiObject> {
    return this.#main.get(ctx, name, options);
  }

  /** Updates the status (never creates). */
  update(
    ctx: RequestContext,
    name: string,
    objInfo: UpdatedObjectInfo,
    createValidation: ValidateObjectFunc | undefined,
    updateValidation: ValidateObjectUpdateFunc | undefined,
    _forceAllowCreate: boolean,
    options?: UpdateOptions,
  ): Promise<UpdateResult> {
    return this.#status.update(ctx, name, objInfo, createValidation, updateValidation, false, options);
  }
}
