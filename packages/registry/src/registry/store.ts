/**
 * The generic registry `Store` (k8s.io/apiserver/pkg/registry/generic/registry/store.go): a
 * StandardStorage on any StorageInterface, configured by small strategies.
 * @module
 */
import type { CreateOptions, DeleteOptions, GetOptions, Table, UpdateOptions } from '@apiserver/runtime';
import type { Watch } from '@apiserver/storage';
import type {
  CategoriesProvider,
  DeleteResult,
  MayReturnFullObjectDeleter,
  MaybeSyncGetter,
  ResetFieldsStrategy,
  Scoper,
  ShortNamesProvider,
  SingularNameProvider,
  StandardStorage,
  StorageWithReadiness,
  TableConvertor,
  UpdatedObjectInfo,
  UpdateResult,
} from '../rest/rest.js';
import { isResetFieldsStrategy } from '../rest/capabilities.js';
import { DefaultTableConvertor } from '../rest/table.js';
import type {
  ApiList,
  ApiObject,
  InternalListOptions,
  RequestContext,
  TableOptions,
  ValidateObjectFunc,
  ValidateObjectUpdateFunc,
} from '../rest/types.js';
import { resolveStore, type StoreCore } from './store-core.js';
import { createObject } from './store-create.js';
import { deleteObject } from './store-delete.js';
import { deleteCollection } from './store-delete-collection.js';
import type { StoreOptions } from './store-options.js';
import { acceptSharedObjects } from '../rest/shared-objects.js';
import { getObject, listObjects, readObject, watchObjects } from './store-read.js';
import { updateObject } from './store-update.js';

/** A generic REST storage for one resource: every standard verb, backed by a StorageInterface. */
export class Store
  implements
    StandardStorage,
    Scoper,
    SingularNameProvider,
    ShortNamesProvider,
    CategoriesProvider,
    StorageWithReadiness,
    MayReturnFullObjectDeleter,
    MaybeSyncGetter
{
  readonly #core: StoreCore;
  readonly #tableConvertor: TableConvertor;
  #destroyed = false;

  /** Creates a store; throws a TypeError on an unusable configuration (bad prefix, scope mismatch). */
  constructor(options: StoreOptions) {
    this.#core = resolveStore(options);
    this.#tableConvertor = options.tableConvertor ?? new DefaultTableConvertor();
  }

  /**
   * The update strategy's reset fields, when it declares them (upstream's `Store.ResetFieldsStrategy`, which
   * `StatusREST.GetResetFields` hands on). Not `getResetFields` itself: a main resource without them keeps the
   * reset fields endpoints derives.
   */
  updateResetFields(): ResetFieldsStrategy | undefined {
    const update = this.#core.options.strategies.update;
    return isResetFieldsStrategy(update) ? update : undefined;
  }

  /** A new empty object. */
  newObject(): ApiObject {
    return this.#core.options.newObject();
  }

  /** A new empty list. */
  newList(): ApiList {
    return this.#core.options.newList();
  }

  /** Runs the configured destroy hook once. */
  destroy(): void {
    if (this.#destroyed) return;
    this.#destroyed = true;
    this.#core.options.destroy?.();
  }

  /** Whether the resource is namespaced (from the create strategy). */
  namespaceScoped(): boolean {
    return this.#core.namespaced;
  }

  /** The singular resource name. */
  getSingularName(): string {
    return this.#core.options.singularQualifiedResource.resource;
  }

  /** The configured short names. */
  shortNames(): string[] {
    return [...(this.#core.options.shortNames ?? [])];
  }

  /** The configured categories. */
  categories(): string[] {
    return [...(this.#core.options.categories ?? [])];
  }

  /** Whether DELETE answers with the deleted object. */
  deleteReturnsDeletedObject(): boolean {
    return this.#core.options.returnDeletedObject === true;
  }

  /** Resolves when the backend is ready. */
  readinessCheck(): Promise<void> {
    return this.#core.options.storage.readinessCheck();
  }

  /** Converts to a Table with the configured (or default) convertor. */
  convertToTable(ctx: RequestContext, object: ApiObject | ApiList, tableOptions?: TableOptions): Promise<Table> {
    return this.#tableConvertor.convertToTable(ctx, object, tableOptions);
  }

  /** Creates an object (see `createObject`). */
  create(ctx: RequestContext, obj: ApiObject, createValidation?: ValidateObjectFunc, options?: CreateOptions): Promise<ApiObject> {
    return createObject(this.#core, ctx, obj, createValidation, options);
  }

  /** Reads one object. */
  get(ctx: RequestContext, name: string, options?: GetOptions): Promise<ApiObject> {
    return getObject(this.#core, ctx, name, options);
  }

  /**
   * Reads one object without a promise when the storage answers at once (`MaybeSyncGetter`). A subclass or an
   * instance that overrides `get` keeps its own reads: this then calls that `get`.
   */
  getMaybeSync(ctx: RequestContext, name: string, options: GetOptions | undefined, sharedObjects: boolean): ApiObject | Promise<ApiObject> {
    if (this.get !== Store.prototype.get) {
      if (sharedObjects) acceptSharedObjects(ctx);
      return this.get(ctx, name, options);
    }
    return readObject(this.#core, ctx, name, options, sharedObjects);
  }

  /** Lists objects. */
  list(ctx: RequestContext, options?: InternalListOptions): Promise<ApiList> {
    return listObjects(this.#core, ctx, options);
  }

  /** Watches objects. */
  watch(ctx: RequestContext, options?: InternalListOptions): Promise<Watch<ApiObject>> {
    return watchObjects(this.#core, ctx, options);
  }

  /** Updates or (when allowed) creates an object. */
  update(
    ctx: RequestContext,
    name: string,
    objInfo: UpdatedObjectInfo,
    createValidation: ValidateObjectFunc | undefined,
    updateValidation: ValidateObjectUpdateFunc | undefined,
    forceAllowCreate: boolean,
    options?: UpdateOptions,
  ): Promise<UpdateResult> {
    return updateObject(this.#core, ctx, { name, objInfo, createValidation, updateValidation, forceAllowCreate, options });
  }

  /** Deletes an object, gracefully or with finalizers when they apply. */
  delete(ctx: RequestContext, name: string, deleteValidation?: ValidateObjectFunc, options?: DeleteOptions): Promise<DeleteResult> {
    return deleteObject(this.#core, ctx, name, deleteValidation, options);
  }

  /** Deletes every selected object; returns the selected list. */
  deleteCollection(
    ctx: RequestContext,
    deleteValidation: ValidateObjectFunc | undefined,
    options: DeleteOptions | undefined,
    listOptions: InternalListOptions | undefined,
  ): Promise<ApiList> {
    return deleteCollection(this.#core, this, ctx, deleteValidation, options, listOptions);
  }
}
