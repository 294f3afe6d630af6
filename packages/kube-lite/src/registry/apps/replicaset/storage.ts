/**
 * ReplicaSet storage (pkg/registry/apps/replicaset/storage): `replicasets` (short name `rs`, category
 * `all`), `replicasets/status` and `replicasets/scale` (autoscaling/v1 Scale).
 * @module
 */
import { ScaleREST, StatusREST, type Storage, Store, type StoreOptions } from '@apiserver/registry';
import type { PrinterOptions } from '../../../printers/index.js';
import type { RESTOptionsGetter } from '../../rest-options.js';
import { storeOptionsFor } from '../../store-options.js';
import { workloadScale } from '../scale/scale-rest.js';
import { newReplicaSetTableConvertor } from './printer.js';
import { newReplicaSetStatusStrategy, ReplicaSetStrategy } from './strategy.js';

/** Options of the replicaset storage. */
export interface ReplicaSetStorageOptions {
  /** Printer clock (tests). */
  readonly printer?: PrinterOptions;
}

/** The `replicasets`, `replicasets/status` and `replicasets/scale` storage of apps/v1. */
export function newReplicaSetStorage(getter: RESTOptionsGetter, options: ReplicaSetStorageOptions = {}): Record<string, Storage> {
  const strategy = new ReplicaSetStrategy();
  const storeOptions: StoreOptions = {
    ...storeOptionsFor(getter, { group: 'apps', version: 'v1', kind: 'ReplicaSet', resource: 'replicasets', singular: 'replicaset' }),
    strategies: { create: strategy, update: strategy, delete: strategy },
    tableConvertor: newReplicaSetTableConvertor(options.printer),
    shortNames: ['rs'],
    categories: ['all'],
  };
  const replicasets = new Store(storeOptions);
  return {
    replicasets,
    'replicasets/status': new StatusREST(storeOptions, newReplicaSetStatusStrategy(strategy)),
    'replicasets/scale': new ScaleREST(replicasets, workloadScale, { group: 'apps', resource: 'replicasets/scale' }),
  };
}
