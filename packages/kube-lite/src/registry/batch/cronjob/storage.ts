/**
 * CronJob storage (pkg/registry/batch/cronjob/storage): `cronjobs` (short name `cj`, category `all`) and
 * `cronjobs/status` of batch/v1.
 * @module
 */
import { StatusREST, type Storage, Store, type StoreOptions } from '@apiserver/registry';
import type { PrinterOptions } from '../../../printers/index.js';
import type { RESTOptionsGetter } from '../../rest-options.js';
import { storeOptionsFor } from '../../store-options.js';
import { newCronJobTableConvertor } from './printer.js';
import { CronJobStrategy, newCronJobStatusStrategy } from './strategy.js';

/** Options of the cronjob storage. */
export interface CronJobStorageOptions {
  /** Printer clock (tests). */
  readonly printer?: PrinterOptions;
}

/** The `cronjobs` and `cronjobs/status` storage of batch/v1. */
export function newCronJobStorage(getter: RESTOptionsGetter, options: CronJobStorageOptions = {}): Record<string, Storage> {
  const strategy = new CronJobStrategy();
  const storeOptions: StoreOptions = {
    ...storeOptionsFor(getter, { group: 'batch', version: 'v1', kind: 'CronJob', resource: 'cronjobs', singular: 'cronjob' }),
    strategies: { create: strategy, update: strategy, delete: strategy },
    tableConvertor: newCronJobTableConvertor(options.printer),
    shortNames: ['cj'],
    categories: ['all'],
  };
  return { cronjobs: new Store(storeOptions), 'cronjobs/status': new StatusREST(storeOptions, newCronJobStatusStrategy(strategy)) };
}
