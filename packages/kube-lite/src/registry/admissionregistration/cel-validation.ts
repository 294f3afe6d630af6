/**
 * Compiling admission CEL at write time (pkg/apis/admissionregistration/validation `validateCELCondition`,
 * `convertCELErrorToValidationError`): an expression that does not compile is Invalid at its field with the
 * compiler's detail (`compilation failed: ERROR: <input>:…`, `must evaluate to bool`).
 * @module
 */
import { type AdmissionExpressionResult, type AdmissionVariableDeclarations, compileAdmissionExpression } from '@apiserver/apiextensions';
import { type FieldError, type FieldPath, fieldInvalid } from '@apiserver/runtime';

/** The compile error of `expression` at `path`, or none (a blank expression is reported elsewhere as Required). */
export function validateCELExpression(expression: string, declarations: AdmissionVariableDeclarations, results: readonly AdmissionExpressionResult[], path: FieldPath): FieldError[] {
  if (expression.trim() === '') return [];
  const compiled = compileAdmissionExpression(expression, declarations, results);
  return 'error' in compiled ? [fieldInvalid(path, expression, compiled.error)] : [];
}
