/**
 * NetworkPolicy storage (pkg/registry/networking/networkpolicy/storage): `networkpolicies` (short name `netpol`)
 * of networking.k8s.io/v1.
 * @module
 */
import { type Storage, Store } from '@apiserver/registry';
import type { PrinterOptions } from '../../../printers/index.js';
import type { RESTOptionsGetter } from '../../rest-options.js';
import { storeOptionsFor } from '../../store-options.js';
import { newNetworkPolicyTableConvertor } from './printer.js';
import { NetworkPolicyStrategy } from './strategy.js';

/** The `networkpolicies` storage of networking.k8s.io/v1. */
export function newNetworkPolicyStorage(getter: RESTOptionsGetter, printer?: PrinterOptions): Record<string, Storage> {
  const strategy = new NetworkPolicyStrategy();
  const store = new Store({
    ...storeOptionsFor(getter, { group: 'networking.k8s.io', version: 'v1', kind: 'NetworkPolicy', resource: 'networkpolicies', singular: 'networkpolicy' }),
    strategies: { create: strategy, update: strategy, delete: strategy },
    tableConvertor: newNetworkPolicyTableConvertor(printer),
    shortNames: ['netpol'],
  });
  return { networkpolicies: store };
}
