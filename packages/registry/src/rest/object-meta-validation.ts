/**
 * Generic ObjectMeta validation the registry runs before every write
 * (apimachinery/pkg/api/validation/objectmeta.go `ValidateObjectMetaAccessor`, `…Update`).
 * @module
 */
import {
  type FieldError,
  type FieldPath,
  fieldForbidden,
  fieldInvalid,
  fieldRequired,
  isQualifiedName,
  nameIsDNSLabel,
  newPath,
  type ValidateNameFunc,
  validateLabels,
  TOTAL_ANNOTATION_SIZE_LIMIT_B as RUNTIME_TOTAL_ANNOTATION_SIZE_LIMIT_B,
  validateAnnotationsSize,
  validateNonnegativeField,
  validateObjectMetaName,
  validateOwnerReferences,
} from '@apiserver/runtime';
import { goStringSlice, invalidStringSlice } from './go-field-error.js';
import type { ApiObjectMeta } from './types.js';

/** Total size limit of annotations (`TotalAnnotationSizeLimitB`, 256 KiB). */
export const TOTAL_ANNOTATION_SIZE_LIMIT_B = RUNTIME_TOTAL_ANNOTATION_SIZE_LIMIT_B;

/** The finalizer that orphans dependents (`metav1.FinalizerOrphanDependents`). */
export const FINALIZER_ORPHAN_DEPENDENTS = 'orphan';
/** The finalizer that deletes dependents first (`metav1.FinalizerDeleteDependents`). */
export const FINALIZER_DELETE_DEPENDENTS = 'foregroundDeletion';

function validateAnnotations(annotations: Readonly<Record<string, string>>, fldPath: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  for (const k of Object.keys(annotations)) {
    for (const msg of isQualifiedName(k.toLowerCase())) errs.push(fieldInvalid(fldPath, k, msg));
  }
  // Go counts len(k)+len(v): UTF-8 bytes, not UTF-16 units.
  errs.push(...validateAnnotationsSize(annotations, fldPath));
  return errs;
}

function validateFinalizers(finalizers: readonly string[], fldPath: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  for (const f of finalizers) {
    for (const msg of isQualifiedName(f)) errs.push(fieldInvalid(fldPath, f, msg));
  }
  if (finalizers.includes(FINALIZER_ORPHAN_DEPENDENTS) && finalizers.includes(FINALIZER_DELETE_DEPENDENTS)) {
    errs.push(
      invalidStringSlice(fldPath, finalizers, `finalizer ${FINALIZER_ORPHAN_DEPENDENTS} and ${FINALIZER_DELETE_DEPENDENTS} cannot be both set`),
    );
  }
  return errs;
}

/**
 * Validates name/generateName (with `nameFn`), namespace presence per scope, labels, annotations and
 * finalizers of an object about to be written.
 */
export function validateObjectMeta(
  meta: ApiObjectMeta,
  namespaceScoped: boolean,
  nameFn: ValidateNameFunc,
  fldPath: FieldPath = newPath('metadata'),
): FieldError[] {
  const errs = validateObjectMetaName(meta, nameFn, fldPath);
  const ns = meta.namespace ?? '';
  if (namespaceScoped) {
    if (ns === '') errs.push(fieldRequired(fldPath.child('namespace'), ''));
    else for (const msg of nameIsDNSLabel(ns, false)) errs.push(fieldInvalid(fldPath.child('namespace'), ns, msg));
  } else if (ns !== '') {
    errs.push(fieldForbidden(fldPath.child('namespace'), 'not allowed on this type'));
  }
  // An absent (or null) field has nothing to report: its path is not built (most objects carry few of these).
  if (meta.generation != null) errs.push(...validateNonnegativeField(meta.generation, fldPath.child('generation')));
  if (meta.labels != null) errs.push(...validateLabels(meta.labels, fldPath.child('labels')));
  if (meta.annotations != null) errs.push(...validateAnnotations(meta.annotations, fldPath.child('annotations')));
  if (meta.ownerReferences != null) errs.push(...validateOwnerReferences(meta.ownerReferences, fldPath.child('ownerReferences')));
  if (meta.finalizers != null) errs.push(...validateFinalizers(meta.finalizers, fldPath.child('finalizers')));
  return errs;
}

function immutable(newVal: unknown, oldVal: unknown, fldPath: FieldPath): FieldError[] {
  return newVal === oldVal ? [] : [fieldInvalid(fldPath, newVal, 'field is immutable')];
}

/**
 * Validates an update of object metadata: resourceVersion present, generation not decremented, no new
 * finalizers on an object being deleted, and immutable name, namespace, uid, creationTimestamp,
 * deletionTimestamp and deletionGracePeriodSeconds.
 */
export function validateObjectMetaUpdate(
  meta: ApiObjectMeta,
  old: ApiObjectMeta,
  fldPath: FieldPath = newPath('metadata'),
): FieldError[] {
  const errs: FieldError[] = [];
  if (old.deletionTimestamp !== undefined) {
    const added = (meta.finalizers ?? []).filter((f) => !(old.finalizers ?? []).includes(f));
    if (added.length > 0) {
      const list = goStringSlice([...new Set(added)].sort());
      errs.push(
        fieldForbidden(fldPath.child('finalizers'), `no new finalizers can be added if the object is being deleted, found new finalizers ${list}`),
      );
    }
  }
  if ((meta.resourceVersion ?? '') === '') {
    errs.push(fieldInvalid(fldPath.child('resourceVersion'), meta.resourceVersion ?? '', 'must be specified for an update'));
  }
  if ((meta.generation ?? 0) < (old.generation ?? 0)) {
    errs.push(fieldInvalid(fldPath.child('generation'), meta.generation ?? 0, 'must not be decremented'));
  }
  errs.push(...immutable(meta.name ?? '', old.name ?? '', fldPath.child('name')));
  errs.push(...immutable(meta.namespace ?? '', old.namespace ?? '', fldPath.child('namespace')));
  errs.push(...immutable(meta.uid ?? '', old.uid ?? '', fldPath.child('uid')));
  errs.push(...immutable(meta.creationTimestamp ?? null, old.creationTimestamp ?? null, fldPath.child('creationTimestamp')));
  errs.push(...immutable(meta.deletionTimestamp ?? null, old.deletionTimestamp ?? null, fldPath.child('deletionTimestamp')));
  errs.push(
    ...immutable(meta.deletionGracePeriodSeconds ?? null, old.deletionGracePeriodSeconds ?? null, fldPath.child('deletionGracePeriodSeconds')),
  );
  return errs;
}
