/**
 * CSIStorageCapacity storage (pkg/registry/storage/csistoragecapacity/storage): namespaced
 * `csistoragecapacities` of storage.k8s.io/v1.
 * @module
 */
import { type Storage, Store } from '@apiserver/registry';
import type { PrinterOptions } from '../../../printers/index.js';
import type { RESTOptionsGetter } from '../../rest-options.js';
import { storeOptionsFor } from '../../store-options.js';
import { newCSIStorageCapacityTableConvertor } from './printer.js';
import { CSIStorageCapacityStrategy } from './strategy.js';

/** The `csistoragecapacities` storage of storage.k8s.io/v1. */
export function newCSIStorageCapacityStorage(getter: RESTOptionsGetter, options: { readonly printer?: PrinterOptions } = {}): Record<string, Storage> {
  const strategy = new CSIStorageCapacityStrategy();
  const names = { group: 'storage.k8s.io', version: 'v1', kind: 'CSIStorageCapacity', resource: 'csistoragecapacities', singular: 'csistoragecapacity' };
  const csistoragecapacities = new Store({
    ...storeOptionsFor(getter, names),
    strategies: { create: strategy, update: strategy, delete: strategy },
    tableConvertor: newCSIStorageCapacityTableConvertor(options.printer),
  });
  return { csistoragecapacities };
}
