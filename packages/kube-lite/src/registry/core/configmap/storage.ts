/**
 * The `configmaps` resource storage (pkg/registry/core/configmap/storage): a generic Store with the
 * ConfigMap strategy and printer, short name `cm`.
 * @module
 */
import { type Storage, Store } from '@apiserver/registry';
import type { PrinterOptions } from '../../../printers/table-convertor.js';
import type { RESTOptionsGetter } from '../../rest-options.js';
import { storeOptionsFor } from '../../store-options.js';
import { newConfigMapTableConvertor } from './printer.js';
import { newConfigMapStrategy } from './strategy.js';

/** Builds the `configmaps` Store. */
export function newConfigMapStore(getter: RESTOptionsGetter, printer?: PrinterOptions): Store {
  const strategy = newConfigMapStrategy();
  return new Store({
    ...storeOptionsFor(getter, { group: '', version: 'v1', kind: 'ConfigMap', resource: 'configmaps', singular: 'configmap' }),
    strategies: { create: strategy, update: strategy, delete: strategy },
    tableConvertor: newConfigMapTableConvertor(printer),
    shortNames: ['cm'],
  });
}

/** The `configmaps` entry of the core/v1 storage map. */
export function newConfigMapStorage(getter: RESTOptionsGetter): Record<string, Storage> {
  return { configmaps: newConfigMapStore(getter) };
}
