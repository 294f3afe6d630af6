/**
 * Tolerations (pkg/apis/core/validation `ValidateTolerations`), as pods, pod templates and RuntimeClass scheduling
 * carry them: label-name keys, Exists for an empty key, NoExecute with tolerationSeconds, label-value values for
 * Equal and none for Exists, known effects.
 * @module
 */
import { type FieldError, type FieldPath, fieldInvalid, fieldNotSupported, isValidLabelValue, validateLabelName } from '@apiserver/runtime';
import { type JSONRecord, stringAt } from '../../../object-fields.js';
import { TAINT_EFFECTS } from '../node/validation.js';

const OPERATORS: readonly string[] = ['Equal', 'Exists'];

/** The checks of one toleration. */
export function validateToleration(toleration: JSONRecord, path: FieldPath): FieldError[] {
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
    // Upstream reports the whole toleration as the bad value here.
    if (value !== '') errs.push(fieldInvalid(path.child('operator'), toleration, "value must be empty when `operator` is 'Exists'"));
  } else errs.push(fieldNotSupported(path.child('operator'), operator, OPERATORS));
  if (effect !== '' && !TAINT_EFFECTS.includes(effect)) errs.push(fieldNotSupported(path.child('effect'), effect, TAINT_EFFECTS));
  return errs;
}

/** `ValidateTolerations`: each toleration (pods have no uniqueness rule, unlike RuntimeClass scheduling). */
export function validateTolerations(tolerations: readonly JSONRecord[], path: FieldPath): FieldError[] {
  return tolerations.flatMap((t, i) => validateToleration(t, path.index(i)));
}
