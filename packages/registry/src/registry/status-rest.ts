/**
 * The `<resource>/status` subresource (upstream's per-resource `StatusREST`): GET returns the whole object,
 * PUT/PATCH write through a Store sharing the main storage with a status update strategy, which says what stays of
 * the stored object, and whose reset fields (`GetResetFields`) it hands on.
 * @module
 */
import type { GetOptions, Table, UpdateOptions } from '@apiserver/runtime';
import type { Getter, ResetFieldsStrategy, TableConvertor, UpdatedObjectInfo, Updater, UpdateResult } from '../rest/rest.js';
import type { ApiList, ApiObject, RequestContext, TableOptions, ValidateObjectFunc, ValidateObjectUpdateFunc } from '../rest/types.js';
import type { RESTUpdateStrategy } from '../rest/update.js';
import { Store } from './store.js';
import type { StoreOptions } from './store-options.js';

/** Get, update (and so patch) of an object's status. */
export class StatusREST implements Getter, Updater, TableConvertor {
  readonly #store: Store;
  /** `rest.ResetFieldsStrategy`: the status strategy's reset fields, present only when it declares them. */
  declare readonly getResetFields?: () => Readonly<Record<string, readonly string[]>>;

  /** Builds the status store from the main store's options with `statusStrategy` as update strategy. */
  constructor(options: StoreOptions, statusStrategy: RESTUpdateStrategy);
  /**
   * Serves the status through `store`, a Store over the main storage whose update strategy is already a status
   * strategy (for a Store subclass with its own write steps, such as custom resources' coercion).
   */
  constructor(store: Store);
  constructor(source: StoreOptions | Store, statusStrategy?: RESTUpdateStrategy) {
    if (source instanceof Store) this.#store = source;
    else if (statusStrategy === undefined) throw new TypeError('StatusREST: the options need a status update strategy');
    else this.#store = new Store({ ...source, strategies: { ...source.strategies, update: statusStrategy }, destroy: () => {} });
    const reset: ResetFieldsStrategy | undefined = this.#store.updateResetFields();
    if (reset !== undefined) this.getResetFields = () => reset.getResetFields();
  }

  /** A new empty object of the main kind. */
  newObject(): ApiObject {
    return this.#store.newObject();
  }

  /** Nothing to release: the main store owns the storage. */
  destroy(): void {}

  /** Whether the resource is namespaced. */
  namespaceScoped(): boolean {
    return this.#store.namespaceScoped();
  }

  /** Reads the whole object. */
  get(ctx: RequestContext, name: string, options?: GetOptions): Promise<ApiObject> {
    return this.#store.get(ctx, name, options);
  }

  /** Updates through the status strategy, which says what stays of the stored object (never creates). */
  update(
    ctx: RequestContext,
    name: string,
    objInfo: UpdatedObjectInfo,
    createValidation: ValidateObjectFunc | undefined,
    updateValidation: ValidateObjectUpdateFunc | undefined,
    _forceAllowCreate: boolean,
    options?: UpdateOptions,
  ): Promise<UpdateResult> {
    return this.#store.update(ctx, name, objInfo, createValidation, updateValidation, false, options);
  }

  /** Prints like the main resource. */
  convertToTable(ctx: RequestContext, object: ApiObject | ApiList, tableOptions?: TableOptions): Promise<Table> {
    return this.#store.convertToTable(ctx, object, tableOptions);
  }
}
