/**
 * One stored resource served in another version (kube-apiserver serves every version of a resource from one
 * storage, converting at the edge): a view of a registry that converts each object crossing it, with optional
 * checks of the converted objects and a mapping of list options. The events.k8s.io/v1 events over core/v1 events
 * and the autoscaling/v1 HPAs over autoscaling/v2 are such views.
 * @module
 */
import type {
  ApiList,
  ApiObject,
  DeleteResult,
  Getter,
  InternalListOptions,
  RequestContext,
  StandardStorage,
  Store,
  TableOptions,
  UpdatedObjectInfo,
  Updater,
  UpdateResult,
  ValidateObjectFunc,
  ValidateObjectUpdateFunc,
} from '@apiserver/registry';
import type { CreateOptions, DeleteOptions, GetOptions, Table, UpdateOptions } from '@apiserver/runtime';
import type { Watch, WatchEvent } from '@apiserver/storage';

/** How the served version maps to the stored one. */
export interface VersionConversion {
  /** The served apiVersion and kind of one object. */
  readonly served: { readonly apiVersion: string; readonly kind: string };
  /** A served object in the stored version. */
  toStored(obj: ApiObject): ApiObject;
  /** A stored object in the served version. */
  fromStored(obj: ApiObject): ApiObject;
  /** Throws when a converted new object breaks the served version's create rules. */
  checkCreate?(stored: ApiObject): void;
  /** Throws when a converted updated object breaks the served version's update rules. */
  checkUpdate?(stored: ApiObject, oldStored: ApiObject): void;
  /** List options of the served version as the stored registry reads them (field selectors). */
  listOptions?(options: InternalListOptions | undefined): InternalListOptions | undefined;
}

const isList = (object: ApiObject | ApiList): object is ApiList => Array.isArray((object as ApiList).items);

/** Get, update and tables of a converted view (what a status subresource needs). */
export class ConvertedGetterUpdater {
  readonly #inner: Getter & Updater;
  readonly #table: Pick<Store, 'convertToTable'>;
  /** How the served version maps to the stored one. */
  protected readonly conversion: VersionConversion;

  /** Serves `inner` in the version `conversion` describes; tables come from `table` (the stored version's). */
  constructor(inner: Getter & Updater, table: Pick<Store, 'convertToTable'>, conversion: VersionConversion) {
    this.#inner = inner;
    this.#table = table;
    this.conversion = conversion;
  }

  /** A new empty object of the served version. */
  newObject(): ApiObject {
    return { ...this.conversion.served, metadata: {} };
  }

  /** The stored registry owns the storage. */
  destroy(): void {}

  /** A served list in the stored version. */
  protected listToStored(list: ApiList): ApiList {
    return { ...list, items: list.items.map((o) => this.conversion.toStored(o)) };
  }

  /** A stored list in the served version. */
  protected listFromStored(list: ApiList): ApiList {
    return { ...list, apiVersion: this.conversion.served.apiVersion, kind: `${this.conversion.served.kind}List`, items: list.items.map((o) => this.conversion.fromStored(o)) };
  }

  /** The stored version's printer table. */
  convertToTable(ctx: RequestContext, object: ApiObject | ApiList, tableOptions?: TableOptions): Promise<Table> {
    return this.#table.convertToTable(ctx, isList(object) ? this.listToStored(object) : this.conversion.toStored(object), tableOptions);
  }

