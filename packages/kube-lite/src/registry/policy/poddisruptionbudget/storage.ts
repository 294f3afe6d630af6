/**
 * PodDisruptionBudget storage (pkg/registry/policy/poddisruptionbudget/storage): `poddisruptionbudgets` (short
 * name `pdb`) and `poddisruptionbudgets/status` of policy/v1, and the status Store `pods/eviction` writes budgets through.
 * @module
 */
import { StatusREST, type Storage, Store, type StoreOptions } from '@apiserver/registry';
import type { PrinterOptions } from '../../../printers/index.js';
import type { RESTOptionsGetter } from '../../rest-options.js';
import { storeOptionsFor } from '../../store-options.js';
import { newPodDisruptionBudgetTableConvertor } from './printer.js';
import { newPodDisruptionBudgetStatusStrategy, PodDisruptionBudgetStrategy } from './strategy.js';

/** The poddisruptionbudgets' Store options (shared by the resource, its status and the pods' eviction). */
export function podDisruptionBudgetStoreOptions(getter: RESTOptionsGetter, printer?: PrinterOptions): StoreOptions {
  const strategy = new PodDisruptionBudgetStrategy();
  return {
    ...storeOptionsFor(getter, { group: 'policy', version: 'v1', kind: 'PodDisruptionBudget', resource: 'poddisruptionbudgets', singular: 'poddisruptionbudget' }),
    strategies: { create: strategy, update: strategy, delete: strategy },
    tableConvertor: newPodDisruptionBudgetTableConvertor(printer),
    shortNames: ['pdb'],
  };
}

/** A Store over the budgets that writes only their status (what `pods/eviction` spends budgets through). */
export function newPodDisruptionBudgetStatusStore(storeOptions: StoreOptions): Store {
  const strategy = new PodDisruptionBudgetStrategy();
  return new Store({ ...storeOptions, strategies: { ...storeOptions.strategies, update: newPodDisruptionBudgetStatusStrategy(strategy) }, destroy: () => {} });
}

/** The `poddisruptionbudgets` and `poddisruptionbudgets/status` storage of policy/v1. */
export function newPodDisruptionBudgetStorage(getter: RESTOptionsGetter, printer?: PrinterOptions): Record<string, Storage> {
  const storeOptions = podDisruptionBudgetStoreOptions(getter, printer);
  return {
    poddisruptionbudgets: new Store(storeOptions),
    'poddisruptionbudgets/status': new StatusREST(newPodDisruptionBudgetStatusStore(storeOptions)),
  };
}
