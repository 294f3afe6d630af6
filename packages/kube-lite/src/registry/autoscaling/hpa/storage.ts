/**
 * HorizontalPodAutoscaler storage (pkg/registry/autoscaling/horizontalpodautoscaler/storage):
 * `horizontalpodautoscalers` (short name `hpa`, category `all`) and `/status`, stored as autoscaling/v2 and also
 * served as autoscaling/v1.
 * @module
 */
import { StatusREST, type Storage, Store, type StoreOptions } from '@apiserver/registry';
import type { PrinterOptions } from '../../../printers/index.js';
import type { RESTOptionsGetter } from '../../rest-options.js';
import { storeOptionsFor } from '../../store-options.js';
import { newHPATableConvertor } from './printer.js';
import { HPAStrategy, newHPAStatusStrategy } from './strategy.js';
import { HPAV1REST, HPAV1StatusREST } from './v1-rest.js';

/** The v2 resource and its status, and their v1 views over the same store. */
export interface HPAStorage {
  /** autoscaling/v2 paths. */
  readonly v2: Record<string, Storage>;
  /** autoscaling/v1 paths. */
  readonly v1: Record<string, Storage>;
}

/** The `horizontalpodautoscalers` storage of autoscaling/v2 and v1. */
export function newHPAStorage(getter: RESTOptionsGetter, options: { readonly printer?: PrinterOptions } = {}): HPAStorage {
  const strategy = new HPAStrategy();
  const names = { group: 'autoscaling', version: 'v2', kind: 'HorizontalPodAutoscaler', resource: 'horizontalpodautoscalers', singular: 'horizontalpodautoscaler' };
  const storeOptions: StoreOptions = {
    ...storeOptionsFor(getter, names),
    strategies: { create: strategy, update: strategy, delete: strategy },
    tableConvertor: newHPATableConvertor(options.printer),
    shortNames: ['hpa'],
    categories: ['all'],
  };
  const store = new Store(storeOptions);
  const status = new StatusREST(storeOptions, newHPAStatusStrategy(strategy));
  return {
    v2: { horizontalpodautoscalers: store, 'horizontalpodautoscalers/status': status },
    v1: { horizontalpodautoscalers: new HPAV1REST(store), 'horizontalpodautoscalers/status': new HPAV1StatusREST(status, store) },
  };
}
