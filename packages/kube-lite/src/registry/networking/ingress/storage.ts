/**
 * Ingress storage (pkg/registry/networking/ingress/storage): `ingresses` (short name `ing`) and `ingresses/status`
 * of networking.k8s.io/v1.
 * @module
 */
import { StatusREST, type Storage, Store, type StoreOptions } from '@apiserver/registry';
import type { PrinterOptions } from '../../../printers/index.js';
import type { RESTOptionsGetter } from '../../rest-options.js';
import { storeOptionsFor } from '../../store-options.js';
import { newIngressTableConvertor } from './printer.js';
import { newIngressStatusStrategy, newIngressStrategy } from './strategy.js';

/** Options of the ingress storage. */
export interface IngressStorageOptions {
  /** Printer clock (tests). */
  readonly printer?: PrinterOptions;
}

/** The `ingresses` and `ingresses/status` storage of networking.k8s.io/v1. */
export function newIngressStorage(getter: RESTOptionsGetter, options: IngressStorageOptions = {}): Record<string, Storage> {
  const strategy = newIngressStrategy();
  const storeOptions: StoreOptions = {
    ...storeOptionsFor(getter, { group: 'networking.k8s.io', version: 'v1', kind: 'Ingress', resource: 'ingresses', singular: 'ingress' }),
    strategies: { create: strategy, update: strategy, delete: strategy },
    tableConvertor: newIngressTableConvertor(options.printer),
    shortNames: ['ing'],
  };
  return { ingresses: new Store(storeOptions), 'ingresses/status': new StatusREST(storeOptions, newIngressStatusStrategy(strategy)) };
}
