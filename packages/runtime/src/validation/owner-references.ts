/**
 * Owner references (`api/validation` `validateOwnerReference`): each needs an apiVersion with a version, a kind,
 * a name and a uid. Errors are reported on the list's path, not the item's, as upstream does.
 *
 * @module
 */
import { type FieldError, invalid } from './field/errors.js';
import type { FieldPath } from './field/path.js';

/** The parts of an OwnerReference validation reads (absent fields are Go's zero values). */
export interface OwnerReferenceFields {
  readonly apiVersion?: string;
  readonly kind?: string;
  readonly name?: string;
  readonly uid?: string;
}

/** The version of an apiVersion as `schema.FromAPIVersionAndKind` parses it (empty when it does not parse). */
function versionOf(apiVersion: string): string {
  const parts = apiVersion.split('/');
  if (parts.length === 1) return apiVersion;
  return parts.length === 2 ? (parts[1] ?? '') : '';
}

function validateOwnerReference(ref: OwnerReferenceFields, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const apiVersion = ref.apiVersion ?? '';
  if (versionOf(apiVersion) === '') errs.push(invalid(path.child('apiVersion'), apiVersion, 'version must not be empty'));
  if ((ref.kind ?? '') === '') errs.push(invalid(path.child('kind'), ref.kind ?? '', 'kind must not be empty'));
  if ((ref.name ?? '') === '') errs.push(invalid(path.child('name'), ref.name ?? '', 'name must not be empty'));
  if ((ref.uid ?? '') === '') errs.push(invalid(path.child('uid'), ref.uid ?? '', 'uid must not be empty'));
  return errs;
}

/** `ValidateOwnerReferences` without its banned-owner and single-controller checks (see the README). */
export function validateOwnerReferences(refs: readonly OwnerReferenceFields[], path: FieldPath): FieldError[] {
  return refs.flatMap((ref) => validateOwnerReference(ref, path));
}
