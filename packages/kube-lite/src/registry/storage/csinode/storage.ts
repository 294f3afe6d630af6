/**
 * CSINode storage (pkg/registry/storage/csinode/storage): `csinodes` of storage.k8s.io/v1.
 * @module
 */
import { type Storage, Store } from '@apiserver/registry';
import type { PrinterOptions } from '../../../printers/index.js';
import type { RESTOptionsGetter } from '../../rest-options.js';
import { storeOptionsFor } from '../../store-options.js';
import { newCSINodeTableConvertor } from './printer.js';
import { CSINodeStrategy } from './strategy.js';

/** The `csinodes` storage of storage.k8s.io/v1. */
export function newCSINodeStorage(getter: RESTOptionsGetter, options: { readonly printer?: PrinterOptions } = {}): Record<string, Storage> {
  const strategy = new CSINodeStrategy();
  const csinodes = new Store({
    ...storeOptionsFor(getter, { group: 'storage.k8s.io', version: 'v1', kind: 'CSINode', resource: 'csinodes', singular: 'csinode' }),
    strategies: { create: strategy, update: strategy, delete: strategy },
    // DELETE answers with the deleted object, as upstream's store sets ReturnDeletedObject.
    returnDeletedObject: true,
    tableConvertor: newCSINodeTableConvertor(options.printer),
  });
  return { csinodes };
}
