/**
 * PodDisruptionBudget storage (pkg/registry/policy/poddisruptionbudget/storage): `poddisruptionbudgets` (short
 * name `pdb`) and `poddisruptionbudgets/status` of policy/v1.
 * @module
 */
import { StatusREST, type Storage, Store, type StoreOptions } from '@apiserver/registry';
import type { PrinterOptions } from '../../../printers/index.js';
import type { RESTOptionsGetter } from '../../rest-options.js';
import { storeOptionsFor } from '../../store-options.js';
import { newPodDisruptionBudgetTableConvertor } from './printer.js';
import { newPodDisruptionBudgetStatusStrategy, PodDisruptionBudgetStrategy } from './strategy.js';

/** The `poddisruptionbudgets` and `poddisruptionbudgets/status` storage of policy/v1. */
export function newPodDisruptionBudgetStorage(getter: RESTOptionsGetter, printer?: PrinterOptions): Record<string, Storage> {
  const strategy = new PodDisruptionBudgetStrategy();
  const storeOptions: StoreOptions = {
    ...storeOptionsFor(getter, { group: 'policy', version: 'v1', kind: 'PodDisruptionBudget', resource: 'poddisruptionbudgets', singular: 'poddisruptionbudget' }),
    strategies: { create: strategy, update: strategy, delete: strategy },
    tableConvertor: newPodDisruptionBudgetTableConvertor(printer),
    shortNames: ['pdb'],
  };
  return {
    poddisruptionbudgets: new Store(storeOptions),
    'poddisruptionbudgets/status': new StatusREST(storeOptions, newPodDisruptionBudgetStatusStrategy(strategy)),
  };
}
