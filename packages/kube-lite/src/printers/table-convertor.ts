/**
 * Server-side printing for a kind (pkg/printers/storage `TableConvertor` over a `TableGenerator` handler):
 * fixed column definitions plus a row function computing each object's cells, turned into a metav1.Table.
 * @module
 */
import type { ApiList, ApiObject, RequestContext, TableConvertor, TableOptions } from '@apiserver/registry';
import {
  newBadRequest,
  newInternalError,
  type Table,
  type TableColumnDefinition,
  type TableRow,
  toPartialObjectMetadata,
} from '@apiserver/runtime';

/** A row condition (metav1.TableRowCondition; `Completed` is the only type upstream defines). */
export interface PrintedRowCondition {
  /** Condition type (`Completed`). */
  type: string;
  /** `True`, `False` or `Unknown`. */
  status: string;
  /** Machine-readable reason. */
  reason?: string;
  /** Human-readable details. */
  message?: string;
}

/** The cells of one row, with optional row conditions. */
export interface PrintedRow {
  /** One value per column definition, in column order. */
  cells: unknown[];
  /** Extra row state (a finished pod's `Completed`). */
  conditions?: PrintedRowCondition[];
}

/** What a row function may use besides the object. */
export interface PrintContext {
  /** The current time in epoch milliseconds (one value for the whole table, so every AGE agrees). */
  readonly now: number;
}

/** Computes the cells of one object's row (an array of cells, or cells plus conditions). */
export type RowPrinter = (obj: ApiObject, ctx: PrintContext) => unknown[] | PrintedRow;

/** Options of a {@link PrinterTableConvertor}. */
export interface PrinterOptions {
  /** The clock, epoch milliseconds (tests pin it); `Date.now` by default. */
  readonly now?: () => number;
}

function isList(o: ApiObject | ApiList): o is ApiList {
  return Array.isArray(o.items);
}

type IncludeObject = NonNullable<TableOptions['includeObject']>;

function includeObjectOf(options: TableOptions | undefined): IncludeObject {
  const raw: unknown = options?.includeObject ?? 'Metadata';
  if (raw === '' || raw === 'Metadata') return 'Metadata';
  if (raw === 'None' || raw === 'Object') return raw;
  throw newBadRequest(`unrecognized includeObject value: ${JSON.stringify(raw)}`);
}

function rowObject(obj: ApiObject, include: IncludeObject): Record<string, unknown> | undefined {
  if (include === 'None') return undefined;
  if (include === 'Object') return obj;
  return toPartialObjectMetadata(obj, 'v1');
}

/**
 * A `TableConvertor` from column definitions and a row function: one row per object (each item of a list),
 * row objects as `PartialObjectMetadata` (includeObject=Metadata, the default), the full object (Object) or
 * none (None); list metadata (resourceVersion, continue, remainingItemCount) copied; headers omitted with
 * `noHeaders`.
 */
export class PrinterTableConvertor implements TableConvertor {
  readonly #columns: readonly TableColumnDefinition[];
  readonly #printRow: RowPrinter;
  readonly #now: () => number;

  /** Builds a convertor printing `columns` with cells from `printRow`. */
  constructor(columns: readonly TableColumnDefinition[], printRow: RowPrinter, options: PrinterOptions = {}) {
    this.#columns = columns.map((c) => ({ ...c }));
    this.#printRow = printRow;
    this.#now = options.now ?? Date.now;
  }

  /** The column definitions (copies). */
  columnDefinitions(): TableColumnDefinition[] {
    return this.#columns.map((c) => ({ ...c }));
  }

  /** Builds the Table of `object` (each item when it is a list). */
  async convertToTable(_ctx: RequestContext, object: ApiObject | ApiList, tableOptions?: TableOptions): Promise<Table> {
    const include = includeObjectOf(tableOptions);
    const ctx: PrintContext = { now: this.#now() };
    const items = isList(object) ? object.items : [object];
    const rows = items.map((item) => this.#row(item, include, ctx));
    const meta = object.metadata;
    return {
      kind: 'Table',
      apiVersion: 'meta.k8s.io/v1',
      metadata: {
        ...(meta.resourceVersion !== undefined && { resourceVersion: meta.resourceVersion }),
        ...(isList(object) && object.metadata.continue !== undefined && { continue: object.metadata.continue }),
        ...(isList(object) &&
          object.metadata.remainingItemCount !== undefined && { remainingItemCount: object.metadata.remainingItemCount }),
      },
      columnDefinitions: tableOptions?.noHeaders === true ? [] : this.columnDefinitions(),
      rows,
    };
  }

  #row(obj: ApiObject, include: IncludeObject, ctx: PrintContext): TableRow {
    const printed = this.#printRow(obj, ctx);
    const { cells, conditions } = Array.isArray(printed) ? { cells: printed, conditions: undefined } : printed;
    if (cells.length !== this.#columns.length) {
      throw newInternalError(new Error(`printer returned ${cells.length} cells for ${this.#columns.length} columns`));
    }
    const object = rowObject(obj, include);
    return {
      cells,
      ...(conditions !== undefined && conditions.length > 0 && { conditions }),
      ...(object !== undefined && { object }),
    };
  }
}
