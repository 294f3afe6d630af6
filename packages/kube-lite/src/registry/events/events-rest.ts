/**
 * events.k8s.io/v1 `events` served from the core/v1 Event registry, as kube-apiserver serves both versions of one
 * stored resource (cohabitating resources): every object crossing this storage is converted, requests are checked
 * with the stricter events.k8s.io/v1 rules, and field selectors are mapped to the core Event's fields.
 * @module
 */
import type {
  ApiList,
  ApiObject,
  DeleteResult,
  InternalListOptions,
  RequestContext,
  StandardStorage,
  Store,
  TableOptions,
  UpdatedObjectInfo,
  UpdateResult,
  ValidateObjectFunc,
  ValidateObjectUpdateFunc,
} from '@apiserver/registry';
import { type CreateOptions, type DeleteOptions, FieldsSelector, type GetOptions, newInvalid, type Table, type UpdateOptions } from '@apiserver/runtime';
import type { Watch, WatchEvent } from '@apiserver/storage';
import { eventFromCore, eventListFromCore, eventListToCore, eventsV1FieldLabelToCore, eventToCore } from './conversion.js';
import { validateEventsV1Create, validateEventsV1Update } from './validation.js';

const EVENT_KIND = { group: 'events.k8s.io', kind: 'Event' };

function isList(object: ApiObject | ApiList): object is ApiList {
  return Array.isArray((object as ApiList).items);
}

function coreListOptions(options: InternalListOptions | undefined): InternalListOptions | undefined {
  const selector = options?.fieldSelector;
  if (options === undefined || !(selector instanceof FieldsSelector)) return options;
  return { ...options, fieldSelector: selector.transform(eventsV1FieldLabelToCore) };
}

function throwIfInvalid(event: ApiObject, errs: ReturnType<typeof validateEventsV1Create>): void {
  if (errs.length > 0) throw newInvalid(EVENT_KIND, event.metadata.name ?? '', errs);
}

/** Converts the objects of a core Event watch to events.k8s.io/v1 as they pass. */
async function* convertedEvents(watch: Watch<ApiObject>): AsyncGenerator<WatchEvent<ApiObject>> {
  for await (const event of watch) {
    yield event.type === 'ADDED' || event.type === 'MODIFIED' || event.type === 'DELETED' ? { ...event, object: eventFromCore(event.object) } : event;
  }
}

/** The events.k8s.io/v1 view of a core/v1 Event {@link Store}. */
export class EventsV1REST implements StandardStorage {
  readonly #store: Store;

  /** Serves `store` (a core/v1 Event registry) as events.k8s.io/v1. */
  constructor(store: Store) {
    this.#store = store;
  }

  /** A new empty events.k8s.io/v1 Event. */
  newObject(): ApiObject {
    return { apiVersion: 'events.k8s.io/v1', kind: 'Event', metadata: {} };
  }

  /** A new empty events.k8s.io/v1 EventList. */
  newList(): ApiList {
    return { apiVersion: 'events.k8s.io/v1', kind: 'EventList', metadata: {}, items: [] };
  }

  /** Stops the core store. */
  destroy(): void {
    this.#store.destroy();
  }

  /** Events are namespaced. */
  namespaceScoped(): boolean {
    return true;
  }

  /** `event`. */
  getSingularName(): string {
    return this.#store.getSingularName();
  }

  /** `ev`, as the core resource. */
  shortNames(): string[] {
    return this.#store.shortNames();
  }

  /** Ready when the core store is. */
  readinessCheck(): Promise<void> {
    return this.#store.readinessCheck();
  }

  /** The core Event printer's table. */
  convertToTable(ctx: RequestContext, object: ApiObject | ApiList, tableOptions?: TableOptions): Promise<Table> {
    return this.#store.convertToTable(ctx, isList(object) ? eventListToCore(object) : eventToCore(object), tableOptions);
  }

  /** Reads one event. */
  async get(ctx: RequestContext, name: string, options?: GetOptions): Promise<ApiObject> {
    return eventFromCore(await this.#store.get(ctx, name, options));
  }

  /** Lists events; `regarding.*` and `reportingController` selectors match the stored fields. */
  async list(ctx: RequestContext, options?: InternalListOptions): Promise<ApiList> {
    return eventListFromCore(await this.#store.list(ctx, coreListOptions(options)));
  }

  /** Watches events, converting every object. */
  async watch(ctx: RequestContext, options?: InternalListOptions): Promise<Watch<ApiObject>> {
    const inner = await this.#store.watch(ctx, coreListOptions(options));
    const events = convertedEvents(inner);
    return { stop: () => inner.stop(), [Symbol.asyncIterator]: () => events };
  }

  /** Creates an event after the events.k8s.io/v1 create rules. */
  async create(ctx: RequestContext, obj: ApiObject, createValidation?: ValidateObjectFunc, options?: CreateOptions): Promise<ApiObject> {
    const core = eventToCore(obj);
    throwIfInvalid(core, validateEventsV1Create(core));
    return eventFromCore(await this.#store.create(ctx, core, createValidation, options));
  }

  /** Updates an event (or creates it: events allow create on update), checking the events.k8s.io/v1 rules. */
  async update(
    ctx: RequestContext,
    name: string,
    objInfo: UpdatedObjectInfo,
    createValidation: ValidateObjectFunc | undefined,
    updateValidation: ValidateObjectUpdateFunc | undefined,
    forceAllowCreate: boolean,
    options?: UpdateOptions,
  ): Promise<UpdateResult> {
    const coreInfo: UpdatedObjectInfo = {
      preconditions: () => objInfo.preconditions(),
      updatedObject: async (c, oldCore) => {
        const updated = eventToCore(await objInfo.updatedObject(c, oldCore === undefined ? undefined : eventFromCore(oldCore)));
        throwIfInvalid(updated, oldCore === undefined ? validateEventsV1Create(updated) : validateEventsV1Update(updated, oldCore));
        return updated;
      },
    };
    const result = await this.#store.update(ctx, name, coreInfo, createValidation, updateValidation, forceAllowCreate, options);
    return { ...result, object: eventFromCore(result.object) };
  }

  /** Deletes an event. */
  async delete(ctx: RequestContext, name: string, deleteValidation?: ValidateObjectFunc, options?: DeleteOptions): Promise<DeleteResult> {
    const result = await this.#store.delete(ctx, name, deleteValidation, options);
    return result.object.kind === 'Status' ? result : { ...result, object: eventFromCore(result.object as ApiObject) };
  }

  /** Deletes the selected events. */
  async deleteCollection(
    ctx: RequestContext,
    deleteValidation: ValidateObjectFunc | undefined,
    options: DeleteOptions | undefined,
    listOptions: InternalListOptions | undefined,
  ): Promise<ApiList> {
    return eventListFromCore(await this.#store.deleteCollection(ctx, deleteValidation, options, coreListOptions(listOptions)));
  }
}
