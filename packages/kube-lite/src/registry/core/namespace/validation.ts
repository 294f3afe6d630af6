/**
 * Namespace validation (pkg/apis/core/validation `ValidateNamespace`, `ValidateNamespaceStatusUpdate`,
 * `ValidateNamespaceFinalizeUpdate`, `validateFinalizerName`).
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { type FieldError, type FieldPath, fieldInvalid, isQualifiedName, newPath } from '@apiserver/runtime';
import { recordAt, stringAt, stringsAt } from '../../../object-fields.js';

/** The finalizer the namespace controller removes once a namespace's content is gone (`core.FinalizerKubernetes`). */
export const FINALIZER_KUBERNETES = 'kubernetes';

/** Finalizer names that need no domain prefix (`helper.IsStandardFinalizerName`). */
export const STANDARD_FINALIZERS: readonly string[] = [FINALIZER_KUBERNETES, 'orphan', 'foregroundDeletion'];

/** Namespace phases. */
export const NamespacePhase = { Active: 'Active', Terminating: 'Terminating' } as const;

/** Validates one finalizer name: a qualified name, and either standard or domain-prefixed. */
export function validateFinalizerName(name: string, path: FieldPath): FieldError[] {
  const errs = isQualifiedName(name).map((msg) => fieldInvalid(path, name, msg));
  if (!name.includes('/') && !STANDARD_FINALIZERS.includes(name)) {
    errs.push(fieldInvalid(path, name, 'name is neither a standard finalizer name nor is it fully qualified'));
  }
  return errs;
}

/** The `spec.finalizers` of a namespace (non-strings skipped). */
export function specFinalizersOf(ns: ApiObject): string[] {
  return stringsAt(recordAt(ns, 'spec'), 'finalizers');
}

/** The `status.phase` of a namespace ("" when absent). */
export function phaseOf(ns: ApiObject): string {
  return stringAt(recordAt(ns, 'status'), 'phase');
}

/** Validates a new namespace's spec finalizers (upstream reports them all at `spec.finalizers`, without an index). */
export function validateNamespace(ns: ApiObject): FieldError[] {
  return specFinalizersOf(ns).flatMap((f) => validateFinalizerName(f, newPath('spec', 'finalizers')));
}

/** Validates a status update: phase Active without deletionTimestamp, Terminating with one. */
export function validateNamespaceStatusUpdate(ns: ApiObject): FieldError[] {
  const phase = phaseOf(ns);
  if (ns.metadata.deletionTimestamp === undefined) {
    if (phase !== NamespacePhase.Active) {
      return [fieldInvalid(newPath('status', 'Phase'), phase, "may only be 'Active' if `deletionTimestamp` is empty")];
    }
  } else if (phase !== NamespacePhase.Terminating) {
    return [fieldInvalid(newPath('status', 'Phase'), phase, "may only be 'Terminating' if `deletionTimestamp` is not empty")];
  }
  return [];
}

/** Validates a finalize update: every spec finalizer name, by index. */
export function validateNamespaceFinalizeUpdate(ns: ApiObject): FieldError[] {
  return specFinalizersOf(ns).flatMap((f, i) => validateFinalizerName(f, newPath('spec', 'finalizers').index(i)));
}
