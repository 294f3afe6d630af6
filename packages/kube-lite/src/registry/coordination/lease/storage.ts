/**
 * Lease storage (pkg/registry/coordination/lease/storage): `leases` of coordination.k8s.io/v1,
 * namespaced, no short names or categories.
 * @module
 */
import { type Storage, Store } from '@apiserver/registry';
import type { PrinterOptions } from '../../../printers/index.js';
import type { RESTOptionsGetter } from '../../rest-options.js';
import { newLeaseTableConvertor } from './printer.js';
import { LeaseStrategy } from './strategy.js';

/** Options of the lease storage. */
export interface LeaseStorageOptions {
  /** Printer clock (tests). */
  readonly printer?: PrinterOptions;
}

/** The `leases` storage of coordination.k8s.io/v1. */
export function newLeaseStorage(getter: RESTOptionsGetter, options: LeaseStorageOptions = {}): Record<string, Storage> {
  const { storage, resourcePrefix } = getter.getRESTOptions({ group: 'coordination.k8s.io', resource: 'leases' });
  const strategy = new LeaseStrategy();
  const leases = new Store({
    newObject: () => ({ apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: {} }),
    newList: () => ({ apiVersion: 'coordination.k8s.io/v1', kind: 'LeaseList', metadata: {}, items: [] }),
    defaultQualifiedResource: { group: 'coordination.k8s.io', resource: 'leases' },
    singularQualifiedResource: { group: 'coordination.k8s.io', resource: 'lease' },
    storage,
    resourcePrefix,
    strategies: { create: strategy, update: strategy, delete: strategy },
    tableConvertor: newLeaseTableConvertor(options.printer),
  });
  return { leases };
}
