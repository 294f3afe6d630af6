/**
 * A policy's validations, audit annotations and variables (pkg/apis/admissionregistration/validation
 * `validateValidation`, `validateAuditAnnotation`, `validateVariable`): non-blank expressions that compile in the
 * policy's environment (a bool, a string message, a string-or-null annotation value), one-line messages, the reasons
 * a denial may carry, audit annotation keys that make qualified names with the policy's name, values of at most
 * 5 KiB, variable names that are CEL identifiers.
 * @module
 */
import { type AdmissionVariableDeclarations, CEL_RESERVED_WORDS, type CompiledAdmissionExpression } from '@apiserver/apiextensions';
import { type FieldError, type FieldPath, fieldInvalid, fieldNotSupported, fieldRequired } from '@apiserver/runtime';
import { type JSONRecord, stringAt } from '../../../object-fields.js';
import { validateQualifiedName } from '../../core/endpoints/validation.js';
import { validateCELExpression } from '../cel-validation.js';

/** `supportedValidationPolicyReason.List()`. */
const REASONS = ['Forbidden', 'Invalid', 'RequestEntityTooLarge'];
const MAX_VALUE_EXPRESSION_LENGTH = 5 * 1024;
const CEL_IDENTIFIER = /^[_a-zA-Z][_a-zA-Z0-9]*$/;
const NEWLINES = /[\n\r]+/;

/** `validateValidation`: the expression compiled in `declarations`, the messageExpression in `messageDeclarations`. */
export function validateValidation(
  validation: JSONRecord,
  path: FieldPath,
  declarations: AdmissionVariableDeclarations,
  messageDeclarations: AdmissionVariableDeclarations,
): FieldError[] {
  const errs: FieldError[] = [];
  const expression = stringAt(validation, 'expression');
  if (expression.trim() === '') errs.push(fieldRequired(path.child('expression'), 'expression is not specified'));
  else errs.push(...validateCELExpression(expression, declarations, ['bool'], path.child('expression')));
  const messageExpression = stringAt(validation, 'messageExpression');
  if (messageExpression !== '' && messageExpression.trim() === '') errs.push(fieldInvalid(path.child('messageExpression'), messageExpression, 'must be non-empty if specified'));
  else errs.push(...validateCELExpression(messageExpression, messageDeclarations, ['string'], path.child('messageExpression')));
  const message = stringAt(validation, 'message');
  if (message !== '' && message.trim() === '') errs.push(fieldInvalid(path.child('message'), message, 'message must be non-empty if specified'));
  else if (NEWLINES.test(message.trim())) errs.push(fieldInvalid(path.child('message'), message, 'message must not contain line breaks'));
  const reason = validation.reason;
  if (typeof reason === 'string' && !REASONS.includes(reason)) errs.push(fieldNotSupported(path.child('reason'), reason, REASONS));
  return errs;
}

/** `validateAuditAnnotation`: valueExpression compiled in `declarations`. */
export function validateAuditAnnotation(policyName: string, annotation: JSONRecord, path: FieldPath, declarations: AdmissionVariableDeclarations): FieldError[] {
  const key = stringAt(annotation, 'key');
  const errs =
    policyName === '' ? [fieldInvalid(path.child('key'), key, 'requires metadata.name be non-empty')] : validateQualifiedName(`${policyName}/${key}`, path.child('key'));
  const value = stringAt(annotation, 'valueExpression').trim();
  if (value === '') errs.push(fieldRequired(path.child('valueExpression'), 'valueExpression is not specified'));
  else if (Buffer.byteLength(value) > MAX_VALUE_EXPRESSION_LENGTH) errs.push(fieldRequired(path.child('valueExpression'), `must not exceed ${MAX_VALUE_EXPRESSION_LENGTH} bytes in length`));
  else errs.push(...validateCELExpression(stringAt(annotation, 'valueExpression'), declarations, ['string', 'null_type'], path.child('valueExpression')));
  return errs;
}

/** `validateVariable`: its name, and its expression as `compiled` in the declarations of the variables before it. */
export function validateVariable(variable: JSONRecord, path: FieldPath, compiled: CompiledAdmissionExpression | undefined): FieldError[] {
  const errs: FieldError[] = [];
  const name = stringAt(variable, 'name');
  if (name.trim() === '') errs.push(fieldRequired(path.child('name'), 'name is not specified'));
  else if (!CEL_IDENTIFIER.test(name) || CEL_RESERVED_WORDS.has(name)) errs.push(fieldInvalid(path.child('name'), name, 'name is not a valid CEL identifier'));
  const expression = stringAt(variable, 'expression');
  if (expression.trim() === '') errs.push(fieldRequired(path.child('expression'), 'expression is not specified'));
  else if (compiled !== undefined && 'error' in compiled) errs.push(fieldInvalid(path.child('expression'), expression, compiled.error));
  return errs;
}
