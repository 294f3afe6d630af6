/**
 * Validation of a CRD version's `selectableFields` (`ValidateCustomResourceSelectableFields`): each `jsonPath` is a
 * field path of `.name` steps (no `['name']` steps) that names a string, boolean or integer node of the version's
 * structural schema outside `metadata`, paths are unique, and there are at most {@link MAX_SELECTABLE_FIELDS}.
 *
 * @module
 */
import { type FieldError, type FieldPath, fieldDuplicate, fieldInvalid, fieldRequired, fieldTooMany } from '@apiserver/runtime';
import type { SelectableField } from '../apis/types.js';
import { validFieldPath } from '../cel/field-path.js';
import type { Structural } from '../structural-schema.js';

/** The most selectable fields a version may declare (`MaxSelectableFields`). */
export const MAX_SELECTABLE_FIELDS = 8;

const SELECTABLE_TYPES: ReadonlySet<string> = new Set(['string', 'boolean', 'integer']);

const WRONG_TYPE = 'must point to a field of type string, boolean or integer. Enum string fields and strings with formats are allowed.';

/** Errors of `fields` against the version's structural schema, under `path` (`spec.versions[i].selectableFields`). */
export function validateSelectableFields(fields: readonly SelectableField[], schema: Structural, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const unique = new Set<string>();
  for (const [i, field] of fields.entries()) {
    const p = path.index(i).child('jsonPath');
    const jsonPath = field.jsonPath ?? '';
    if (jsonPath === '') {
      errs.push(fieldRequired(p, ''));
      continue;
    }
    const found = validFieldPath(jsonPath, schema, { allowArrayNotation: false });
    if ('error' in found) {
      errs.push(fieldInvalid(p, jsonPath, `is an invalid path: ${found.error}`));
      continue;
    }
    if (found.steps[0] === 'metadata') errs.push(fieldInvalid(p, jsonPath, 'must not point to fields in metadata'));
    if (!SELECTABLE_TYPES.has(found.schema?.generic.type ?? '')) errs.push(fieldInvalid(p, jsonPath, WRONG_TYPE));
    if (unique.has(found.path)) errs.push(fieldDuplicate(p, jsonPath));
    else unique.add(found.path);
  }
  if (unique.size > MAX_SELECTABLE_FIELDS) errs.push(fieldTooMany(path, unique.size, MAX_SELECTABLE_FIELDS));
  return errs;
}