  /** Reads one object. */
  async get(ctx: RequestContext, name: string, options?: GetOptions): Promise<ApiObject> {
    return this.conversion.fromStored(await this.#inner.get(ctx, name, options));
  }

  /** Updates (or creates, where the registry allows it) from a served-version object. */
  async update(
    ctx: RequestContext,
    name: string,
    objInfo: UpdatedObjectInfo,
    createValidation: ValidateObjectFunc | undefined,
    updateValidation: ValidateObjectUpdateFunc | undefined,
    forceAllowCreate: boolean,
    options?: UpdateOptions,
  ): Promise<UpdateResult> {
    const c = this.conversion;
    const storedInfo: UpdatedObjectInfo = {
      preconditions: () => objInfo.preconditions(),
      updatedObject: async (ctx, oldStored) => {
        const updated = c.toStored(await objInfo.updatedObject(ctx, oldStored === undefined ? undefined : c.fromStored(oldStored)));
        if (oldStored === undefined) c.checkCreate?.(updated);
        else c.checkUpdate?.(updated, oldStored);
        return updated;
      },
    };
    const result = await this.#inner.update(ctx, name, storedInfo, createValidation, updateValidation, forceAllowCreate, options);
    return { ...result, object: c.fromStored(result.object) };
  }
}

/** A whole resource served from a registry {@link Store} of another version. */
export class ConvertedStorage extends ConvertedGetterUpdater implements StandardStorage {
  readonly #store: Store;

  /** Serves `store` in the version `conversion` describes. */
  constructor(store: Store, conversion: VersionConversion) {
    super(store, store, conversion);
    this.#store = store;
  }

  /** A new empty list of the served version. */
  newList(): ApiList {
    return { apiVersion: this.conversion.served.apiVersion, kind: `${this.conversion.served.kind}List`, metadata: {}, items: [] };
  }

  /** Stops the store. */
  override destroy(): void {
    this.#store.destroy();
  }

  /** As the store. */
  namespaceScoped(): boolean {
    return this.#store.namespaceScoped();
  }

  /** As the store. */
  getSingularName(): string {
    return this.#store.getSingularName();
  }

  /** As the store. */
  shortNames(): string[] {
    return this.#store.shortNames();
  }

  /** As the store. */
  categories(): string[] {
    return this.#store.categories();
  }

  /** Ready when the store is. */
  readinessCheck(): Promise<void> {
    return this.#store.readinessCheck();
  }

  #listOptions(options: InternalListOptions | undefined): InternalListOptions | undefined {
    return this.conversion.listOptions?.(options) ?? options;
  }

  /** Lists the objects. */
  async list(ctx: RequestContext, options?: InternalListOptions): Promise<ApiList> {
    return this.listFromStored(await this.#store.list(ctx, this.#listOptions(options)));
  }

  /** Watches the objects, converting each. */
  async watch(ctx: RequestContext, options?: InternalListOptions): Promise<Watch<ApiObject>> {
    const inner = await this.#store.watch(ctx, this.#listOptions(options));
    const fromStored = (o: ApiObject): ApiObject => this.conversion.fromStored(o);
    async function* converted(): AsyncGenerator<WatchEvent<ApiObject>> {
      for await (const event of inner) {
        yield event.type === 'ADDED' || event.type === 'MODIFIED' || event.type === 'DELETED' ? { ...event, object: fromStored(event.object) } : event;
      }
    }
    const events = converted();
    return { stop: () => inner.stop(), [Symbol.asyncIterator]: () => events };
  }

  /** Creates from a served-version object. */
  async create(ctx: RequestContext, obj: ApiObject, createValidation?: ValidateObjectFunc, options?: CreateOptions): Promise<ApiObject> {
    const stored = this.conversion.toStored(obj);
    this.conversion.checkCreate?.(stored);
    return this.conversion.fromStored(await this.#store.create(ctx, stored, createValidation, options));
  }

  /** Deletes one object. */
  async delete(ctx: RequestContext, name: string, deleteValidation?: ValidateObjectFunc, options?: DeleteOptions): Promise<DeleteResult> {
    const result = await this.#store.delete(ctx, name, deleteValidation, options);
    return result.object.kind === 'Status' ? result : { ...result, object: this.conversion.fromStored(result.object as ApiObject) };
  }

  /** Deletes the selected objects. */
  async deleteCollection(
    ctx: RequestContext,
    deleteValidation: ValidateObjectFunc | undefined,
    options: DeleteOptions | undefined,
    listOptions: InternalListOptions | undefined,
  ): Promise<ApiList> {
    return this.listFromStored(await this.#store.deleteCollection(ctx, deleteValidation, options, this.#listOptions(listOptions)));
  }
}
