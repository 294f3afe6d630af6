/**
 * Claim storage (pkg/registry/core/persistentvolumeclaim/storage): `persistentvolumeclaims` (short name `pvc`)
 * and `persistentvolumeclaims/status`.
 * @module
 */
import { StatusREST, type Storage, Store, type StoreOptions } from '@apiserver/registry';
import type { PrinterOptions } from '../../../printers/index.js';
import type { RESTOptionsGetter } from '../../rest-options.js';
import { storeOptionsFor } from '../../store-options.js';
import { newPersistentVolumeClaimTableConvertor } from './printer.js';
import { newPersistentVolumeClaimStatusStrategy, PersistentVolumeClaimStrategy } from './strategy.js';

/** Options of the claim storage. */
export interface PersistentVolumeClaimStorageOptions {
  /** Printer clock (tests). */
  readonly printer?: PrinterOptions;
}

/** The `persistentvolumeclaims` and `persistentvolumeclaims/status` storage of the core group. */
export function newPersistentVolumeClaimStorage(getter: RESTOptionsGetter, options: PersistentVolumeClaimStorageOptions = {}): Record<string, Storage> {
  const strategy = new PersistentVolumeClaimStrategy();
  const storeOptions: StoreOptions = {
    ...storeOptionsFor(getter, { group: '', version: 'v1', kind: 'PersistentVolumeClaim', resource: 'persistentvolumeclaims', singular: 'persistentvolumeclaim' }),
    strategies: { create: strategy, update: strategy, delete: strategy },
    // As upstream's Store for this resource: DELETE answers the deleted object, not a Success Status.
    returnDeletedObject: true,
    tableConvertor: newPersistentVolumeClaimTableConvertor(options.printer),
    shortNames: ['pvc'],
  };
  return {
    persistentvolumeclaims: new Store(storeOptions),
    'persistentvolumeclaims/status': new StatusREST(storeOptions, newPersistentVolumeClaimStatusStrategy(strategy)),
  };
}
