/**
 * Volume storage (pkg/registry/core/persistentvolume/storage): `persistentvolumes` (cluster-scoped, short name
 * `pv`) and `persistentvolumes/status`.
 * @module
 */
import { StatusREST, type Storage, Store, type StoreOptions } from '@apiserver/registry';
import type { PrinterOptions } from '../../../printers/index.js';
import type { RESTOptionsGetter } from '../../rest-options.js';
import { storeOptionsFor } from '../../store-options.js';
import { newPersistentVolumeTableConvertor } from './printer.js';
import { PersistentVolumeStatusStrategy, PersistentVolumeStrategy } from './strategy.js';

/** Options of the volume storage. */
export interface PersistentVolumeStorageOptions {
  /** Printer clock (tests). */
  readonly printer?: PrinterOptions;
  /** Clock of the phase transition times, epoch ms (tests). */
  readonly now?: () => number;
}

/** The `persistentvolumes` and `persistentvolumes/status` storage of the core group. */
export function newPersistentVolumeStorage(getter: RESTOptionsGetter, options: PersistentVolumeStorageOptions = {}): Record<string, Storage> {
  const strategy = new PersistentVolumeStrategy(options.now);
  const storeOptions: StoreOptions = {
    ...storeOptionsFor(getter, { group: '', version: 'v1', kind: 'PersistentVolume', resource: 'persistentvolumes', singular: 'persistentvolume' }),
    strategies: { create: strategy, update: strategy, delete: strategy },
    // As upstream's Store for this resource: DELETE answers the deleted object, not a Success Status.
    returnDeletedObject: true,
    tableConvertor: newPersistentVolumeTableConvertor(options.printer),
    shortNames: ['pv'],
  };
  return {
    persistentvolumes: new Store(storeOptions),
    'persistentvolumes/status': new StatusREST(storeOptions, new PersistentVolumeStatusStrategy(strategy)),
  };
}
