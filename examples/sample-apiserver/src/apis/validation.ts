/**
 * Validation of wardle objects (k8s.io/sample-apiserver `pkg/apis/wardle/validation`). Upstream validates the
 * internal version, whose spec holds `flunderReference` and `fischerReference` where v1alpha1 has one `reference`;
 * the errors name the internal fields, so they do here too.
 */
import type { ApiObject } from '@apiserver/registry';
import { type FieldError, type FieldPath, fieldRequired, newPath } from '@apiserver/runtime';
import { FISCHER_REFERENCE, FLUNDER_REFERENCE, type FlunderSpec } from './wardle.js';

/** `ValidateFlunder`: the spec's reference rules. */
export function validateFlunder(flunder: ApiObject): FieldError[] {
  const spec = typeof flunder.spec === 'object' && flunder.spec !== null ? (flunder.spec as FlunderSpec) : {};
  return validateFlunderSpec(spec, newPath('spec'));
}

/**
 * `ValidateFlunderSpec` as a v1alpha1 spec reaches it: a reference type with an empty reference is refused. (The
 * internal version's other rules — both references set, an unknown type — cannot be broken through v1alpha1, whose
 * conversion keeps one reference and drops unknown types, as `dropUnknownReferenceType` in `wardle.ts` does.)
 */
export function validateFlunderSpec(spec: FlunderSpec, path: FieldPath): FieldError[] {
  const reference = spec.reference ?? '';
  if (reference !== '') return [];
  if (spec.referenceType === FISCHER_REFERENCE) return [fieldRequired(path.child('fischerReference'), 'cannot be empty if referenceType is Fischer')];
  if (spec.referenceType === FLUNDER_REFERENCE) return [fieldRequired(path.child('flunderReference'), 'cannot be empty if referenceType is Flunder')];
  return [];
}
