/**
 * kubectl's csinode columns (pkg/printers/internalversion `printCSINode`): NAME DRIVERS AGE.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { AGE_COLUMN, ageCell, column, NAME_COLUMN, type PrintContext, PrinterTableConvertor, type PrinterOptions, recordAt, recordsAt } from '../../../printers/index.js';

const CSI_NODE_COLUMNS = [NAME_COLUMN, column('Drivers', 'integer', 'Drivers indicates the number of CSI drivers registered on the node'), AGE_COLUMN];

/** The cells of one csinode row. */
export function printCSINode(obj: ApiObject, ctx: PrintContext): unknown[] {
  return [obj.metadata.name ?? '', recordsAt(recordAt(obj, 'spec'), 'drivers').length, ageCell(obj, ctx.now)];
}

/** The csinodes' TableConvertor. */
export function newCSINodeTableConvertor(options?: PrinterOptions): PrinterTableConvertor {
  return new PrinterTableConvertor(CSI_NODE_COLUMNS, printCSINode, options);
}
