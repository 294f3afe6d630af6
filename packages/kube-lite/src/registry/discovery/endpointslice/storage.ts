/**
 * EndpointSlice storage (pkg/registry/discovery/endpointslice/storage): `endpointslices` of
 * discovery.k8s.io/v1, namespaced, no short names or categories.
 * @module
 */
import { type Storage, Store } from '@apiserver/registry';
import type { PrinterOptions } from '../../../printers/index.js';
import type { RESTOptionsGetter } from '../../rest-options.js';
import { storeOptionsFor } from '../../store-options.js';
import { newEndpointSliceTableConvertor } from './printer.js';
import { EndpointSliceStrategy } from './strategy.js';

/** Options of the EndpointSlice storage. */
export interface EndpointSliceStorageOptions {
  /** Printer clock (tests). */
  readonly printer?: PrinterOptions;
}

/** The `endpointslices` storage of discovery.k8s.io/v1. */
export function newEndpointSliceStorage(getter: RESTOptionsGetter, options: EndpointSliceStorageOptions = {}): Record<string, Storage> {
  const strategy = new EndpointSliceStrategy();
  const endpointslices = new Store({
    ...storeOptionsFor(getter, { group: 'discovery.k8s.io', version: 'v1', kind: 'EndpointSlice', resource: 'endpointslices', singular: 'endpointslice' }),
    strategies: { create: strategy, update: strategy, delete: strategy },
    tableConvertor: newEndpointSliceTableConvertor(options.printer),
  });
  return { endpointslices };
}
