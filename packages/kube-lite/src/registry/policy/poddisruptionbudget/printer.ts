/**
 * kubectl's poddisruptionbudget columns (pkg/printers/internalversion `printPodDisruptionBudget`): NAME MIN AVAILABLE
 * MAX UNAVAILABLE ALLOWED DISRUPTIONS AGE.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { AGE_COLUMN, ageCell, column, NAME_COLUMN, type PrintContext, PrinterTableConvertor, type PrinterOptions, recordAt } from '../../../printers/index.js';

const PDB_COLUMNS = [
  NAME_COLUMN,
  column('Min Available', 'string', 'The minimum number of pods that must be available.'),
  column('Max Unavailable', 'string', 'The maximum number of pods that may be unavailable.'),
  column('Allowed Disruptions', 'integer', 'Calculated number of pods that may be disrupted at this time.'),
  AGE_COLUMN,
];

/** An IntOrString as `IntOrString.String()` prints it, `N/A` when unset. */
function intOrStringCell(v: unknown): string {
  return typeof v === 'number' || typeof v === 'string' ? String(v) : 'N/A';
}

/** The cells of one poddisruptionbudget row. */
export function printPodDisruptionBudget(pdb: ApiObject, ctx: PrintContext): unknown[] {
  const spec = recordAt(pdb, 'spec');
  const allowed = recordAt(pdb, 'status')?.disruptionsAllowed;
  return [pdb.metadata.name ?? '', intOrStringCell(spec?.minAvailable), intOrStringCell(spec?.maxUnavailable), typeof allowed === 'number' ? allowed : 0, ageCell(pdb, ctx.now)];
}

/** The poddisruptionbudgets' TableConvertor. */
export function newPodDisruptionBudgetTableConvertor(options?: PrinterOptions): PrinterTableConvertor {
  return new PrinterTableConvertor(PDB_COLUMNS, printPodDisruptionBudget, options);
}
