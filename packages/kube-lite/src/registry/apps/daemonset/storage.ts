/**
 * DaemonSet storage (pkg/registry/apps/daemonset/storage): `daemonsets` (short name `ds`, category `all`) and
 * `daemonsets/status`.
 * @module
 */
import { StatusREST, type Storage, Store, type StoreOptions } from '@apiserver/registry';
import type { PrinterOptions } from '../../../printers/index.js';
import type { RESTOptionsGetter } from '../../rest-options.js';
import { storeOptionsFor } from '../../store-options.js';
import { newDaemonSetTableConvertor } from './printer.js';
import { DaemonSetStrategy, newDaemonSetStatusStrategy } from './strategy.js';

/** Options of the daemonset storage. */
export interface DaemonSetStorageOptions {
  /** Printer clock (tests). */
  readonly printer?: PrinterOptions;
}

/** The `daemonsets` and `daemonsets/status` storage of apps/v1. */
export function newDaemonSetStorage(getter: RESTOptionsGetter, options: DaemonSetStorageOptions = {}): Record<string, Storage> {
  const strategy = new DaemonSetStrategy();
  const storeOptions: StoreOptions = {
    ...storeOptionsFor(getter, { group: 'apps', version: 'v1', kind: 'DaemonSet', resource: 'daemonsets', singular: 'daemonset' }),
    strategies: { create: strategy, update: strategy, delete: strategy },
    tableConvertor: newDaemonSetTableConvertor(options.printer),
    shortNames: ['ds'],
    categories: ['all'],
  };
  return { daemonsets: new Store(storeOptions), 'daemonsets/status': new StatusREST(storeOptions, newDaemonSetStatusStrategy(strategy)) };
}
