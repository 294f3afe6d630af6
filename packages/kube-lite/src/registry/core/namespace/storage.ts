/**
 * The `namespaces`, `namespaces/status` and `namespaces/finalize` storage (upstream `NewREST`): three
 * Stores over one storage differing in their update strategy, all deleting a terminating namespace when an
 * update leaves it without spec and metadata finalizers (`ShouldDeleteNamespaceDuringUpdate`).
 * @module
 */
import { type ApiObject, type RESTUpdateStrategy, StatusREST, type Storage, Store, type StoreOptions } from '@apiserver/registry';
import { type FieldLabelConversion, fieldLabelConversionOf } from '@apiserver/endpoints';
import type { ObjectAttrs } from '@apiserver/storage';
import type { PrinterOptions } from '../../../printers/table-convertor.js';
import type { RESTOptionsGetter } from '../../rest-options.js';
import { storeOptionsFor } from '../../store-options.js';
import { newNamespaceTableConvertor } from './printer.js';
import { NamespaceREST, NamespaceFinalizeREST } from './rest.js';
import { NamespaceFinalizeStrategy, NamespaceStatusStrategy, NamespaceStrategy } from './strategy.js';
import { phaseOf, specFinalizersOf } from './validation.js';

/**
 * The field selector labels of Namespaces (`fieldLabels: { Namespace: … }`): core/v1's own conversion func for
 * Namespace accepts `status.phase` and `metadata.name` only (not `metadata.namespace`, nor the `name` field the
 * attributes keep).
 */
export const NAMESPACE_FIELD_LABELS: FieldLabelConversion = fieldLabelConversionOf(['status.phase', 'metadata.name']);

/** Labels and selectable fields of a Namespace: metadata.name, `name` (kept upstream for compatibility), status.phase. */
export function namespaceAttrs(obj: ApiObject): ObjectAttrs {
  const name = obj.metadata.name ?? '';
  return { labels: obj.metadata.labels ?? {}, fields: { 'metadata.name': name, name, 'status.phase': phaseOf(obj) } };
}

/** The namespace storage entries, and the main REST (for the namespace controller and bootstrap). */
export interface NamespaceStorage {
  /** The `namespaces` resource. */
  readonly namespaces: NamespaceREST;
  /** The `namespaces/status` subresource. */
  readonly status: StatusREST;
  /** The `namespaces/finalize` subresource. */
  readonly finalize: NamespaceFinalizeREST;
}

/** Builds the namespaces REST and its status and finalize subresources. */
export function newNamespaceREST(getter: RESTOptionsGetter, printer?: PrinterOptions): NamespaceStorage {
  const main = new NamespaceStrategy();
  const base = storeOptionsFor(getter, { group: '', version: 'v1', kind: 'Namespace', resource: 'namespaces', singular: 'namespace' });
  const options = (update: RESTUpdateStrategy): StoreOptions => ({
    ...base,
    strategies: { create: main, update, delete: main },
    tableConvertor: newNamespaceTableConvertor(printer),
    attrFunc: namespaceAttrs,
    shortNames: ['ns'],
    shouldDeleteDuringUpdate: (_ctx, _key, obj) => specFinalizersOf(obj).length === 0,
    // As upstream's Store: DELETE answers the deleted object, not a Success Status.
    returnDeletedObject: true,
  });
  const store = new Store(options(main));
  return {
    namespaces: new NamespaceREST(store, base.storage, base.resourcePrefix),
    status: new StatusREST(options(main), new NamespaceStatusStrategy()),
    finalize: new NamespaceFinalizeREST(new Store(options(new NamespaceFinalizeStrategy()))),
  };
}

/** The `namespaces`, `namespaces/status` and `namespaces/finalize` entries of the core/v1 storage map. */
export function newNamespaceStorage(getter: RESTOptionsGetter): Record<string, Storage> {
  const rest = newNamespaceREST(getter);
  return { namespaces: rest.namespaces, 'namespaces/status': rest.status, 'namespaces/finalize': rest.finalize };
}
