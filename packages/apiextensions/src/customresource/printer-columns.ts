/**
 * Server-side printing of custom resources (`tableconvertor.New`): Name, the CRD's
 * `additionalPrinterColumns` (evaluated with simple JSON paths); without columns, an `Age` column
 * of `.metadata.creationTimestamp` (`serveDefaultColumnsIfEmpty`).
 *
 * @module
 */
import { type ApiList, type ApiObject, DefaultTableConvertor, type RequestContext, type TableConvertor, type TableOptions } from '@apiserver/registry';
import type { Table, TableColumnDefinition } from '@apiserver/runtime';
import type { CustomResourceColumnDefinition } from '../apis/types.js';
import { valueAtJSONPath } from './json-path.js';

const NAME_COLUMN: TableColumnDefinition = {
  name: 'Name',
  type: 'string',
  format: 'name',
  description: 'Name must be unique within a namespace. Is required when creating resources, although some resources may allow a client to request the generation of an appropriate name automatically. Name is primarily intended for creation idempotence and configuration definition. Cannot be updated. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names#names',
  priority: 0,
};

const AGE_COLUMN: CustomResourceColumnDefinition = {
  name: 'Age',
  type: 'date',
  description: 'CreationTimestamp is a timestamp representing the server time when this object was created. It is not guaranteed to be set in happens-before order across separate operations. Clients may not set this value. It is represented in RFC3339 form and is in UTC.\n\nPopulated by the system. Read-only. Null for lists. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata',
  jsonPath: '.metadata.creationTimestamp',
};

function cell(column: CustomResourceColumnDefinition, obj: ApiObject): unknown {
  const value = valueAtJSONPath(obj, column.jsonPath);
  if (value === undefined || value === null) return null;
  switch (column.type) {
    case 'integer':
      return Number.isInteger(value) ? value : null;
    case 'number':
      return typeof value === 'number' ? value : null;
    case 'boolean':
      return typeof value === 'boolean' ? value : null;
    case 'string':
    case 'date':
      return typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
    default:
      return typeof value === 'object' ? JSON.stringify(value) : value;
  }
}

/** Prints custom resources with their CRD version's additional printer columns. */
export class CustomResourceTableConvertor implements TableConvertor {
  readonly #columns: readonly CustomResourceColumnDefinition[];
  readonly #default = new DefaultTableConvertor();

  /** Creates the convertor of one version's columns. */
  constructor(columns: readonly CustomResourceColumnDefinition[]) {
    this.#columns = columns.length > 0 ? columns : [AGE_COLUMN];
  }

  /** The Table of an object or list. */
  async convertToTable(ctx: RequestContext, object: ApiObject | ApiList, tableOptions?: TableOptions): Promise<Table> {
    const table = await this.#default.convertToTable(ctx, object, tableOptions);
    const definitions: TableColumnDefinition[] = [
      NAME_COLUMN,
      ...this.#columns.map((c) => ({ name: c.name, type: c.type, format: c.format ?? '', description: c.description ?? '', priority: c.priority ?? 0 })),
    ];
    const items = Array.isArray((object as ApiList).items) ? (object as ApiList).items : [object as ApiObject];
    const rows = items.map((obj) => ({ cells: [obj.metadata.name ?? '', ...this.#columns.map((c) => cell(c, obj))], object: obj }));
    return { ...table, columnDefinitions: tableOptions?.noHeaders === true ? [] : definitions, rows };
  }
}
