/**
 * ValidatingAdmissionPolicyBinding storage (pkg/registry/admissionregistration/validatingadmissionpolicybinding/
 * storage): cluster-scoped `validatingadmissionpolicybindings` of admissionregistration.k8s.io/v1, category
 * `api-extensions`.
 * @module
 */
import { type Storage, Store } from '@apiserver/registry';
import type { PrinterOptions } from '../../../printers/index.js';
import type { RESTOptionsGetter } from '../../rest-options.js';
import { storeOptionsFor } from '../../store-options.js';
import { newValidatingAdmissionPolicyBindingTableConvertor } from './printer.js';
import { ValidatingAdmissionPolicyBindingStrategy } from './strategy.js';

/** The `validatingadmissionpolicybindings` storage. */
export function newValidatingAdmissionPolicyBindingStorage(getter: RESTOptionsGetter, printer?: PrinterOptions): Record<string, Storage> {
  const strategy = new ValidatingAdmissionPolicyBindingStrategy();
  const names = {
    group: 'admissionregistration.k8s.io',
    version: 'v1',
    kind: 'ValidatingAdmissionPolicyBinding',
    resource: 'validatingadmissionpolicybindings',
    singular: 'validatingadmissionpolicybinding',
  };
  const store = new Store({
    ...storeOptionsFor(getter, names),
    strategies: { create: strategy, update: strategy, delete: strategy },
    tableConvertor: newValidatingAdmissionPolicyBindingTableConvertor(printer),
    categories: ['api-extensions'],
  });
  return { validatingadmissionpolicybindings: store };
}
