/**
 * Tolerations as RuntimeClass scheduling carries them: core's `ValidateTolerations` (core/pod/toleration-validation.ts)
 * and pkg/apis/node/validation's uniqueness by key, operator, value and effect.
 * @module
 */
import { type FieldError, type FieldPath, fieldDuplicate } from '@apiserver/runtime';
import { type JSONRecord, stringAt } from '../../../object-fields.js';
import { validateToleration } from '../../core/pod/toleration-validation.js';

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
