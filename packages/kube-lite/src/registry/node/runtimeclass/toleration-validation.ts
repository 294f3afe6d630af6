/**
 * Tolerations as RuntimeClass scheduling carries them (pkg/apis/core/validation `ValidateTolerations`, and
 * pkg/apis/node/validation's uniqueness by key, operator, value and effect): label-name keys, Exists for an empty
 * key, NoExecute with tolerationSeconds, label-value values for Equal and none for Exists, known effects.
 * @module
 */
import { type FieldError, type FieldPath, fieldDuplicate, fieldInvalid, fieldNotSupported, isValidLabelValue, validateLabelName } from '@apiserver/runtime';
import { type JSONRecord, stringAt } from '../../../object-fields.js';
import { TAINT_EFFECTS } from '../../core/node/validation.js';

const OPERATORS = ['Equal', 'Exists'];

function validateToleration(toleration: JSONRecord, path: FieldPath): FieldError[] {
  const key = stringAt(toleration, 'key');
  const operator = stringAt(toleration, 'operator');
  const value = stringAt(toleration, 'value');
  const effect = stringAt(toleration, 'effect');
  const errs = key === '' ? [] : validateLabelName(key, path.child('key'));
  if (key === '' && operator !== 'Exists') errs.push(fieldInvalid(path.child('operator'), operator, 'operator must be Exists when `key` is empty, which means "match all values and all keys"'));
  const seconds = toleration.tolerationSeconds;
  if (seconds !== undefined && seconds !== null && effect !== 'NoExecute') errs.push(fieldInvalid(path.child('effect'), effect, "effect must be 'NoExecute' when `tolerationSeconds` is set"));
  if (operator === 'Equal' || operator === '') {
    const messages = isValidLabelValue(value);
    if (messages.length > 0) errs.push(fieldInvalid(path.child('operator'), value, messages.join(';')));
  } else if (operator === 'Exists') {
    if (value !== '') errs.push(fieldInvalid(path.child('operator'), toleration, "value must be empty when `operator` is 'Exists'"));
  } else errs.push(fieldNotSupported(path.child('operator'), operator, OPERATORS));
  if (effect !== '' && !TAINT_EFFECTS.includes(effect)) errs.push(fieldNotSupported(path.child('effect'), effect, TAINT_EFFECTS));
  return errs;
}

/** Validates each toleration, then that no two share key, operator, value and effect. */
export function validateTolerations(tolerations: readonly JSONRecord[], path: FieldPath): FieldError[] {
  const errs = tolerations.flatMap((t, i) => validateToleration(t, path.index(i)));
  const seen = new Set<string>();
  tolerations.forEach((t, i) => {
    const listKey = JSON.stringify(['key', 'operator', 'value', 'effect'].map((k) => stringAt(t, k)));
    if (seen.has(listKey)) errs.push(fieldDuplicate(path.index(i), t));
    seen.add(listKey);
  });
  return errs;
}
