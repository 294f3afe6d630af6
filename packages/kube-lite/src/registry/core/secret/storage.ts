/**
 * The `secrets` resource storage (pkg/registry/core/secret/storage): a generic Store with the Secret
 * strategy and printer, and the `type` field selector.
 * @module
 */
import { type ApiObject, type Storage, Store } from '@apiserver/registry';
import type { ObjectAttrs } from '@apiserver/storage';
import { stringAt } from '../../../object-fields.js';
import type { PrinterOptions } from '../../../printers/table-convertor.js';
import type { RESTOptionsGetter } from '../../rest-options.js';
import { storeOptionsFor } from '../../store-options.js';
import { newSecretTableConvertor } from './printer.js';
import { SecretStrategy } from './strategy.js';

/** Field selector labels of Secrets beyond metadata.name/namespace (`fieldLabels: { Secret: … }`). */
export const SECRET_FIELD_LABELS: readonly string[] = ['type'];

/** Labels and selectable fields of a Secret (`secret.GetAttrs`): metadata.name, metadata.namespace, type. */
export function secretAttrs(obj: ApiObject): ObjectAttrs {
  return {
    labels: obj.metadata.labels ?? {},
    fields: { 'metadata.name': obj.metadata.name ?? '', 'metadata.namespace': obj.metadata.namespace ?? '', type: stringAt(obj, 'type') },
  };
}

/** Builds the `secrets` Store. */
export function newSecretStore(getter: RESTOptionsGetter, printer?: PrinterOptions): Store {
  const strategy = new SecretStrategy();
  return new Store({
    ...storeOptionsFor(getter, { group: '', version: 'v1', kind: 'Secret', resource: 'secrets', singular: 'secret' }),
    strategies: { create: strategy, update: strategy, delete: strategy },
    tableConvertor: newSecretTableConvertor(printer),
    attrFunc: secretAttrs,
  });
}

/** The `secrets` entry of the core/v1 storage map. */
export function newSecretStorage(getter: RESTOptionsGetter): Record<string, Storage> {
  return { secrets: newSecretStore(getter) };
}
