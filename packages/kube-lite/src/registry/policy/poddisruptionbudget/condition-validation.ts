/**
 * metav1.Condition lists (apimachinery pkg/apis/meta/v1/validation `ValidateConditions`, `ValidateCondition`):
 * unique qualified-name types, True/False/Unknown status, non-negative observedGeneration, a set
 * lastTransitionTime, a reason in CamelCase-ish form of at most 1024 characters, messages of at most 32 KiB.
 * @module
 */
import { type FieldError, type FieldPath, fieldDuplicate, fieldInvalid, fieldNotSupported, fieldRequired, fieldTooLong, regexError, validateLabelName } from '@apiserver/runtime';
import { type JSONRecord, stringAt } from '../../../object-fields.js';

const STATUSES = ['False', 'True', 'Unknown'];
const MAX_REASON_LENGTH = 1024;
const MAX_MESSAGE_LENGTH = 32 * 1024;
const REASON_FMT = '[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?';
const REASON_RE = new RegExp(`^${REASON_FMT}$`);
const REASON_ERR =
  "a condition reason must start with alphabetic character, optionally followed by a string of alphanumeric characters or '_,:', and must end with an alphanumeric character or '_'";

function validateCondition(condition: JSONRecord, path: FieldPath): FieldError[] {
  const errs = validateLabelName(stringAt(condition, 'type'), path.child('type'));
  const status = stringAt(condition, 'status');
  if (!STATUSES.includes(status)) errs.push(fieldNotSupported(path.child('status'), status, STATUSES));
  const generation = condition.observedGeneration;
  if (typeof generation === 'number' && generation < 0) errs.push(fieldInvalid(path.child('observedGeneration'), generation, 'must be greater than or equal to zero'));
  if (stringAt(condition, 'lastTransitionTime') === '') errs.push(fieldRequired(path.child('lastTransitionTime'), 'must be set'));
  const reason = stringAt(condition, 'reason');
  if (reason === '') errs.push(fieldRequired(path.child('reason'), 'must be set'));
  else {
    if (!REASON_RE.test(reason)) errs.push(fieldInvalid(path.child('reason'), reason, regexError(REASON_ERR, REASON_FMT, 'my_name', 'MY_NAME', 'MyName', 'ReasonA,ReasonB', 'ReasonA:ReasonB')));
    if (reason.length > MAX_REASON_LENGTH) errs.push(fieldTooLong(path.child('reason'), reason, MAX_REASON_LENGTH));
  }
  const message = stringAt(condition, 'message');
  if (message.length > MAX_MESSAGE_LENGTH) errs.push(fieldTooLong(path.child('message'), message, MAX_MESSAGE_LENGTH));
  return errs;
}

/** `ValidateConditions`: each condition, and no type twice. */
export function validateConditions(conditions: readonly JSONRecord[], path: FieldPath): FieldError[] {
  const seen = new Set<string>();
  const errs: FieldError[] = [];
  conditions.forEach((condition, i) => {
    const type = stringAt(condition, 'type');
    if (seen.has(type)) errs.push(fieldDuplicate(path.index(i).child('type'), type));
    seen.add(type);
    errs.push(...validateCondition(condition, path.index(i)));
  });
  return errs;
}
