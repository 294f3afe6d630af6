/**
 * ValidatingAdmissionPolicy storage (pkg/registry/admissionregistration/validatingadmissionpolicy/storage):
 * cluster-scoped `validatingadmissionpolicies` and `validatingadmissionpolicies/status` of
 * admissionregistration.k8s.io/v1, category `api-extensions`.
 * @module
 */
import { StatusREST, type Storage, Store, type StoreOptions } from '@apiserver/registry';
import type { PrinterOptions } from '../../../printers/index.js';
import type { RESTOptionsGetter } from '../../rest-options.js';
import { storeOptionsFor } from '../../store-options.js';
import { newValidatingAdmissionPolicyTableConvertor } from './printer.js';
import { newValidatingAdmissionPolicyStatusStrategy, ValidatingAdmissionPolicyStrategy } from './strategy.js';

/** The `validatingadmissionpolicies` and `validatingadmissionpolicies/status` storage. */
export function newValidatingAdmissionPolicyStorage(getter: RESTOptionsGetter, printer?: PrinterOptions): Record<string, Storage> {
  const strategy = new ValidatingAdmissionPolicyStrategy();
  const names = { group: 'admissionregistration.k8s.io', version: 'v1', kind: 'ValidatingAdmissionPolicy', resource: 'validatingadmissionpolicies', singular: 'validatingadmissionpolicy' };
  const storeOptions: StoreOptions = {
    ...storeOptionsFor(getter, names),
    strategies: { create: strategy, update: strategy, delete: strategy },
    tableConvertor: newValidatingAdmissionPolicyTableConvertor(printer),
    categories: ['api-extensions'],
  };
  return {
    validatingadmissionpolicies: new Store(storeOptions),
    'validatingadmissionpolicies/status': new StatusREST(storeOptions, newValidatingAdmissionPolicyStatusStrategy(strategy)),
  };
}
