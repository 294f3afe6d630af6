/**
 * PriorityClass storage (pkg/registry/scheduling/priorityclass/storage): cluster-scoped `priorityclasses` (short
 * name `pc`) of scheduling.k8s.io/v1. Deleting a system class by name is forbidden (a collection delete is not, as
 * upstream, where DeleteCollection deletes through the embedded Store). Writes also get the `Priority` admission
 * plugin's check: only one class may be the global default.
 * @module
 */
import {
  type ApiList,
  type ApiObject,
  type DeleteResult,
  defaultPriorityClass,
  type InternalListOptions,
  type RequestContext,
  type Storage,
  Store,
  type StoreOptions,
  type UpdatedObjectInfo,
  type UpdateResult,
  type ValidateObjectFunc,
  type ValidateObjectUpdateFunc,
} from '@apiserver/registry';
import { type CreateOptions, type DeleteOptions, newForbidden, type UpdateOptions } from '@apiserver/runtime';
import type { PrinterOptions } from '../../../printers/index.js';
import type { RESTOptionsGetter } from '../../rest-options.js';
import { storeOptionsFor } from '../../store-options.js';
import { newPriorityClassTableConvertor } from './printer.js';
import { PriorityClassStrategy } from './strategy.js';
import { SYSTEM_PRIORITY_CLASSES } from './system-classes.js';

const RESOURCE = { group: 'scheduling.k8s.io', resource: 'priorityclasses' };

/** The priorityclasses REST: a Store refusing to delete system classes and a second global default. */
export class PriorityClassREST extends Store {
  // DeleteCollection goes through a plain Store, so it skips the system-class check as upstream's does.
  readonly #plain: Store;

  /** A store over `options`. */
  constructor(options: StoreOptions) {
    super(options);
    this.#plain = new Store(options);
  }

  /** The `Priority` admission check: a new default while another class is the default is forbidden. */
  async #admitGlobalDefault(ctx: RequestContext, pc: ApiObject, creating: boolean): Promise<void> {
    if (pc.globalDefault !== true) return;
    const current = defaultPriorityClass((await this.list(ctx, {})).items as ApiObject[]);
    if (current !== undefined && (creating || current.metadata.name !== pc.metadata.name)) {
      const name = pc.metadata.name ?? '';
      throw newForbidden(RESOURCE, name, `PriorityClass ${current.metadata.name ?? ''} is already marked as default. Only one default can exist`);
    }
  }

  /** Creates, after the admission check. */
  override create(ctx: RequestContext, obj: ApiObject, createValidation?: ValidateObjectFunc, options?: CreateOptions): Promise<ApiObject> {
    return super.create(
      ctx,
      obj,
      async (c, o) => {
        await this.#admitGlobalDefault(c, o, true);
        await createValidation?.(c, o);
      },
      options,
    );
  }

  /** Updates, with the admission check on the new object. */
  override update(
    ctx: RequestContext,
    name: string,
    objInfo: UpdatedObjectInfo,
    createValidation: ValidateObjectFunc | undefined,
    updateValidation: ValidateObjectUpdateFunc | undefined,
    forceAllowCreate: boolean,
    options?: UpdateOptions,
  ): Promise<UpdateResult> {
    const admitted: ValidateObjectUpdateFunc = async (c, o, old) => {
      await this.#admitGlobalDefault(c, o, false);
      await updateValidation?.(c, o, old);
    };
    return super.update(ctx, name, objInfo, createValidation, admitted, forceAllowCreate, options);
  }

  /** Deletes, unless `name` is a system class. */
  override delete(ctx: RequestContext, name: string, deleteValidation?: ValidateObjectFunc, options?: DeleteOptions): Promise<DeleteResult> {
    if (SYSTEM_PRIORITY_CLASSES.some((c) => c.name === name)) {
      return Promise.reject(newForbidden(RESOURCE, name, 'this is a system priority class and cannot be deleted'));
    }
    return super.delete(ctx, name, deleteValidation, options);
  }

  /** Deletes every selected class, system ones included. */
  override deleteCollection(
    ctx: RequestContext,
    deleteValidation: ValidateObjectFunc | undefined,
    options: DeleteOptions | undefined,
    listOptions: InternalListOptions | undefined,
  ): Promise<ApiList> {
    return this.#plain.deleteCollection(ctx, deleteValidation, options, listOptions);
  }
}

/** The `priorityclasses` storage of scheduling.k8s.io/v1. */
export function newPriorityClassStorage(getter: RESTOptionsGetter, printer?: PrinterOptions): Record<string, Storage> {
  const strategy = new PriorityClassStrategy();
  const options: StoreOptions = {
    ...storeOptionsFor(getter, { group: 'scheduling.k8s.io', version: 'v1', kind: 'PriorityClass', resource: 'priorityclasses', singular: 'priorityclass' }),
    strategies: { create: strategy, update: strategy, delete: strategy },
    tableConvertor: newPriorityClassTableConvertor(printer),
    shortNames: ['pc'],
  };
  return { priorityclasses: new PriorityClassREST(options) };
}
