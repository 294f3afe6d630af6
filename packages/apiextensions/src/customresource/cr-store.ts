/**
 * The storage of one served version of a custom resource (`customresource.NewStorage`): a registry
 * Store whose writes go through the {@link CustomResourceCoercer}; its `status` subresource is registry's
 * StatusREST over a second such Store with the status strategy. Both tell server-side apply which fields their
 * strategy resets (`GetResetFields`; StatusREST hands on its store's {@link CustomResourceStore.updateResetFields}).
 *
 * @module
 */
import {
  type ApiList,
  type ApiObject,
  type DeleteResult,
  type InternalListOptions,
  type RequestContext,
  type ResetFieldsStrategy,
  Store,
  type StoreOptions,
  type UpdatedObjectInfo,
  type UpdateResult,
  type ValidateObjectFunc,
  type ValidateObjectUpdateFunc,
} from '@apiserver/registry';
import type { CreateOptions, DeleteOptions, GetOptions, UpdateOptions } from '@apiserver/runtime';
import type { Watch } from '@apiserver/storage';
import type { CustomResourceCoercer } from './coercion.js';

/** What a {@link CustomResourceStore} adds to the options of a Store. */
export interface CustomResourceStoreOptions {
  /** Prunes and defaults what the store writes. */
  readonly coercer: CustomResourceCoercer;
  /** The warning every call through a deprecated version carries. */
  readonly deprecationWarning?: string | undefined;
  /** API version → the top-level fields the store's strategy resets on write, which appliers cannot own. */
  readonly resetFields: Readonly<Record<string, readonly string[]>>;
}

/**
 * A Store of custom resources whose writes are pruned, defaulted and stored in the storage version;
 * every call through a deprecated version carries its deprecation warning.
 */
export class CustomResourceStore extends Store implements ResetFieldsStrategy {
  readonly #coercer: CustomResourceCoercer;
  readonly #warning: string | undefined;
  readonly #resetFields: Readonly<Record<string, readonly string[]>>;
  readonly #warned = new WeakSet<RequestContext>();

  /** Creates the store over storage that shows objects in the served version. */
  constructor(options: StoreOptions, cr: CustomResourceStoreOptions) {
    super(options);
    this.#coercer = cr.coercer;
    this.#warning = cr.deprecationWarning;
    this.#resetFields = cr.resetFields;
  }

  /** The fields the strategy resets (`status` when the status subresource is on; the status store's: all else). */
  getResetFields(): Readonly<Record<string, readonly string[]>> {
    return this.#resetFields;
  }

  /** Its own reset fields: the store holds them for its strategy (upstream's `Store.ResetFieldsStrategy`). */
  override updateResetFields(): ResetFieldsStrategy {
    return this;
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

  /** Coerces for storage (silently: the request decoder reported unknown fields), then creates. */
  override create(ctx: RequestContext, obj: ApiObject, createValidation?: ValidateObjectFunc, options?: CreateOptions): Promise<ApiObject> {
    this.#warn(ctx);
    return super.create(ctx, this.#coercer.coerceForStorage(obj), createValidation, options);
  }

  /** Updates with the new object coerced for storage. */
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
    const wrapped = this.#coercer.wrapUpdate(objInfo);
    return super.update(ctx, name, wrapped, createValidation, updateValidation, forceAllowCreate, options);
  }
}
