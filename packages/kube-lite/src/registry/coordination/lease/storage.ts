/**
 * Lease storage (pkg/registry/coordination/lease/storage): `leases` of coordination.k8s.io/v1,
 * namespaced, no short names or categories.
 * @module
 */
import { type Storage, Store } from '@apiserver/registry';
import type { PrinterOptions } from '../../../printers/index.js';
import type { RESTOptionsGetter } from '../../rest-options.js';
import { storeOptionsFor } from '../../store-options.js';
import { newLeaseTableConvertor } from './printer.js';
import { LeaseStrategy } from './strategy.js';

/** Options of the lease storage. */
export interface LeaseStorageOptions {
  /** Printer clock (tests). */
  readonly printer?: PrinterOptions;
}

/** The `leases` storage of coordination.k8s.io/v1. */
export function newLeaseStorage(getter: RESTOptionsGetter, options: LeaseStorageOptions = {}): Record<string, Storage> {
  const strategy = new LeaseStrategy();
  const leases = new Store({
    ...storeOptionsFor(getter, { group: 'coordination.k8s.io', version: 'v1', kind: 'Lease', resource: 'leases', singular: 'lease' }),
    strategies: { create: strategy, update: strategy, delete: strategy },
    tableConvertor: newLeaseTableConvertor(options.printer),
  });
  return { leases };
}
