/**
 * The total size of an object's annotations (`api/validation` `ValidateAnnotationsSize`): Go sums `len(k)+len(v)`,
 * UTF-8 bytes, against 256 KiB.
 *
 * @module
 */
import { type FieldError, tooLong } from './field/errors.js';
import type { FieldPath } from './field/path.js';

/** apimachinery's `TotalAnnotationSizeLimitB`: 256 KiB. */
export const TOTAL_ANNOTATION_SIZE_LIMIT_B = 256 * (1 << 10);

/** The size Go counts for a set of annotations: UTF-8 bytes of every key and value (non-strings count 0). */
export function annotationsSize(annotations: Readonly<Record<string, unknown>>): number {
  let total = 0;
  for (const [k, v] of Object.entries(annotations)) {
    total += Buffer.byteLength(k, 'utf8') + (typeof v === 'string' ? Buffer.byteLength(v, 'utf8') : 0);
  }
  return total;
}

/** One TooLong error at `path` when the annotations exceed {@link TOTAL_ANNOTATION_SIZE_LIMIT_B} bytes. */
export function validateAnnotationsSize(annotations: Readonly<Record<string, unknown>>, path: FieldPath): FieldError[] {
  return annotationsSize(annotations) > TOTAL_ANNOTATION_SIZE_LIMIT_B ? [tooLong(path, '', TOTAL_ANNOTATION_SIZE_LIMIT_B)] : [];
}
