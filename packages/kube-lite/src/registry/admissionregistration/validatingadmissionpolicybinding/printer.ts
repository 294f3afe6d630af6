/**
 * kubectl's validatingadmissionpolicybinding columns (pkg/printers/internalversion
 * `printValidatingAdmissionPolicyBinding`): NAME POLICYNAME PARAMREF AGE.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import {
  AGE_COLUMN,
  ageCell,
  column,
  type JSONRecord,
  NAME_COLUMN,
  type PrintContext,
  PrinterTableConvertor,
  type PrinterOptions,
  recordAt,
  recordsAt,
  stringAt,
  stringEntries,
  stringsAt,
} from '../../../printers/index.js';

const BINDING_COLUMNS = [
  NAME_COLUMN,
  column('PolicyName', 'string', 'PolicyName indicates the policy definition which the policy binding binded to'),
  column('ParamRef', 'string', 'ParamRef indicates the param resource which sets the configration param'),
  AGE_COLUMN,
];

/**
 * A label selector as its generated Go `String()` prints it:
 * `&LabelSelector{MatchLabels:map[string]string{a: b,},MatchExpressions:[]LabelSelectorRequirement{LabelSelectorRequirement{Key:k,Operator:In,Values:[x y],},},}`.
 */
export function labelSelectorGoString(selector: JSONRecord): string {
  const labels = stringEntries(selector, 'matchLabels')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}: ${v},`)
    .join('');
  const requirements = recordsAt(selector, 'matchExpressions')
    .map((r) => `LabelSelectorRequirement{Key:${stringAt(r, 'key')},Operator:${stringAt(r, 'operator')},Values:[${stringsAt(r, 'values').join(' ')}],},`)
    .join('');
  return `&LabelSelector{MatchLabels:map[string]string{${labels}},MatchExpressions:[]LabelSelectorRequirement{${requirements}},}`;
}

/** The PARAMREF cell: `<namespace>/<name>`, `*\/<name>` without a namespace, the selector, or `<unset>`. */
function paramRefCell(paramRef: JSONRecord | undefined): string {
  if (paramRef === undefined) return '<unset>';
  const name = stringAt(paramRef, 'name');
  if (name !== '') {
    const namespace = stringAt(paramRef, 'namespace');
    return namespace === '' ? `*/${name}` : `${namespace}/${name}`;
  }
  const selector = recordAt(paramRef, 'selector');
  return selector === undefined ? '<unset>' : labelSelectorGoString(selector);
}

/** The cells of one binding row. */
export function printValidatingAdmissionPolicyBinding(binding: ApiObject, ctx: PrintContext): unknown[] {
  const spec = recordAt(binding, 'spec');
  return [binding.metadata.name ?? '', stringAt(spec, 'policyName'), paramRefCell(recordAt(spec, 'paramRef')), ageCell(binding, ctx.now)];
}

/** The validatingadmissionpolicybindings' TableConvertor. */
export function newValidatingAdmissionPolicyBindingTableConvertor(options?: PrinterOptions): PrinterTableConvertor {
  return new PrinterTableConvertor(BINDING_COLUMNS, printValidatingAdmissionPolicyBinding, options);
}
