/**
 * Server-side printing of custom resources (`tableconvertor.New`): Name, the CRD's
 * `additionalPrinterColumns` (evaluated with simple JSON paths); without columns, an `Age` column
 * of `.metadata.creationTimestamp` (`serveDefaultColumnsIfEmpty`).
 *
 * @module
 */
import { type ApiList, type ApiObject, DefaultTableConvertor, type RequestContext, type TableConvertor, type TableOptions } from '@apiserver/registry';
import { type Table, type TableColumnDefinition, translateTimestampSince } from '@apiserver/runtime';
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

/** RFC 3339 as `metav1.Time.UnmarshalQueryParameter` accepts it (seconds precision, optional fraction, Z or offset). */
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** A `date` cell: the age of the timestamp, `<unknown>` for an empty one, `<invalid>` for one that does not parse. */
function dateCell(value: string, now: number): string {
  if (value === '') return '<unknown>';
  if (!RFC3339.test(value) || Number.isNaN(Date.parse(value))) return '<invalid>';
  return translateTimestampSince(value, now);
}

/** A cell as upstream's `cellForJSONValue` types it (strings print any value); null when the value does not fit the type. */
function cell(column: CustomResourceColumnDefinition, obj: ApiObject, now: number): unknown {
  const value = valueAtJSONPath(obj, column.jsonPath);
  if (value === undefined || value === null) return null;
  switch (column.type) {
    case 'integer':
      return typeof value === 'number' ? Math.trunc(value) : null;
    case 'number':
      return typeof value === 'number' ? value : null;
    case 'boolean':
      return typeof value === 'boolean' ? value : null;
    case 'string':
      return typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
    case 'date':
      return typeof value === 'string' ? dateCell(value, now) : null;
    default:
      return null;
  }
}

/** Prints custom resources with their CRD version's additional printer columns. */
export class CustomResourceTableConvertor implements TableConvertor {
  readonly #columns: readonly CustomResourceColumnDefinition[];
  readonly #default = new DefaultTableConvertor();
  readonly #clock: () => number;

  /** Creates the convertor of one version's columns; `clock` dates the `date` cells. */
  constructor(columns: readonly CustomResourceColumnDefinition[], clock: () => number = Date.now) {
    this.#columns = columns.length > 0 ? columns : [AGE_COLUMN];
    this.#clock = clock;
  }

  /** The Table of an object or list. */
  async convertToTable(ctx: RequestContext, object: ApiObject | ApiList, tableOptions?: TableOptions): Promise<Table> {
    const table = await this.#default.convertToTable(ctx, object, tableOptions);
    const definitions: TableColumnDefinition[] = [
      NAME_COLUMN,
      ...this.#columns.map((c) => ({ name: c.name, type: c.type, format: c.format ?? '', description: c.description ?? '', priority: c.priority ?? 0 })),
    ];
    const items = Array.isArray((object as ApiList).items) ? (object as ApiList).items : [object as ApiObject];
    const now = this.#clock();
    const rows = items.map((obj) => ({ cells: [obj.metadata.name ?? '', ...this.#columns.map((c) => cell(c, obj, now))], object: obj }));
    return { ...table, columnDefinitions: tableOptions?.noHeaders === true ? [] : definitions, rows };
  }
}
