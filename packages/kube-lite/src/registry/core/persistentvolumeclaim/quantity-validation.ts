/**
 * Resource quantity checks of pkg/apis/core/validation: `ValidateBasicResource` (not negative),
 * `ValidatePositiveQuantityValue` (greater than zero) and unparsable quantities.
 * @module
 */
import { type FieldError, type FieldPath, fieldInvalid, IS_NEGATIVE_ERROR_MSG, QUANTITY_FORMAT_ERROR } from '@apiserver/runtime';
import { quantityValue } from '../pod/qos.js';

/** `isNotPositiveErrorMsg`. */
export const IS_NOT_POSITIVE_ERROR_MSG = 'must be greater than zero';

/** Invalid when `q` is not a quantity or is negative. */
export function validateNonNegativeQuantity(q: unknown, path: FieldPath): FieldError[] {
  const v = quantityValue(q);
  if (v === undefined) return [fieldInvalid(path, q, QUANTITY_FORMAT_ERROR)];
  return v < 0 ? [fieldInvalid(path, q, IS_NEGATIVE_ERROR_MSG)] : [];
}

/** Invalid when `q` is not a quantity or is zero or negative. */
export function validatePositiveQuantity(q: unknown, path: FieldPath): FieldError[] {
  const v = quantityValue(q);
  if (v === undefined) return [fieldInvalid(path, q, QUANTITY_FORMAT_ERROR)];
  return v <= 0 ? [fieldInvalid(path, q, IS_NOT_POSITIVE_ERROR_MSG)] : [];
}
