/**
 * Match conditions (pkg/apis/admissionregistration/validation `validateMatchConditions`, `validateMatchCondition`):
 * at most 64, unique qualified names, a non-blank expression that compiles to a bool in the declared environment
 * (a webhook's: `object`, `oldObject`, `request`, `namespaceObject`; a policy's adds `params` and `variables`).
 * @module
 */
import { type AdmissionVariableDeclarations, optionalVariableDeclarations } from '@apiserver/apiextensions';
import { type FieldError, type FieldPath, fieldDuplicate, fieldRequired, fieldTooMany } from '@apiserver/runtime';
import { type JSONRecord, stringAt } from '../../object-fields.js';
import { validateQualifiedName } from '../core/endpoints/validation.js';
import { validateCELExpression } from './cel-validation.js';

const MAX_MATCH_CONDITIONS = 64;

function validateMatchCondition(condition: JSONRecord, path: FieldPath, declarations: AdmissionVariableDeclarations): FieldError[] {
  const errs: FieldError[] = [];
  const expression = stringAt(condition, 'expression').trim();
  if (expression === '') errs.push(fieldRequired(path.child('expression'), ''));
  const name = stringAt(condition, 'name');
  if (name === '') errs.push(fieldRequired(path.child('name'), ''));
  else errs.push(...validateQualifiedName(name, path.child('name')));
  errs.push(...validateCELExpression(expression, declarations, ['bool'], path.child('expression')));
  return errs;
}

/** `validateMatchConditions`, compiling in `declarations` (default: a webhook's, with `authorizer`). */
export function validateMatchConditions(conditions: readonly JSONRecord[], path: FieldPath, declarations = optionalVariableDeclarations({ hasAuthorizer: true })): FieldError[] {
  const errs: FieldError[] = conditions.length > MAX_MATCH_CONDITIONS ? [fieldTooMany(path, conditions.length, MAX_MATCH_CONDITIONS)] : [];
  const names = new Set<string>();
  conditions.forEach((condition, i) => {
    errs.push(...validateMatchCondition(condition, path.index(i), declarations));
    const name = stringAt(condition, 'name');
    if (name === '') return;
    if (names.has(name)) errs.push(fieldDuplicate(path.index(i).child('name'), name));
    else names.add(name);
  });
  return errs;
}
