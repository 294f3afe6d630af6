/**
 * kubectl's runtimeclass columns (pkg/printers/internalversion `printRuntimeClass`): NAME HANDLER AGE.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { AGE_COLUMN, ageCell, column, NAME_COLUMN, type PrintContext, PrinterTableConvertor, type PrinterOptions, stringAt } from '../../../printers/index.js';

// Upstream describes Handler with ObjectMeta's (absent) `handler` doc: an empty description.
const RUNTIME_CLASS_COLUMNS = [NAME_COLUMN, column('Handler', 'string', ''), AGE_COLUMN];

/** The cells of one runtimeclass row. */
export function printRuntimeClass(rc: ApiObject, ctx: PrintContext): unknown[] {
  return [rc.metadata.name ?? '', stringAt(rc, 'handler'), ageCell(rc, ctx.now)];
}

/** The runtimeclasses' TableConvertor. */
export function newRuntimeClassTableConvertor(options?: PrinterOptions): PrinterTableConvertor {
  return new PrinterTableConvertor(RUNTIME_CLASS_COLUMNS, printRuntimeClass, options);
}
