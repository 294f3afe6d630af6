/**
 * DaemonSet validation (pkg/apis/apps/validation `ValidateDaemonSetSpec`, `ValidateDaemonSetUpdateStrategy`,
 * `ValidateRollingUpdateDaemonSet`, `ValidateDaemonSetStatusUpdate`): a non-empty selector matching the template,
 * the pod template with restartPolicy Always, counters, the update strategy (exactly one of maxUnavailable and
 * maxSurge non-zero), and status counters.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import {
  type FieldError,
  type FieldPath,
  fieldForbidden,
  fieldInvalid,
  fieldNotSupported,
  fieldRequired,
  labelSelectorAsSelector,
  newPath,
  validateNonnegativeField,
} from '@apiserver/runtime';
import { type JSONRecord, recordAt, recordsAt, stringAt, stringMapAt } from '../../../object-fields.js';
import { validatePodTemplateSpec } from '../../core/pod/pod-spec-validation.js';
import { intOrPercent, validateIntOrPercent } from '../deployment/validation.js';
import { toSelectorSpec } from '../replicaset/workload-validation.js';
import { validateLabelSelector } from '../../label-selector-validation.js';
import { validateCollisionCount } from '../statefulset/validation.js';

const SPEC = newPath('spec');

function validateRollingUpdate(rollingUpdate: JSONRecord, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  for (const f of ['maxUnavailable', 'maxSurge']) errs.push(...validateIntOrPercent(rollingUpdate[f] ?? 0, path.child(f)));
  for (const f of ['maxUnavailable', 'maxSurge']) {
    const parsed = intOrPercent(rollingUpdate[f]);
    if (parsed?.percent === true && parsed.value > 100) errs.push(fieldInvalid(path.child(f), rollingUpdate[f], 'must not be greater than 100%'));
  }
  const hasUnavailable = (intOrPercent(rollingUpdate.maxUnavailable)?.value ?? 0) !== 0;
  const hasSurge = (intOrPercent(rollingUpdate.maxSurge)?.value ?? 0) !== 0;
  if (hasUnavailable && hasSurge) errs.push(fieldInvalid(path.child('maxSurge'), rollingUpdate.maxSurge, 'may not be set when maxUnavailable is non-zero'));
  if (!hasUnavailable && !hasSurge) errs.push(fieldRequired(path.child('maxUnavailable'), 'cannot be 0 when maxSurge is 0'));
  return errs;
}

function validateUpdateStrategy(spec: JSONRecord): FieldError[] {
  const strategy = recordAt(spec, 'updateStrategy') ?? {};
  const path = SPEC.child('updateStrategy');
  const type = stringAt(strategy, 'type');
  if (type === 'OnDelete') return [];
  if (type !== 'RollingUpdate') return [fieldNotSupported(path, strategy, ['RollingUpdate', 'OnDelete'])];
  const rollingUpdate = recordAt(strategy, 'rollingUpdate');
  if (rollingUpdate === undefined) return [fieldRequired(path.child('rollingUpdate'), '')];
  return validateRollingUpdate(rollingUpdate, path.child('rollingUpdate'));
}

function validateSelector(spec: JSONRecord): FieldError[] {
  const selector = recordAt(spec, 'selector');
  const errs = selector === undefined ? [] : validateLabelSelector(selector, SPEC.child('selector'));
  const template = recordAt(spec, 'template');
  try {
    const parsed = labelSelectorAsSelector(selector === undefined ? undefined : toSelectorSpec(selector));
    if (!parsed.matches(stringMapAt(recordAt(template, 'metadata'), 'labels') ?? {})) {
      errs.push(fieldInvalid(SPEC.child('template', 'metadata', 'labels'), recordAt(template, 'metadata')?.labels ?? null, '`selector` does not match template `labels`'));
    }
  } catch {
    // The invalid selector is reported above.
  }
  if (selector !== undefined && Object.keys(recordAt(selector, 'matchLabels') ?? {}).length + recordsAt(selector, 'matchExpressions').length === 0) {
    errs.push(fieldInvalid(SPEC.child('selector'), selector, 'empty selector is invalid for daemonset'));
  }
  return errs;
}

/** Validates a daemonset's spec (`ValidateDaemonSetSpec`; the template generation is checked by the strategy). */
export function validateDaemonSetSpec(obj: ApiObject): FieldError[] {
  const spec = recordAt(obj, 'spec') ?? {};
  const errs = [...validateSelector(spec), ...validatePodTemplateSpec(recordAt(spec, 'template'), SPEC.child('template'))];
  const podSpec = recordAt(recordAt(spec, 'template'), 'spec');
  const restartPolicy = stringAt(podSpec, 'restartPolicy');
  if (restartPolicy !== 'Always') errs.push(fieldNotSupported(SPEC.child('template', 'spec', 'restartPolicy'), restartPolicy, ['Always']));
  if (podSpec?.activeDeadlineSeconds !== undefined && podSpec.activeDeadlineSeconds !== null) {
    errs.push(fieldForbidden(SPEC.child('template', 'spec', 'activeDeadlineSeconds'), 'activeDeadlineSeconds in DaemonSet is not Supported'));
  }
  errs.push(...validateNonnegativeField(spec.minReadySeconds, SPEC.child('minReadySeconds')), ...validateUpdateStrategy(spec));
  errs.push(...validateNonnegativeField(spec.revisionHistoryLimit, SPEC.child('revisionHistoryLimit')));
  return errs;
}

const STATUS_COUNTERS = [
  'currentNumberScheduled',
  'numberMisscheduled',
  'desiredNumberScheduled',
  'numberReady',
  'observedGeneration',
  'updatedNumberScheduled',
  'numberAvailable',
  'numberUnavailable',
  'collisionCount',
];

/** Validates a status update (`ValidateDaemonSetStatusUpdate`): non-negative counters, collisionCount not decremented. */
export function validateDaemonSetStatus(obj: ApiObject, old: ApiObject): FieldError[] {
  const status = recordAt(obj, 'status') ?? {};
  const path = newPath('status');
  return [...STATUS_COUNTERS.flatMap((f) => validateNonnegativeField(status[f], path.child(f))), ...validateCollisionCount(obj, old)];
}
