/**
 * apimachinery's `ValidateLabelSelector` (metav1 validation), shared by the kinds that hold a label selector: workloads,
 * pod affinity and topology spread, PodDisruptionBudgets, NetworkPolicies, admission registration and others.
 * @module
 */
import {
  type FieldError,
  type FieldPath,
  fieldForbidden,
  fieldInvalid,
  fieldRequired,
  isValidLabelValue,
  validateLabelName,
  validateLabels,
} from '@apiserver/runtime';
import { type JSONRecord, recordsAt, stringAt, stringMapAt, stringsAt } from '../object-fields.js';

/**
 * Validates a metav1.LabelSelector object (`ValidateLabelSelector`); `allowInvalidLabelValue` false also checks
 * the values of the requirements (`AllowInvalidLabelValueInSelector` off, as for types released after #99139).
 */
export function validateLabelSelector(selector: JSONRecord, path: FieldPath, allowInvalidLabelValue = true): FieldError[] {
  const errs = validateLabels(stringMapAt(selector, 'matchLabels') ?? {}, path.child('matchLabels'));
  recordsAt(selector, 'matchExpressions').forEach((req, i) => {
    const p = path.child('matchExpressions').index(i);
    const op = stringAt(req, 'operator');
    const values = stringsAt(req, 'values');
    if (op === 'In' || op === 'NotIn') {
      if (values.length === 0) errs.push(fieldRequired(p.child('values'), "must be specified when `operator` is 'In' or 'NotIn'"));
    } else if (op === 'Exists' || op === 'DoesNotExist') {
      if (values.length > 0) errs.push(fieldForbidden(p.child('values'), "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
    } else {
      errs.push(fieldInvalid(p.child('operator'), op, 'not a valid selector operator'));
    }
    errs.push(...validateLabelName(stringAt(req, 'key'), p.child('key')));
    if (!allowInvalidLabelValue) {
      values.forEach((v, j) => {
        errs.push(...isValidLabelValue(v).map((m) => fieldInvalid(p.child('values').index(j), v, m)));
      });
    }
  });
  return errs;
}
