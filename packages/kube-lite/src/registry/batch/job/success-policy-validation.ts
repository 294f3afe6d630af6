/**
 * A Job's `spec.successPolicy` (pkg/apis/batch/validation `validateSuccessPolicy`, `validateSuccessPolicyRule`):
 * 1–20 rules, each with `succeededIndexes` (a valid index list of at most 64 KiB) and/or `succeededCount`
 * (non-negative, at most completions and the number of listed indexes).
 * @module
 */
import { type FieldError, type FieldPath, fieldInvalid, fieldRequired, fieldTooLong, fieldTooMany, validateNonnegativeField } from '@apiserver/runtime';
import { isInteger, type JSONRecord, recordAt, recordsAt } from '../../../object-fields.js';
import { countIndexes } from './indexes.js';

const MAX_RULES = 20;
const MAX_SUCCEEDED_INDEXES_LENGTH = 64 * 1024;

function validateRule(rule: JSONRecord, completions: number, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const indexes = rule.succeededIndexes;
  const count = rule.succeededCount;
  const hasIndexes = typeof indexes === 'string';
  if (!hasIndexes && !isInteger(count)) errs.push(fieldRequired(path, 'at least one of succeededCount or succeededIndexes must be specified'));
  let total = 0;
  if (hasIndexes) {
    const p = path.child('succeededIndexes');
    if (indexes.length > MAX_SUCCEEDED_INDEXES_LENGTH) errs.push(fieldTooLong(p, indexes, MAX_SUCCEEDED_INDEXES_LENGTH));
    try {
      total = countIndexes(indexes, completions);
    } catch (e) {
      errs.push(fieldInvalid(p, indexes, `error parsing succeededIndexes: ${(e as Error).message}`));
    }
  }
  if (isInteger(count)) {
    const p = path.child('succeededCount');
    errs.push(...validateNonnegativeField(count, p));
    if (count > completions) errs.push(fieldInvalid(p, count, `must be less than or equal to ${completions} (the number of specified completions)`));
    if (hasIndexes && count > total) {
      errs.push(fieldInvalid(p, count, `must be less than or equal to ${total} (the number of indexes in the specified succeededIndexes field)`));
    }
  }
  return errs;
}

/** Validates `spec.successPolicy` of an Indexed JobSpec with `spec.completions` set (`path` is the policy's path). */
export function validateSuccessPolicy(spec: JSONRecord, path: FieldPath): FieldError[] {
  const rules = recordsAt(recordAt(spec, 'successPolicy'), 'rules');
  const rulesPath = path.child('rules');
  const errs: FieldError[] = [];
  if (rules.length === 0) errs.push(fieldRequired(rulesPath, 'at least one rules must be specified when the successPolicy is specified'));
  if (rules.length > MAX_RULES) errs.push(fieldTooMany(rulesPath, rules.length, MAX_RULES));
  const completions = isInteger(spec.completions) ? spec.completions : 0;
  rules.forEach((rule, i) => {
    errs.push(...validateRule(rule, completions, rulesPath.index(i)));
  });
  return errs;
}
