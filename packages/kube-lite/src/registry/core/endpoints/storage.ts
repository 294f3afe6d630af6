/**
 * The `endpoints` resource storage (pkg/registry/core/endpoint/storage): a generic Store with the Endpoints
 * strategy and printer, short name `ep`.
 * @module
 */
import { type Storage, Store } from '@apiserver/registry';
import type { PrinterOptions } from '../../../printers/index.js';
import type { RESTOptionsGetter } from '../../rest-options.js';
import { storeOptionsFor } from '../../store-options.js';
import { newEndpointsTableConvertor } from './printer.js';
import { newEndpointsStrategy } from './strategy.js';

/** Builds the `endpoints` Store. */
export function newEndpointsStore(getter: RESTOptionsGetter, printer?: PrinterOptions): Store {
  const strategy = newEndpointsStrategy();
  return new Store({
    ...storeOptionsFor(getter, { group: '', version: 'v1', kind: 'Endpoints', resource: 'endpoints', singular: 'endpoints' }),
    strategies: { create: strategy, update: strategy, delete: strategy },
    tableConvertor: newEndpointsTableConvertor(printer),
    shortNames: ['ep'],
  });
}

/** The `endpoints` entry of the core/v1 storage map. */
export function newEndpointsStorage(getter: RESTOptionsGetter): Record<string, Storage> {
  return { endpoints: newEndpointsStore(getter) };
}
