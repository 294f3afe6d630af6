/**
 * kubectl's validatingadmissionpolicy columns (pkg/printers/internalversion `printValidatingAdmissionPolicy`):
 * NAME VALIDATIONS PARAMKIND AGE.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { AGE_COLUMN, ageCell, column, NAME_COLUMN, type PrintContext, PrinterTableConvertor, type PrinterOptions, recordAt, recordsAt, stringAt } from '../../../printers/index.js';

const POLICY_COLUMNS = [
  NAME_COLUMN,
  column('Validations', 'integer', 'Validations indicates the number of validation rules defined in this configuration'),
  column('ParamKind', 'string', 'ParamKind specifies the kind of resources used to parameterize this policy'),
  AGE_COLUMN,
];

/** The cells of one policy row: the number of validations and `<apiVersion>/<kind>` of the params or `<unset>`. */
export function printValidatingAdmissionPolicy(policy: ApiObject, ctx: PrintContext): unknown[] {
  const spec = recordAt(policy, 'spec');
  const paramKind = recordAt(spec, 'paramKind');
  const params = paramKind === undefined ? '<unset>' : `${stringAt(paramKind, 'apiVersion')}/${stringAt(paramKind, 'kind')}`;
  return [policy.metadata.name ?? '', recordsAt(spec, 'validations').length, params, ageCell(policy, ctx.now)];
}

/** The validatingadmissionpolicies' TableConvertor. */
export function newValidatingAdmissionPolicyTableConvertor(options?: PrinterOptions): PrinterTableConvertor {
  return new PrinterTableConvertor(POLICY_COLUMNS, printValidatingAdmissionPolicy, options);
}
