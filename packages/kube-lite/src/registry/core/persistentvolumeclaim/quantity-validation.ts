/**
 * Resource quantity checks of pkg/apis/core/validation: `ValidateBasicResource` (not negative),
 * `ValidatePositiveQuantityValue` (greater than zero) and unparsable quantities.
 * @module
 */
import { type FieldError, type FieldPath, fieldInvalid, IS_NEGATIVE_ERROR_MSG } from '@apiserver/runtime';
import { quantityValue } from '../pod/qos.js';

/** apimachinery's `ErrFormatWrong` text (upstream rejects such a body while decoding it, with a 400). */
export const QUANTITY_FORMAT_MSG = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";

/** `isNotPositiveErrorMsg`. */
export const IS_NOT_POSITIVE_ERROR_MSG = 'must be greater than zero';

/** Invalid when `q` is not a quantity or is negative. */
export function validateNonNegativeQuantity(q: unknown, path: FieldPath): FieldError[] {
  const v = quantityValue(q);
  if (v === undefined) return [fieldInvalid(path, q, QUANTITY_FORMAT_MSG)];
  return v < 0 ? [fieldInvalid(path, q, IS_NEGATIVE_ERROR_MSG)] : [];
}

/** Invalid when `q` is not a quantity or is zero or negative. */
export function validatePositiveQuantity(q: unknown, path: FieldPath): FieldError[] {
  const v = quantityValue(q);
  if (v === undefined) return [fieldInvalid(path, q, QUANTITY_FORMAT_MSG)];
  return v <= 0 ? [fieldInvalid(path, q, IS_NOT_POSITIVE_ERROR_MSG)] : [];
}
