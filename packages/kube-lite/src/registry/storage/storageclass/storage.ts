/**
 * StorageClass storage (pkg/registry/storage/storageclass/storage): `storageclasses` of storage.k8s.io/v1,
 * short name `sc`.
 * @module
 */
import { type Storage, Store } from '@apiserver/registry';
import type { PrinterOptions } from '../../../printers/index.js';
import type { RESTOptionsGetter } from '../../rest-options.js';
import { storeOptionsFor } from '../../store-options.js';
import { newStorageClassTableConvertor } from './printer.js';
import { StorageClassStrategy } from './strategy.js';

/** The `storageclasses` storage of storage.k8s.io/v1. */
export function newStorageClassStorage(getter: RESTOptionsGetter, options: { readonly printer?: PrinterOptions } = {}): Record<string, Storage> {
  const strategy = new StorageClassStrategy();
  const storageclasses = new Store({
    ...storeOptionsFor(getter, { group: 'storage.k8s.io', version: 'v1', kind: 'StorageClass', resource: 'storageclasses', singular: 'storageclass' }),
    strategies: { create: strategy, update: strategy, delete: strategy },
    // DELETE answers with the deleted object, as upstream's store sets ReturnDeletedObject.
    returnDeletedObject: true,
    tableConvertor: newStorageClassTableConvertor(options.printer),
    shortNames: ['sc'],
  });
  return { storageclasses };
}
