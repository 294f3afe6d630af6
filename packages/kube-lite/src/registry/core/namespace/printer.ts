/**
 * `kubectl get namespaces` columns (printers.go `namespaceColumnDefinitions`, `printNamespace`): NAME STATUS AGE.
 * @module
 */
import { ageCell } from '../../../printers/cells.js';
import { AGE_COLUMN, column, NAME_COLUMN } from '../../../printers/columns.js';
import { type PrinterOptions, PrinterTableConvertor } from '../../../printers/table-convertor.js';
import { phaseOf } from './validation.js';

/** The Namespace columns: Name, Status (the phase), Age. */
export const NAMESPACE_COLUMNS = [NAME_COLUMN, column('Status', 'string', 'The status of the namespace'), AGE_COLUMN] as const;

/** The Namespace table convertor. */
export function newNamespaceTableConvertor(options?: PrinterOptions): PrinterTableConvertor {
  return new PrinterTableConvertor(NAMESPACE_COLUMNS, (ns, ctx) => [ns.metadata.name ?? '', phaseOf(ns), ageCell(ns, ctx.now)], options);
}
