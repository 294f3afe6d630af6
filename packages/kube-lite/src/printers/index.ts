/**
 * Server-side printing helpers for kube-lite's resources (pkg/printers).
 * @module
 */
export { ageCell, mapSize } from './cells.js';
export {
  AGE_COLUMN,
  type ColumnOptions,
  column,
  NAME_COLUMN,
  OBJECT_META_CREATION_TIMESTAMP_DOC,
  OBJECT_META_NAME_DOC,
} from './columns.js';
export { isRecord, type JSONRecord, recordAt, recordsAt, stringAt, stringEntries, stringsAt } from '../object-fields.js';
export { humanDuration, translateTimestampSince } from '@apiserver/runtime';
export {
  type PrintContext,
  type PrintedRow,
  type PrintedRowCondition,
  PrinterTableConvertor,
  type PrinterOptions,
  type RowPrinter,
} from './table-convertor.js';
