/**
 * Pod create and update checks (pkg/apis/core/validation `ValidatePodCreate`, `ValidatePodUpdate`).
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { type FieldError, fieldForbidden, fieldInvalid, goJSONValue, newPath, semanticEqual } from '@apiserver/runtime';
import { PodSpecSchema, TolerationSchema } from '@apiserver/runtime/apis';
import { canonicalJSON } from '@apiserver/storage';
import { isInteger, type JSONRecord, recordAt, recordsAt, stringAt } from '../../../object-fields.js';
import {
  POD_DELETION_COST_ANNOTATION,
  validatePodSpecificAnnotations,
  validatePodSpecificAnnotationUpdates,
  validateSecurityAnnotationsMatchOnCreate,
} from './pod-annotation-validation.js';
import { validatePodSpec } from './pod-spec-validation.js';

/** Upstream's Forbidden text for pod spec updates (the Go struct diff that follows it is not reproduced). */
export const POD_UPDATE_FORBIDDEN_MESSAGE =
  'pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)';

/** Validates a pod's spec (images required). */
export function validatePod(pod: ApiObject): FieldError[] {
  return validatePodSpec(recordAt(pod, 'spec') ?? {}, newPath('spec'), { requireImages: true, resourceIsPod: true });
}

/**
 * Validates a new pod (`ValidatePodCreate`): its spec, then what only creation refuses — ephemeral containers (added
 * through `pods/ephemeralcontainers` only) and a node name while scheduling gates remain.
 */
export function validatePodCreate(pod: ApiObject): FieldError[] {
  const spec = recordAt(pod, 'spec');
  const errs = [...validatePodSpecificAnnotations(pod), ...validatePod(pod), ...validateSecurityAnnotationsMatchOnCreate(pod)];
  if (recordsAt(spec, 'ephemeralContainers').length > 0) errs.push(fieldForbidden(newPath('spec', 'ephemeralContainers'), 'cannot be set on create'));
  if (stringAt(spec, 'nodeName') !== '' && recordsAt(spec, 'schedulingGates').length > 0) {
    errs.push(fieldForbidden(newPath('spec', 'nodeName'), 'cannot be set until all schedulingGates have been cleared'));
  }
  return errs;
}

function copyImages(target: JSONRecord, source: JSONRecord, field: string): void {
  const to = recordsAt(target, field);
  const from = recordsAt(source, field);
  to.forEach((c, i) => {
    const old = from[i];
    if (old !== undefined) c.image = old.image;
  });
}

/** A toleration as Go writes it, so spellings of one Go value (`"value": ""` or none) give one key. */
function tolerationKey(t: JSONRecord): string {
  return canonicalJSON(goJSONValue(TolerationSchema, t));
}

function tolerationsOnlyAdded(spec: JSONRecord, oldSpec: JSONRecord): boolean {
  const now = new Set(recordsAt(spec, 'tolerations').map(tolerationKey));
  return recordsAt(oldSpec, 'tolerations').every((t) => now.has(tolerationKey(t)));
}

function validateActiveDeadlineUpdate(spec: JSONRecord, oldSpec: JSONRecord): FieldError[] {
  const path = newPath('spec', 'activeDeadlineSeconds');
  const now = spec.activeDeadlineSeconds;
  const old = oldSpec.activeDeadlineSeconds;
  if (!isInteger(old)) return [];
  if (now === undefined || now === null) return [fieldInvalid(path, null, 'must not update from a positive integer to nil value')];
  if (isInteger(now) && now > old) return [fieldInvalid(path, now, 'must be less than or equal to previous value')];
  return [];
}

/**
 * The annotation checks of a pod update (spec or status): `ValidatePodSpecificAnnotationUpdates`, where a deletion
 * cost the old pod already had wrong may stay (`AllowInvalidPodDeletionCost`).
 */
export function validatePodAnnotationUpdates(pod: ApiObject, old: ApiObject): FieldError[] {
  const oldCostInvalid = validatePodSpecificAnnotations(old).some((e) => e.field === `metadata.annotations[${POD_DELETION_COST_ANNOTATION}]`);
  return validatePodSpecificAnnotationUpdates(pod, old, oldCostInvalid);
}

/**
 * Validates a pod update: the new spec is valid, and apart from container images, activeDeadlineSeconds
 * (set, or lowered), tolerations (additions) and terminationGracePeriodSeconds (negative → 1) it equals the
 * old spec; otherwise `spec: Forbidden: pod updates may not change fields other than …`.
 */
export function validatePodUpdate(pod: ApiObject, old: ApiObject): FieldError[] {
  const spec = recordAt(pod, 'spec') ?? {};
  const oldSpec = recordAt(old, 'spec') ?? {};
  const errs = [...validatePodAnnotationUpdates(pod, old), ...validatePod(pod), ...validateActiveDeadlineUpdate(spec, oldSpec)];
  const mutable: JSONRecord = structuredClone(spec);
  copyImages(mutable, oldSpec, 'containers');
  copyImages(mutable, oldSpec, 'initContainers');
  mutable.activeDeadlineSeconds = oldSpec.activeDeadlineSeconds;
  if (tolerationsOnlyAdded(spec, oldSpec)) mutable.tolerations = oldSpec.tolerations;
  const oldGrace = oldSpec.terminationGracePeriodSeconds;
  if (isInteger(oldGrace) && oldGrace < 0 && mutable.terminationGracePeriodSeconds === 1) {
    mutable.terminationGracePeriodSeconds = oldGrace;
  }
  // Go compares the specs as typed values (Semantic.DeepEqual): `"resources": {}` as a GET writes it equals none.
  if (!semanticEqual(PodSpecSchema, mutable, oldSpec)) errs.push(fieldForbidden(newPath('spec'), POD_UPDATE_FORBIDDEN_MESSAGE));
  return errs;
}
