/**
 * EndpointSlice storage (pkg/registry/discovery/endpointslice/storage): `endpointslices` of
 * discovery.k8s.io/v1, namespaced, no short names or categories.
 * @module
 */
import { type Storage, Store } from '@apiserver/registry';
import type { PrinterOptions } from '../../../printers/index.js';
import type { RESTOptionsGetter } from '../../rest-options.js';
import { newEndpointSliceTableConvertor } from './printer.js';
import { EndpointSliceStrategy } from './strategy.js';

/** Options of the EndpointSlice storage. */
export interface EndpointSliceStorageOptions {
  /** Printer clock (tests). */
  readonly printer?: PrinterOptions;
}

/** The `endpointslices` storage of discovery.k8s.io/v1. */
export function newEndpointSliceStorage(getter: RESTOptionsGetter, options: EndpointSliceStorageOptions = {}): Record<string, Storage> {
  const { storage, resourcePrefix } = getter.getRESTOptions({ group: 'discovery.k8s.io', resource: 'endpointslices' });
  const strategy = new EndpointSliceStrategy();
  const endpointslices = new Store({
    newObject: () => ({ apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice', metadata: {} }),
    newList: () => ({ apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSliceList', metadata: {}, items: [] }),
    defaultQualifiedResource: { group: 'discovery.k8s.io', resource: 'endpointslices' },
    singularQualifiedResource: { group: 'discovery.k8s.io', resource: 'endpointslice' },
    storage,
    resourcePrefix,
    strategies: { create: strategy, update: strategy, delete: strategy },
    tableConvertor: newEndpointSliceTableConvertor(options.printer),
  });
  return { endpointslices };
}
