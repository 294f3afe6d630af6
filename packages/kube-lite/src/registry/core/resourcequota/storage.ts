/**
 * Quota storage (pkg/registry/core/resourcequota/storage): `resourcequotas` (short name `quota`) and
 * `resourcequotas/status`.
 * @module
 */
import { StatusREST, type Storage, Store, type StoreOptions } from '@apiserver/registry';
import type { PrinterOptions } from '../../../printers/index.js';
import type { RESTOptionsGetter } from '../../rest-options.js';
import { storeOptionsFor } from '../../store-options.js';
import { newResourceQuotaTableConvertor } from './printer.js';
import { newResourceQuotaStatusStrategy, newResourceQuotaStrategy } from './strategy.js';

/** The `resourcequotas` and `resourcequotas/status` storage of the core group. */
export function newResourceQuotaStorage(getter: RESTOptionsGetter, printer?: PrinterOptions): Record<string, Storage> {
  const strategy = newResourceQuotaStrategy();
  const storeOptions: StoreOptions = {
    ...storeOptionsFor(getter, { group: '', version: 'v1', kind: 'ResourceQuota', resource: 'resourcequotas', singular: 'resourcequota' }),
    strategies: { create: strategy, update: strategy, delete: strategy },
    // As upstream's Store for this resource: DELETE answers the deleted object, not a Success Status.
    returnDeletedObject: true,
    tableConvertor: newResourceQuotaTableConvertor(printer),
    shortNames: ['quota'],
  };
  return { resourcequotas: new Store(storeOptions), 'resourcequotas/status': new StatusREST(storeOptions, newResourceQuotaStatusStrategy(strategy)) };
}
