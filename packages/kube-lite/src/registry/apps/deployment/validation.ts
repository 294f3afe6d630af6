/**
 * Deployment validation (pkg/apis/apps/validation `ValidateDeployment`, `ValidateDeploymentUpdate`,
 * `ValidateDeploymentStatusUpdate`) for the fields kube-lite models.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { type FieldError, type FieldPath, fieldForbidden, fieldInvalid, IS_NEGATIVE_ERROR_MSG, newPath, validateNonnegativeField } from '@apiserver/runtime';
import { validateEnum } from '../../core/pod/container-validation.js';
import { isInteger, type JSONRecord, recordAt, stringAt } from '../../../object-fields.js';
import {
  validateReplicaCounters,
  validateSelectorAndTemplate,
  validateSelectorImmutable,
} from '../replicaset/workload-validation.js';

const STRATEGY_TYPES: readonly string[] = ['Recreate', 'RollingUpdate'];
const SPEC = newPath('spec');

/** The value of an int-or-percent (`3`, `"25%"`) and whether it is a percentage; undefined when malformed. */
export function intOrPercent(v: unknown): { value: number; percent: boolean } | undefined {
  if (isInteger(v)) return { value: v, percent: false };
  if (typeof v === 'string' && /^\d+%$/.test(v)) return { value: Number(v.slice(0, -1)), percent: true };
  return undefined;
}

/** `ValidatePositiveIntOrPercent` plus a negative check: a non-negative integer or a valid percent string (absent is valid). */
export function validateIntOrPercent(v: unknown, path: FieldPath): FieldError[] {
  if (v === undefined || v === null) return [];
  const parsed = intOrPercent(v);
  if (parsed === undefined) return [fieldInvalid(path, v, "a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')")];
  return parsed.value < 0 ? [fieldInvalid(path, v, IS_NEGATIVE_ERROR_MSG)] : [];
}

function validateStrategy(spec: JSONRecord): FieldError[] {
  const strategy = recordAt(spec, 'strategy') ?? {};
  const path = SPEC.child('strategy');
  const errs = validateEnum(strategy.type, path.child('type'), STRATEGY_TYPES);
  const ru = recordAt(strategy, 'rollingUpdate');
  if (strategy.type === 'Recreate' && ru !== undefined) {
    errs.push(fieldForbidden(path.child('rollingUpdate'), "may not be specified when strategy `type` is 'Recreate'"));
  }
  if (strategy.type === 'RollingUpdate' && ru !== undefined) {
    const p = path.child('rollingUpdate');
    errs.push(...validateIntOrPercent(ru.maxUnavailable, p.child('maxUnavailable')));
    errs.push(...validateIntOrPercent(ru.maxSurge, p.child('maxSurge')));
    const unavailable = intOrPercent(ru.maxUnavailable);
    const surge = intOrPercent(ru.maxSurge);
    if (unavailable?.value === 0 && surge?.value === 0) {
      errs.push(fieldInvalid(p.child('maxUnavailable'), ru.maxUnavailable, 'may not be 0 when `maxSurge` is 0'));
    }
    if (unavailable?.percent === true && unavailable.value > 100) {
      errs.push(fieldInvalid(p.child('maxUnavailable'), ru.maxUnavailable, 'must not be greater than 100%'));
    }
  }
  return errs;
}

/** Validates a deployment's spec. */
export function validateDeployment(obj: ApiObject): FieldError[] {
  const spec = recordAt(obj, 'spec') ?? {};
  const errs = [
    ...validateNonnegativeField(spec.replicas, SPEC.child('replicas')),
    ...validateSelectorAndTemplate(spec, SPEC),
    ...validateStrategy(spec),
    ...validateNonnegativeField(spec.minReadySeconds, SPEC.child('minReadySeconds')),
    ...validateNonnegativeField(spec.revisionHistoryLimit, SPEC.child('revisionHistoryLimit')),
    ...validateNonnegativeField(spec.progressDeadlineSeconds, SPEC.child('progressDeadlineSeconds')),
  ];
  const deadline = spec.progressDeadlineSeconds;
  const minReady = isInteger(spec.minReadySeconds) ? spec.minReadySeconds : 0;
  if (isInteger(deadline) && deadline <= minReady) {
    errs.push(fieldInvalid(SPEC.child('progressDeadlineSeconds'), deadline, 'must be greater than minReadySeconds'));
  }
  if (stringAt(recordAt(spec, 'rollbackTo'), 'revision') !== '') errs.push(fieldForbidden(SPEC.child('rollbackTo'), 'not supported'));
  return errs;
}

/** Validates an update: the new deployment, with an unchanged selector. */
export function validateDeploymentUpdate(obj: ApiObject, old: ApiObject): FieldError[] {
  return [...validateDeployment(obj), ...validateSelectorImmutable(obj, old)];
}

/** Validates a status update: counters non-negative, none above `status.replicas`, available ≤ ready. */
export function validateDeploymentStatus(obj: ApiObject): FieldError[] {
  const status = recordAt(obj, 'status') ?? {};
  const errs = validateReplicaCounters(
    status,
    ['observedGeneration', 'replicas', 'updatedReplicas', 'readyReplicas', 'availableReplicas', 'unavailableReplicas', 'collisionCount'],
    ['updatedReplicas', 'readyReplicas', 'availableReplicas'],
  );
  const available = status.availableReplicas;
  const ready = status.readyReplicas;
  if (isInteger(available) && isInteger(ready) && available > ready) {
    errs.push(fieldInvalid(newPath('status', 'availableReplicas'), available, 'cannot be greater than readyReplicas'));
  }
  return errs;
}
