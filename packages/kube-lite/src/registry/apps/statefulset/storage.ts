/**
 * StatefulSet storage (pkg/registry/apps/statefulset/storage): `statefulsets` (short name `sts`, category
 * `all`), `statefulsets/status` and `statefulsets/scale` (autoscaling/v1 Scale).
 * @module
 */
import { ScaleREST, StatusREST, type Storage, Store, type StoreOptions } from '@apiserver/registry';
import type { PrinterOptions } from '../../../printers/index.js';
import type { RESTOptionsGetter } from '../../rest-options.js';
import { storeOptionsFor } from '../../store-options.js';
import { workloadScale } from '../scale/scale-rest.js';
import { newStatefulSetTableConvertor } from './printer.js';
import { newStatefulSetStatusStrategy, StatefulSetStrategy } from './strategy.js';

/** Options of the statefulset storage. */
export interface StatefulSetStorageOptions {
  /** Printer clock (tests). */
  readonly printer?: PrinterOptions;
}

/** The `statefulsets`, `statefulsets/status` and `statefulsets/scale` storage of apps/v1. */
export function newStatefulSetStorage(getter: RESTOptionsGetter, options: StatefulSetStorageOptions = {}): Record<string, Storage> {
  const strategy = new StatefulSetStrategy();
  const storeOptions: StoreOptions = {
    ...storeOptionsFor(getter, { group: 'apps', version: 'v1', kind: 'StatefulSet', resource: 'statefulsets', singular: 'statefulset' }),
    strategies: { create: strategy, update: strategy, delete: strategy },
    tableConvertor: newStatefulSetTableConvertor(options.printer),
    shortNames: ['sts'],
    categories: ['all'],
  };
  const statefulsets = new Store(storeOptions);
  return {
    statefulsets,
    'statefulsets/status': new StatusREST(storeOptions, newStatefulSetStatusStrategy(strategy)),
    'statefulsets/scale': new ScaleREST(statefulsets, workloadScale, { group: 'apps', resource: 'statefulsets/scale' }),
  };
}
