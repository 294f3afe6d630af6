/**
 * CSIDriver storage (pkg/registry/storage/csidriver/storage): `csidrivers` of storage.k8s.io/v1.
 * @module
 */
import { type Storage, Store } from '@apiserver/registry';
import type { PrinterOptions } from '../../../printers/index.js';
import type { RESTOptionsGetter } from '../../rest-options.js';
import { storeOptionsFor } from '../../store-options.js';
import { newCSIDriverTableConvertor } from './printer.js';
import { CSIDriverStrategy } from './strategy.js';

/** The `csidrivers` storage of storage.k8s.io/v1. */
export function newCSIDriverStorage(getter: RESTOptionsGetter, options: { readonly printer?: PrinterOptions } = {}): Record<string, Storage> {
  const strategy = new CSIDriverStrategy();
  const csidrivers = new Store({
    ...storeOptionsFor(getter, { group: 'storage.k8s.io', version: 'v1', kind: 'CSIDriver', resource: 'csidrivers', singular: 'csidriver' }),
    strategies: { create: strategy, update: strategy, delete: strategy },
    // DELETE answers with the deleted object, as upstream's store sets ReturnDeletedObject.
    returnDeletedObject: true,
    tableConvertor: newCSIDriverTableConvertor(options.printer),
  });
  return { csidrivers };
}
