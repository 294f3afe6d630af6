/**
 * The `nodes` and `nodes/status` storage (pkg/registry/core/node/storage): cluster-scoped Stores with the
 * node strategies and printer, short name `no`, and the `spec.unschedulable` field selector. The `proxy`
 * subresource is not served.
 * @module
 */
import { type ApiObject, type RESTUpdateStrategy, StatusREST, type Storage, Store, type StoreOptions } from '@apiserver/registry';
import { type FieldLabelConversion, fieldLabelConversionOf } from '@apiserver/endpoints';
import type { ObjectAttrs } from '@apiserver/storage';
import { recordAt } from '../../../object-fields.js';
import type { PrinterOptions } from '../../../printers/table-convertor.js';
import type { RESTOptionsGetter } from '../../rest-options.js';
import { storeOptionsFor } from '../../store-options.js';
import { newNodeTableConvertor } from './printer.js';
import { NodeStatusStrategy, NodeStrategy } from './strategy.js';

/**
 * The field selector labels of Nodes (`fieldLabels: { Node: … }`): core/v1's own conversion func for Node accepts
 * `metadata.name` and `spec.unschedulable` only, so `metadata.namespace` is `field label not supported`.
 */
export const NODE_FIELD_LABELS: FieldLabelConversion = fieldLabelConversionOf(['metadata.name', 'spec.unschedulable']);

/** Labels and selectable fields of a Node: metadata.name and spec.unschedulable (`true`/`false`). */
export function nodeAttrs(obj: ApiObject): ObjectAttrs {
  return {
    labels: obj.metadata.labels ?? {},
    fields: { 'metadata.name': obj.metadata.name ?? '', 'spec.unschedulable': String(recordAt(obj, 'spec')?.unschedulable === true) },
  };
}

/** The node Stores: the main one and the status one. */
export interface NodeStores {
  /** The `nodes` Store. */
  readonly nodes: Store;
  /** The `nodes/status` subresource. */
  readonly status: StatusREST;
}

/** Builds the node Stores. */
export function newNodeStores(getter: RESTOptionsGetter, printer?: PrinterOptions): NodeStores {
  const main = new NodeStrategy();
  const base = storeOptionsFor(getter, { group: '', version: 'v1', kind: 'Node', resource: 'nodes', singular: 'node' });
  const options = (update: RESTUpdateStrategy): StoreOptions => ({
    ...base,
    strategies: { create: main, update, delete: main },
    tableConvertor: newNodeTableConvertor(printer),
    attrFunc: nodeAttrs,
    shortNames: ['no'],
  });
  const nodes = new Store(options(main));
  return { nodes, status: new StatusREST(options(main), new NodeStatusStrategy()) };
}

/** The `nodes` and `nodes/status` entries of the core/v1 storage map. */
export function newNodeStorage(getter: RESTOptionsGetter): Record<string, Storage> {
  const { nodes, status } = newNodeStores(getter);
  return { nodes, 'nodes/status': status };
}
