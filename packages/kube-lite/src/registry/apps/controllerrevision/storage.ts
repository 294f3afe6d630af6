/**
 * ControllerRevision storage (pkg/registry/apps/controllerrevision/storage): `controllerrevisions` of apps/v1,
 * no short names or categories.
 * @module
 */
import { type Storage, Store } from '@apiserver/registry';
import type { PrinterOptions } from '../../../printers/index.js';
import type { RESTOptionsGetter } from '../../rest-options.js';
import { storeOptionsFor } from '../../store-options.js';
import { newControllerRevisionTableConvertor } from './printer.js';
import { ControllerRevisionStrategy } from './strategy.js';

/** Options of the controllerrevision storage. */
export interface ControllerRevisionStorageOptions {
  /** Printer clock (tests). */
  readonly printer?: PrinterOptions;
}

/** The `controllerrevisions` storage of apps/v1. */
export function newControllerRevisionStorage(getter: RESTOptionsGetter, options: ControllerRevisionStorageOptions = {}): Record<string, Storage> {
  const strategy = new ControllerRevisionStrategy();
  const controllerrevisions = new Store({
    ...storeOptionsFor(getter, { group: 'apps', version: 'v1', kind: 'ControllerRevision', resource: 'controllerrevisions', singular: 'controllerrevision' }),
    strategies: { create: strategy, update: strategy, delete: strategy },
    tableConvertor: newControllerRevisionTableConvertor(options.printer),
  });
  return { controllerrevisions };
}
