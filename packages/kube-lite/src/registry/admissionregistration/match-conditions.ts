/**
 * Match conditions (pkg/apis/admissionregistration/validation `validateMatchConditions`, `validateMatchCondition`):
 * at most 64, unique qualified names, a non-blank expression. The expressions are not compiled: kube-lite has no
 * CEL, so a syntax or type error in an expression is not reported.
 * @module
 */
import { type FieldError, type FieldPath, fieldDuplicate, fieldRequired, fieldTooMany } from '@apiserver/runtime';
import { type JSONRecord, stringAt } from '../../object-fields.js';
import { validateQualifiedName } from '../core/endpoints/validation.js';

const MAX_MATCH_CONDITIONS = 64;

function validateMatchCondition(condition: JSONRecord, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (stringAt(condition, 'expression').trim() === '') errs.push(fieldRequired(path.child('expression'), ''));
  const name = stringAt(condition, 'name');
  if (name === '') errs.push(fieldRequired(path.child('name'), ''));
  else errs.push(...validateQualifiedName(name, path.child('name')));
  return errs;
}

/** `validateMatchConditions` without the CEL compilation of the expressions. */
export function validateMatchConditions(conditions: readonly JSONRecord[], path: FieldPath): FieldError[] {
  const errs: FieldError[] = conditions.length > MAX_MATCH_CONDITIONS ? [fieldTooMany(path, conditions.length, MAX_MATCH_CONDITIONS)] : [];
  const names = new Set<string>();
  conditions.forEach((condition, i) => {
    errs.push(...validateMatchCondition(condition, path.index(i)));
    const name = stringAt(condition, 'name');
    if (name === '') return;
    if (names.has(name)) errs.push(fieldDuplicate(path.index(i).child('name'), name));
    else names.add(name);
  });
  return errs;
}
