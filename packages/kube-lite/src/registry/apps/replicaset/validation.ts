/**
 * ReplicaSet validation (pkg/apis/apps/validation `ValidateReplicaSet`, `ValidateReplicaSetUpdate`,
 * `ValidateReplicaSetStatusUpdate`).
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { type FieldError, fieldInvalid, newPath, validateNonnegativeField } from '@apiserver/runtime';
import { isInteger, recordAt } from '../../../object-fields.js';
import { validateReplicaCounters, validateSelectorAndTemplate, validateSelectorImmutable } from './workload-validation.js';

const SPEC = newPath('spec');

/** Validates a replicaset's spec: replicas and minReadySeconds non-negative, selector and template. */
export function validateReplicaSet(obj: ApiObject): FieldError[] {
  const spec = recordAt(obj, 'spec') ?? {};
  return [
    ...validateNonnegativeField(spec.replicas, SPEC.child('replicas')),
    ...validateNonnegativeField(spec.minReadySeconds, SPEC.child('minReadySeconds')),
    ...validateSelectorAndTemplate(spec, SPEC),
  ];
}

/** Validates an update: the new replicaset, with an unchanged selector. */
export function validateReplicaSetUpdate(obj: ApiObject, old: ApiObject): FieldError[] {
  return [...validateReplicaSet(obj), ...validateSelectorImmutable(obj, old)];
}

/** Validates a status update: counters non-negative and bounded by `status.replicas`, available ≤ ready. */
export function validateReplicaSetStatus(obj: ApiObject): FieldError[] {
  const status = recordAt(obj, 'status') ?? {};
  const errs = validateReplicaCounters(
    status,
    ['replicas', 'fullyLabeledReplicas', 'readyReplicas', 'availableReplicas', 'observedGeneration'],
    ['fullyLabeledReplicas', 'readyReplicas', 'availableReplicas'],
  );
  const available = status.availableReplicas;
  const ready = status.readyReplicas;
  if (isInteger(available) && isInteger(ready) && available > ready) {
    errs.push(fieldInvalid(newPath('status', 'availableReplicas'), available, 'cannot be greater than readyReplicas'));
  }
  return errs;
}
