/**
 * The default table convertor (k8s.io/apiserver/pkg/registry/rest/table.go `NewDefaultTableConvertor`):
 * columns Name and Created At, one row per object.
 * @module
 */
import type { Table, TableColumnDefinition, TableRow } from '@apiserver/runtime';
import type { TableConvertor } from './rest.js';
import type { ApiList, ApiObject, RequestContext, TableOptions } from './types.js';

const NAME_DESCRIPTION =
  'Name must be unique within a namespace. Is required when creating resources, although some resources may allow a client to request the generation of an appropriate name automatically. Name is primarily intended for creation idempotence and configuration definition. Cannot be updated. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names#names';
const CREATED_DESCRIPTION =
  'CreationTimestamp is a timestamp representing the server time when this object was created. It is not guaranteed to be set in happens-before order across separate operations. Clients may not set this value. It is represented in RFC3339 form and is in UTC.\n\nPopulated by the system. Read-only. Null for lists. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata';

/** The default column definitions: Name and Created At. */
export const DEFAULT_TABLE_COLUMNS: readonly TableColumnDefinition[] = [
  { name: 'Name', type: 'string', format: 'name', description: NAME_DESCRIPTION, priority: 0 },
  { name: 'Created At', type: 'date', format: '', description: CREATED_DESCRIPTION, priority: 0 },
];

function isList(o: ApiObject | ApiList): o is ApiList {
  return Array.isArray(o.items);
}

function rowOf(obj: ApiObject): TableRow {
  return { cells: [obj.metadata.name ?? '', obj.metadata.creationTimestamp ?? null], object: obj };
}

/** Converts objects and lists to the default two-column Table. */
export class DefaultTableConvertor implements TableConvertor {
  /** Builds the table of `object` (each item for a list); headers unless `noHeaders`. */
  async convertToTable(_ctx: RequestContext, object: ApiObject | ApiList, tableOptions?: TableOptions): Promise<Table> {
    const rows = isList(object) ? object.items.map(rowOf) : [rowOf(object)];
    const meta = object.metadata;
    const table: Table = {
      kind: 'Table',
      apiVersion: 'meta.k8s.io/v1',
      metadata: {
        ...(meta.resourceVersion !== undefined && { resourceVersion: meta.resourceVersion }),
        ...(isList(object) && object.metadata.continue !== undefined && { continue: object.metadata.continue }),
        ...(isList(object) && object.metadata.remainingItemCount !== undefined && { remainingItemCount: object.metadata.remainingItemCount }),
      },
      columnDefinitions: tableOptions?.noHeaders === true ? [] : DEFAULT_TABLE_COLUMNS.map((c) => ({ ...c })),
      rows,
    };
    return table;
  }
}
