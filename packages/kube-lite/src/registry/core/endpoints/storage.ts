/**
 * The `endpoints` resource storage (pkg/registry/core/endpoint/storage): a generic Store with the Endpoints
 * strategy and printer, short name `ep`.
 * @module
 */
import { type Storage, Store } from '@apiserver/registry';
import type { PrinterOptions } from '../../../printers/index.js';
import type { RESTOptionsGetter } from '../../rest-options.js';
import { newEndpointsTableConvertor } from './printer.js';
import { newEndpointsStrategy } from './strategy.js';

/** Builds the `endpoints` Store. */
export function newEndpointsStore(getter: RESTOptionsGetter, printer?: PrinterOptions): Store {
  const { storage, resourcePrefix } = getter.getRESTOptions({ group: '', resource: 'endpoints' });
  const strategy = newEndpointsStrategy();
  return new Store({
    newObject: () => ({ apiVersion: 'v1', kind: 'Endpoints', metadata: {} }),
    newList: () => ({ apiVersion: 'v1', kind: 'EndpointsList', metadata: {}, items: [] }),
    defaultQualifiedResource: { group: '', resource: 'endpoints' },
    singularQualifiedResource: { group: '', resource: 'endpoints' },
    storage,
    resourcePrefix,
    strategies: { create: strategy, update: strategy, delete: strategy },
    tableConvertor: newEndpointsTableConvertor(printer),
    shortNames: ['ep'],
  });
}

/** The `endpoints` entry of the core/v1 storage map. */
export function newEndpointsStorage(getter: RESTOptionsGetter): Record<string, Storage> {
  return { endpoints: newEndpointsStore(getter) };
}
