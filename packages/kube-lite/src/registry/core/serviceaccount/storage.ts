/**
 * The `serviceaccounts` resource storage (pkg/registry/core/serviceaccount/storage): a generic Store with
 * the ServiceAccount strategy and printer, short name `sa`. The `token` subresource (TokenRequest) is not
 * served.
 * @module
 */
import { type Storage, Store } from '@apiserver/registry';
import type { PrinterOptions } from '../../../printers/table-convertor.js';
import type { RESTOptionsGetter } from '../../rest-options.js';
import { storeOptionsFor } from '../../store-options.js';
import { newServiceAccountTableConvertor } from './printer.js';
import { ServiceAccountStrategy } from './strategy.js';

/** Builds the `serviceaccounts` Store. */
export function newServiceAccountStore(getter: RESTOptionsGetter, printer?: PrinterOptions): Store {
  const strategy = new ServiceAccountStrategy();
  return new Store({
    ...storeOptionsFor(getter, { group: '', version: 'v1', kind: 'ServiceAccount', resource: 'serviceaccounts', singular: 'serviceaccount' }),
    strategies: { create: strategy, update: strategy, delete: strategy },
    // As upstream's Store for this resource: DELETE answers the deleted object, not a Success Status.
    returnDeletedObject: true,
    tableConvertor: newServiceAccountTableConvertor(printer),
    shortNames: ['sa'],
  });
}

/** The `serviceaccounts` entry of the core/v1 storage map. */
export function newServiceAccountStorage(getter: RESTOptionsGetter): Record<string, Storage> {
  return { serviceaccounts: newServiceAccountStore(getter) };
}
