/**
 * kubectl's limit range columns (pkg/printers/internalversion `printLimitRange`): NAME CREATED AT (the creation
 * timestamp itself, a `date` column).
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { column, NAME_COLUMN, OBJECT_META_CREATION_TIMESTAMP_DOC, PrinterTableConvertor, type PrinterOptions } from '../../../printers/index.js';

const LIMIT_RANGE_COLUMNS = [NAME_COLUMN, column('Created At', 'date', OBJECT_META_CREATION_TIMESTAMP_DOC)];

/** The cells of one limit range row. */
export function printLimitRange(lr: ApiObject): unknown[] {
  return [lr.metadata.name ?? '', lr.metadata.creationTimestamp ?? null];
}

/** The limit ranges' TableConvertor. */
export function newLimitRangeTableConvertor(options?: PrinterOptions): PrinterTableConvertor {
  return new PrinterTableConvertor(LIMIT_RANGE_COLUMNS, printLimitRange, options);
}
