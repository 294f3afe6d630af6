/**
 * The checks of a CRD version's smaller fields, as upstream's validation words them:
 * - `ValidateCustomResourceDefinitionSubresources`: the scale subresource's paths are simple JSON paths, under
 *   `.spec` (`specReplicasPath`), `.status` (`statusReplicasPath`) or either (`labelSelectorPath`);
 * - `ValidateCustomResourceColumnDefinition`: a printer column has a name, one of five types, a known format and a
 *   simple JSON path (reported as `JSONPath`, the internal field's name);
 * - `validateDeprecationWarning`: only on deprecated versions, 1–256 bytes of printable characters.
 *
 * @module
 */
import { type FieldError, type FieldPath, fieldInvalid, fieldRequired } from '@apiserver/runtime';
import type { CustomResourceColumnDefinition, CustomResourceDefinitionVersion, CustomResourceSubresources } from '../apis/types.js';

const PRINTER_COLUMN_TYPES = ['boolean', 'date', 'integer', 'number', 'string'];
const PRINTER_COLUMN_FORMATS = ['byte', 'date', 'date-time', 'double', 'float', 'int32', 'int64', 'password'];

/** `validateSimpleJSONPath`: not empty, starting with a dot. */
function simpleJSONPathErrors(s: string, path: FieldPath): FieldError[] {
  if (s === '') return [fieldInvalid(path, s, 'must not be empty')];
  if (!s.startsWith('.')) return [fieldInvalid(path, s, 'must be a simple json path starting with .')];
  return [];
}

/** A required simple JSON path under one of `prefixes`, with `detail` when it is under none. */
function scalePathErrors(value: string | undefined, path: FieldPath, prefixes: readonly string[], detail: string, required: boolean): FieldError[] {
  if (value === undefined || value === '') return required ? [fieldRequired(path, '')] : [];
  const errs = simpleJSONPathErrors(value, path);
  if (errs.length > 0) return errs;
  return prefixes.some((p) => value.startsWith(p)) ? [] : [fieldInvalid(path, value, detail)];
}

/** The scale subresource's paths; `path` is that of the `subresources` holding it. */
export function validateSubresources(subresources: CustomResourceSubresources | undefined, path: FieldPath): FieldError[] {
  const scale = subresources?.scale;
  if (scale === undefined) return [];
  return [
    ...scalePathErrors(scale.specReplicasPath, path.child('scale.specReplicasPath'), ['.spec.'], 'should be a json path under .spec', true),
    ...scalePathErrors(scale.statusReplicasPath, path.child('scale.statusReplicasPath'), ['.status.'], 'should be a json path under .status', true),
    ...scalePathErrors(scale.labelSelectorPath, path.child('scale.labelSelectorPath'), ['.spec.', '.status.'], 'should be a json path under either .spec or .status', false),
  ];
}

/** One printer column at `path`. */
export function validateColumnDefinition(col: CustomResourceColumnDefinition, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if ((col.name ?? '') === '') errs.push(fieldRequired(path.child('name'), ''));
  const types = `must be one of ${PRINTER_COLUMN_TYPES.join(',')}`;
  if ((col.type ?? '') === '') errs.push(fieldRequired(path.child('type'), types));
  else if (!PRINTER_COLUMN_TYPES.includes(col.type)) errs.push(fieldInvalid(path.child('type'), col.type, types));
  if ((col.format ?? '') !== '' && !PRINTER_COLUMN_FORMATS.includes(col.format ?? '')) {
    errs.push(fieldInvalid(path.child('format'), col.format, `must be one of ${PRINTER_COLUMN_FORMATS.join(',')}`));
  }
  if ((col.jsonPath ?? '') === '') errs.push(fieldRequired(path.child('JSONPath'), ''));
  else errs.push(...simpleJSONPathErrors(col.jsonPath, path.child('JSONPath')));
  return errs;
}

/** What Go's `unicode.IsPrint` accepts: letters, marks, numbers, punctuation, symbols and the ASCII space. */
const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;

/** The problems of a version's `deprecationWarning` (byte lengths and indexes, as Go counts them). */
function deprecationWarningProblems(deprecated: boolean, warning: string | undefined): string[] {
  if (!deprecated && warning !== undefined) return ['can only be set for deprecated versions'];
  if (warning === undefined) return [];
  const problems: string[] = [];
  if (Buffer.byteLength(warning) > 256) problems.push('must be <= 256 characters long');
  if (warning.length === 0) problems.push('must not be an empty string');
  let index = 0;
  for (const ch of warning) {
    if (!PRINTABLE.test(ch)) {
      problems.push(`must only contain printable UTF-8 characters; non-printable character found at index ${index}`);
      break;
    }
    index += Buffer.byteLength(ch);
  }
  return problems;
}

/** A version's `deprecationWarning` at `path` (the version's). */
export function validateDeprecationWarning(version: CustomResourceDefinitionVersion, path: FieldPath): FieldError[] {
  return deprecationWarningProblems(version.deprecated === true, version.deprecationWarning).map((p) =>
    fieldInvalid(path.child('deprecationWarning'), version.deprecationWarning, p),
  );
}
