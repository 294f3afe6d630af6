/**
 * The namespaces REST storage (pkg/registry/core/namespace/storage): a Store for the verbs upstream serves
 * (no deletecollection) whose DELETE first marks the namespace Terminating and only removes it once its
 * spec finalizers are gone; plus `namespaces/status` (StatusREST) and `namespaces/finalize` (FinalizeREST).
 * @module
 */
import {
  type ApiList,
  type ApiObject,
  type CategoriesProvider,
  type Creater,
  type DeleteResult,
  DryRunnableStorage,
  type Getter,
  type GracefulDeleter,
  type InternalListOptions,
  type Lister,
  noNamespaceKeyFunc,
  type RequestContext,
  type Scoper,
  type ShortNamesProvider,
  type SingularNameProvider,
  type Store,
  type TableOptions,
  type UpdatedObjectInfo,
  type Updater,
  type UpdateResult,
  type ValidateObjectFunc,
  type ValidateObjectUpdateFunc,
  type Watcher,
} from '@apiserver/registry';
import type { CreateOptions, DeleteOptions, GetOptions, Table, UpdateOptions } from '@apiserver/runtime';
import type { StorageInterface, Watch } from '@apiserver/storage';
import { markNamespaceTerminating, namespaceDeletePreconditions } from './delete.js';
import { specFinalizersOf } from './validation.js';

const allowAll: ValidateObjectFunc = () => undefined;

/** The `namespaces` resource: every Store verb except deletecollection, with upstream's two-step DELETE. */
export class NamespaceREST
  implements Getter, Lister, Creater, Updater, GracefulDeleter, Watcher, Scoper, ShortNamesProvider, CategoriesProvider, SingularNameProvider
{
  readonly #store: Store;
  readonly #storage: DryRunnableStorage;
  readonly #prefix: string;

  /** Wraps the main Store; `storage` and `prefix` are the ones it was built on. */
  constructor(store: Store, storage: StorageInterface<ApiObject>, prefix: string) {
    this.#store = store;
    this.#storage = new DryRunnableStorage(storage);
    this.#prefix = prefix;
  }

  /** A new empty Namespace. */
  newObject(): ApiObject {
    return this.#store.newObject();
  }

  /** A new empty NamespaceList. */
  newList(): ApiList {
    return this.#store.newList();
  }

  /** Releases the Store. */
  destroy(): void {
    this.#store.destroy();
  }

  /** Namespaces are cluster-scoped. */
  namespaceScoped(): boolean {
    return false;
  }

  /** `namespace`. */
  getSingularName(): string {
    return this.#store.getSingularName();
  }

  /** `ns`. */
  shortNames(): string[] {
    return this.#store.shortNames();
  }

  /** None, as upstream. */
  categories(): string[] {
    return this.#store.categories();
  }

  /** NAME STATUS AGE. */
  convertToTable(ctx: RequestContext, object: ApiObject | ApiList, tableOptions?: TableOptions): Promise<Table> {
    return this.#store.convertToTable(ctx, object, tableOptions);
  }

  /** Creates a namespace (Active, with the `kubernetes` finalizer). */
  create(ctx: RequestContext, obj: ApiObject, createValidation?: ValidateObjectFunc, options?: CreateOptions): Promise<ApiObject> {
    return this.#store.create(ctx, obj, createValidation, options);
  }

  /** Reads a namespace. */
  get(ctx: RequestContext, name: string, options?: GetOptions): Promise<ApiObject> {
    return this.#store.get(ctx, name, options);
  }

  /** Lists namespaces. */
  list(ctx: RequestContext, options?: InternalListOptions): Promise<ApiList> {
    return this.#store.list(ctx, options);
  }

  /** Watches namespaces. */
  watch(ctx: RequestContext, options?: InternalListOptions): Promise<Watch<ApiObject>> {
    return this.#store.watch(ctx, options);
  }

  /** Updates a namespace (spec finalizers and status are kept). */
  update(
    ctx: RequestContext,
    name: string,
    objInfo: UpdatedObjectInfo,
    createValidation: ValidateObjectFunc | undefined,
    updateValidation: ValidateObjectUpdateFunc | undefined,
    forceAllowCreate: boolean,
    options?: UpdateOptions,
  ): Promise<UpdateResult> {
    return this.#store.update(ctx, name, objInfo, createValidation, updateValidation, forceAllowCreate, options);
  }

  /**
   * First call: marks the namespace Terminating and answers it (200, not deleted). Later calls: the
   * namespace while spec finalizers remain, else the Store's delete (which still waits for metadata finalizers).
   */
  async delete(ctx: RequestContext, name: string, deleteValidation?: ValidateObjectFunc, options?: DeleteOptions): Promise<DeleteResult> {
    const ns = await this.#store.get(ctx, name);
    const opts: DeleteOptions = options === undefined ? { gracePeriodSeconds: 0 } : structuredClone(options);
    const preconditions = namespaceDeletePreconditions(ns, opts);
    opts.preconditions = { ...preconditions };
    if (ns.metadata.deletionTimestamp === undefined) {
      const key = noNamespaceKeyFunc(ctx, this.#prefix, name);
      const marked = await markNamespaceTerminating(this.#storage, ctx, key, name, preconditions, deleteValidation ?? allowAll, opts);
      return { object: marked, deleted: false };
    }
    if (specFinalizersOf(ns).length > 0) return { object: ns, deleted: false };
    return this.#store.delete(ctx, name, deleteValidation, opts);
  }
}

/** `namespaces/finalize`: PUT replaces spec.finalizers only (FinalizeREST); no GET, as upstream. */
export class NamespaceFinalizeREST implements Updater {
  readonly #finalize: Store;

  /** `finalize` is a Store with the finalize strategy. */
  constructor(finalize: Store) {
    this.#finalize = finalize;
  }

  /** A new empty Namespace. */
  newObject(): ApiObject {
    return this.#finalize.newObject();
  }

  /** Releases nothing (the Stores belong to the main resource). */
  destroy(): void {}

  /** Updates spec.finalizers (never creates); removing the last finalizer of a terminating namespace deletes it. */
  update(
    ctx: RequestContext,
    name: string,
    objInfo: UpdatedObjectInfo,
    createValidation: ValidateObjectFunc | undefined,
    updateValidation: ValidateObjectUpdateFunc | undefined,
    _forceAllowCreate: boolean,
    options?: UpdateOptions,
  ): Promise<UpdateResult> {
    return this.#finalize.update(ctx, name, objInfo, createValidation, updateValidation, false, options);
  }
}
