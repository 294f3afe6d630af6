/**
 * IngressClass storage (pkg/registry/networking/ingressclass/storage): cluster-scoped `ingressclasses` of
 * networking.k8s.io/v1.
 * @module
 */
import { type Storage, Store } from '@apiserver/registry';
import type { PrinterOptions } from '../../../printers/index.js';
import type { RESTOptionsGetter } from '../../rest-options.js';
import { storeOptionsFor } from '../../store-options.js';
import { newIngressClassTableConvertor } from './printer.js';
import { IngressClassStrategy } from './strategy.js';

/** The `ingressclasses` storage of networking.k8s.io/v1. */
export function newIngressClassStorage(getter: RESTOptionsGetter, printer?: PrinterOptions): Record<string, Storage> {
  const strategy = new IngressClassStrategy();
  const store = new Store({
    ...storeOptionsFor(getter, { group: 'networking.k8s.io', version: 'v1', kind: 'IngressClass', resource: 'ingressclasses', singular: 'ingressclass' }),
    strategies: { create: strategy, update: strategy, delete: strategy },
    tableConvertor: newIngressClassTableConvertor(printer),
  });
  return { ingressclasses: store };
}
