/**
 * The storage of one served version of a custom resource (`customresource.NewStorage`): a registry
 * Store whose writes go through the {@link CustomResourceCoercer}, plus the `status` and `scale`
 * subresources.
 *
 * @module
 */
import {
  type ApiList,
  type ApiObject,
  type DeleteResult,
  type Getter,
  type InternalListOptions,
  type RequestContext,
  Store,
  type StoreOptions,
  type TableConvertor,
  type TableOptions,
  type UpdatedObjectInfo,
  type Updater,
  type UpdateResult,
  type ValidateObjectFunc,
  type ValidateObjectUpdateFunc,
} from '@apiserver/registry';
import type { CreateOptions, DeleteOptions, GetOptions, Table, UpdateOptions } from '@apiserver/runtime';
import type { Watch } from '@apiserver/storage';
import type { CustomResourceCoercer } from './coercion.js';

/**
 * A Store of custom resources whose writes are pruned, defaulted and stored in the storage version;
 * every call through a deprecated version carries its deprecation warning.
 */
export class CustomResourceStore extends Store {
  readonly #coercer: CustomResourceCoercer;
  readonly #warning: string | undefined;
  readonly #warned = new WeakSet<RequestContext>();

  /** Creates the store; `options.decorator` should show objects in the served version. */
  constructor(options: StoreOptions, coercer: CustomResourceCoercer, deprecationWarning?: string) {
    super(options);
    this.#coercer = coercer;
    this.#warning = deprecationWarning;
  }

  /** Adds the deprecation warning once per request (a deletecollection deletes through `delete`). */
  #warn(ctx: RequestContext): void {
    if (this.#warning === undefined || this.#warned.has(ctx)) return;
    this.#warned.add(ctx);
    ctx.addWarning?.(this.#warning);
  }

  /** Reads one object. */
  override get(ctx: RequestContext, name: string, options?: GetOptions): Promise<ApiObject> {
    this.#warn(ctx);
    return super.get(ctx, name, options);
  }

  /** Lists objects. */
  override list(ctx: RequestContext, options?: InternalListOptions): Promise<ApiList> {
    this.#warn(ctx);
    return super.list(ctx, options);
  }

  /** Watches objects. */
  override watch(ctx: RequestContext, options?: InternalListOptions): Promise<Watch<ApiObject>> {
    this.#warn(ctx);
    return super.watch(ctx, options);
  }

  /** Deletes an object. */
  override delete(ctx: RequestContext, name: string, deleteValidation?: ValidateObjectFunc, options?: DeleteOptions): Promise<DeleteResult> {
    this.#warn(ctx);
    return super.delete(ctx, name, deleteValidation, options);
  }

  /** Coerces, then creates. */
  override create(ctx: RequestContext, obj: ApiObject, createValidation?: ValidateObjectFunc, options?: CreateOptions): Promise<ApiObject> {
    this.#warn(ctx);
    return super.create(ctx, this.#coercer.coerce(ctx, obj, options?.fieldValidation), createValidation, options);
  }

  /** Updates with the new object coerced. */
  override update(
    ctx: RequestContext,
    name: string,
    objInfo: UpdatedObjectInfo,
    createValidation: ValidateObjectFunc | undefined,
    updateValidation: ValidateObjectUpdateFunc | undefined,
    forceAllowCreate: boolean,
    options?: UpdateOptions,
  ): Promise<UpdateResult> {
    this.#warn(ctx);
    const wrapped = this.#coercer.wrapUpdate(objInfo, options?.fieldValidation);
    return super.update(ctx, name, wrapped, createValidation, updateValidation, forceAllowCreate, options);
  }
}

/** A `status` subresource: GET the whole object, PUT/PATCH only its status (CRDs' and custom resources'). */
export class CustomResourceStatusREST implements Getter, Updater, TableConvertor {
  readonly #store: Store;

  /** Wraps a store built with the status update strategy over the main storage. */
  constructor(store: Store) {
    this.#store = store;
  }

  /** A new empty object of the kind. */
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
    return this.#store.update(ctx, name, objInfo, createValidation, updateValidation, false, options);
  }

  /** Prints like the main resource. */
  convertToTable(ctx: RequestContext, object: ApiObject | ApiList, tableOptions?: TableOptions): Promise<Table> {
    return this.#store.convertToTable(ctx, object, tableOptions);
  }
}
