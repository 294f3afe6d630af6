/**
 * Non-negative integer fields (`api/validation` `ValidateNonnegativeField`): replicas, generations, grace periods,
 * lease transitions all answer a negative value with one message.
 *
 * @module
 */
import { type FieldError, invalid } from './field/errors.js';
import type { FieldPath } from './field/path.js';

/** apimachinery's `IsNegativeErrorMsg`. */
export const IS_NEGATIVE_ERROR_MSG = 'must be greater than or equal to 0';

/**
 * One Invalid error at `path` when `value` is set and is not a non-negative integer (`ValidateNonnegativeField`;
 * a value Go's int64 decoding would refuse, such as `1.5` or `"2"`, is refused here with the same message).
 * Absent (`undefined` or `null`) values are valid.
 */
export function validateNonnegativeField(value: unknown, path: FieldPath): FieldError[] {
  if (value === undefined || value === null) return [];
  return Number.isInteger(value) && (value as number) >= 0 ? [] : [invalid(path, value, IS_NEGATIVE_ERROR_MSG)];
}
