/**
 * kubectl's priorityclass columns (pkg/printers/internalversion `printPriorityClass`): NAME VALUE GLOBAL-DEFAULT AGE
 * PREEMPTIONPOLICY.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { AGE_COLUMN, ageCell, column, NAME_COLUMN, type PrintContext, PrinterTableConvertor, type PrinterOptions } from '../../../printers/index.js';

// The descriptions are scheduling/v1 PriorityClass swagger docs, as upstream's column definitions.
const PRIORITY_CLASS_COLUMNS = [
  NAME_COLUMN,
  column('Value', 'integer', 'value represents the integer value of this priority class. This is the actual priority that pods receive when they have the name of this class in their pod spec.'),
  column(
    'Global-Default',
    'boolean',
    'globalDefault specifies whether this PriorityClass should be considered as the default priority for pods that do not have any priority class. Only one PriorityClass can be marked as `globalDefault`. However, if more than one PriorityClasses exists with their `globalDefault` field set to true, the smallest value of such global default PriorityClasses will be used as the default priority.',
  ),
  AGE_COLUMN,
  column('PreemptionPolicy', 'string', 'preemptionPolicy is the Policy for preempting pods with lower priority. One of Never, PreemptLowerPriority. Defaults to PreemptLowerPriority if unset.'),
];

/** The cells of one priorityclass row. */
export function printPriorityClass(pc: ApiObject, ctx: PrintContext): unknown[] {
  return [pc.metadata.name ?? '', typeof pc.value === 'number' ? pc.value : 0, pc.globalDefault === true, ageCell(pc, ctx.now), typeof pc.preemptionPolicy === 'string' ? pc.preemptionPolicy : ''];
}

/** The priorityclasses' TableConvertor. */
export function newPriorityClassTableConvertor(options?: PrinterOptions): PrinterTableConvertor {
  return new PrinterTableConvertor(PRIORITY_CLASS_COLUMNS, printPriorityClass, options);
}
