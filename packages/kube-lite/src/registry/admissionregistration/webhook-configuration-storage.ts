/**
 * Webhook configuration storage (pkg/registry/admissionregistration/validatingwebhookconfiguration/storage and
 * mutatingwebhookconfiguration/storage): cluster-scoped `validatingwebhookconfigurations` and
 * `mutatingwebhookconfigurations` of admissionregistration.k8s.io/v1, category `api-extensions`.
 * @module
 */
import { type Storage, Store } from '@apiserver/registry';
import type { PrinterOptions } from '../../printers/index.js';
import type { RESTOptionsGetter } from '../rest-options.js';
import { storeOptionsFor } from '../store-options.js';
import { WebhookConfigurationStrategy } from './webhook-configuration-strategy.js';
import { newWebhookConfigurationTableConvertor } from './webhook-printer.js';

function newStore(getter: RESTOptionsGetter, mutating: boolean, printer: PrinterOptions | undefined): Store {
  const kind = mutating ? 'MutatingWebhookConfiguration' : 'ValidatingWebhookConfiguration';
  const singular = kind.toLowerCase();
  const strategy = new WebhookConfigurationStrategy(mutating);
  return new Store({
    ...storeOptionsFor(getter, { group: 'admissionregistration.k8s.io', version: 'v1', kind, resource: `${singular}s`, singular }),
    strategies: { create: strategy, update: strategy, delete: strategy },
    tableConvertor: newWebhookConfigurationTableConvertor(printer),
    categories: ['api-extensions'],
  });
}

/** The `validatingwebhookconfigurations` storage. */
export function newValidatingWebhookConfigurationStorage(getter: RESTOptionsGetter, printer?: PrinterOptions): Record<string, Storage> {
  return { validatingwebhookconfigurations: newStore(getter, false, printer) };
}

/** The `mutatingwebhookconfigurations` storage. */
export function newMutatingWebhookConfigurationStorage(getter: RESTOptionsGetter, printer?: PrinterOptions): Record<string, Storage> {
  return { mutatingwebhookconfigurations: newStore(getter, true, printer) };
}
