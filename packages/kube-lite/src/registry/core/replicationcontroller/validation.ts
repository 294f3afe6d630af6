/**
 * ReplicationController validation (pkg/apis/core/validation `ValidateReplicationControllerSpec`,
 * `ValidatePodTemplateSpecForRC`, `ValidateReplicationControllerStatus`): a non-empty map selector matching the
 * template labels, the pod template with restartPolicy Always and no activeDeadlineSeconds, non-negative counters.
 * The selector may change on update (unlike apps/v1).
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { type FieldError, fieldForbidden, fieldInvalid, fieldNotSupported, fieldRequired, labelSelectorFromSet, newPath, validateLabels, validateNonnegativeField } from '@apiserver/runtime';
import { recordAt, stringAt, stringMapAt } from '../../../object-fields.js';
import { validateReplicaSetStatus } from '../../apps/replicaset/validation.js';
import { validatePodTemplateSpec } from '../pod/pod-spec-validation.js';

const SPEC = newPath('spec');

/** Validates a controller's spec. */
export function validateReplicationController(obj: ApiObject): FieldError[] {
  const spec = recordAt(obj, 'spec') ?? {};
  const selector = stringMapAt(spec, 'selector') ?? {};
  const errs = [...validateNonnegativeField(spec.minReadySeconds, SPEC.child('minReadySeconds'))];
  if (Object.keys(selector).length === 0) errs.push(fieldRequired(SPEC.child('selector'), ''));
  errs.push(...validateLabels(selector, SPEC.child('selector')), ...validateNonnegativeField(spec.replicas, SPEC.child('replicas')));
  const template = recordAt(spec, 'template');
  const path = SPEC.child('template');
  if (template === undefined) return [...errs, fieldRequired(path, '')];
  const labels = stringMapAt(recordAt(template, 'metadata'), 'labels') ?? {};
  if (Object.keys(selector).length > 0 && !labelSelectorFromSet(selector).matches(labels)) {
    errs.push(fieldInvalid(path.child('metadata', 'labels'), labels, '`selector` does not match template `labels`'));
  }
  errs.push(...validatePodTemplateSpec(template, path));
  const podSpec = recordAt(template, 'spec');
  const restartPolicy = stringAt(podSpec, 'restartPolicy');
  if (restartPolicy !== 'Always') errs.push(fieldNotSupported(path.child('spec', 'restartPolicy'), restartPolicy, ['Always']));
  if (podSpec?.activeDeadlineSeconds !== undefined && podSpec.activeDeadlineSeconds !== null) {
    errs.push(fieldForbidden(path.child('spec', 'activeDeadlineSeconds'), 'activeDeadlineSeconds in ReplicationController is not Supported'));
  }
  return errs;
}

/**
 * Validates a status update (`ValidateReplicationControllerStatus`): the same counters and bounds as a
 * ReplicaSet's status (non-negative, bounded by `status.replicas`, available ≤ ready).
 */
export const validateReplicationControllerStatus = validateReplicaSetStatus;
