/**
 * HorizontalPodAutoscaler validation (pkg/apis/autoscaling/validation): replicas bounds (minReplicas ≥ 1, or 0
 * when the stored object already has 0), the scale target, metrics, behavior (stabilization window 0-3600 s,
 * Max|Min|Disabled, at least one Pods|Percent policy with a positive value and a period of 1-1800 s); the status
 * update's non-negative replica counts.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { type FieldError, type FieldPath, fieldInvalid, fieldNotSupported, fieldRequired, newPath, validateNonnegativeField } from '@apiserver/runtime';
import { isRecord, type JSONRecord, recordAt, recordsAt, stringAt } from '../../../object-fields.js';
import { validateCrossVersionObjectReference, validateMetrics } from './metric-validation.js';

const SPEC = newPath('spec');
const MAX_PERIOD_SECONDS = 1800;
const MAX_STABILIZATION_WINDOW_SECONDS = 3600;
const SELECT_POLICIES = ['Disabled', 'Max', 'Min'];
const POLICY_TYPES = ['Percent', 'Pods'];

function validatePolicy(policy: JSONRecord, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const type = stringAt(policy, 'type');
  if (!POLICY_TYPES.includes(type)) errs.push(fieldNotSupported(path.child('type'), type, POLICY_TYPES));
  const value = typeof policy.value === 'number' ? policy.value : 0;
  if (value <= 0) errs.push(fieldInvalid(path.child('value'), value, 'must be greater than zero'));
  const period = typeof policy.periodSeconds === 'number' ? policy.periodSeconds : 0;
  if (period <= 0) errs.push(fieldInvalid(path.child('periodSeconds'), period, 'must be greater than zero'));
  if (period > MAX_PERIOD_SECONDS) errs.push(fieldInvalid(path.child('periodSeconds'), period, `must be less than or equal to ${MAX_PERIOD_SECONDS}`));
  return errs;
}

function validateScalingRules(rules: unknown, path: FieldPath): FieldError[] {
  if (!isRecord(rules)) return [];
  const errs: FieldError[] = [];
  const window = rules.stabilizationWindowSeconds;
  if (typeof window === 'number' && window < 0) errs.push(fieldInvalid(path.child('stabilizationWindowSeconds'), window, 'must be greater than or equal to zero'));
  if (typeof window === 'number' && window > MAX_STABILIZATION_WINDOW_SECONDS) {
    errs.push(fieldInvalid(path.child('stabilizationWindowSeconds'), window, `must be less than or equal to ${MAX_STABILIZATION_WINDOW_SECONDS}`));
  }
  const select = rules.selectPolicy;
  if (select !== undefined && select !== null && !SELECT_POLICIES.includes(String(select))) errs.push(fieldNotSupported(path.child('selectPolicy'), select, SELECT_POLICIES));
  const policies = recordsAt(rules, 'policies');
  if (policies.length === 0) errs.push(fieldRequired(path.child('policies'), 'must specify at least one Policy'));
  policies.forEach((p, i) => {
    errs.push(...validatePolicy(p, path.child('policies').index(i)));
  });
  return errs;
}

function validateSpec(spec: JSONRecord, minReplicasLowerBound: number): FieldError[] {
  const errs: FieldError[] = [];
  const min = spec.minReplicas;
  const max = typeof spec.maxReplicas === 'number' ? spec.maxReplicas : 0;
  if (typeof min === 'number' && min < minReplicasLowerBound) errs.push(fieldInvalid(SPEC.child('minReplicas'), min, `must be greater than or equal to ${minReplicasLowerBound}`));
  if (max < 1) errs.push(fieldInvalid(SPEC.child('maxReplicas'), max, 'must be greater than 0'));
  if (typeof min === 'number' && max < min) errs.push(fieldInvalid(SPEC.child('maxReplicas'), max, 'must be greater than or equal to `minReplicas`'));
  errs.push(...validateCrossVersionObjectReference(recordAt(spec, 'scaleTargetRef'), SPEC.child('scaleTargetRef')));
  errs.push(...validateMetrics(spec, SPEC.child('metrics')));
  const behavior = recordAt(spec, 'behavior');
  errs.push(...validateScalingRules(behavior?.scaleUp, SPEC.child('behavior', 'scaleUp')), ...validateScalingRules(behavior?.scaleDown, SPEC.child('behavior', 'scaleDown')));
  return errs;
}

/** Validates a new autoscaler (HPAScaleToZero is off: minReplicas ≥ 1). */
export function validateHPA(hpa: ApiObject): FieldError[] {
  return validateSpec(recordAt(hpa, 'spec') ?? {}, 1);
}

/** Validates an update; minReplicas 0 stays allowed for an autoscaler that already has it. */
export function validateHPAUpdate(hpa: ApiObject, old: ApiObject): FieldError[] {
  return validateSpec(recordAt(hpa, 'spec') ?? {}, recordAt(old, 'spec')?.minReplicas === 0 ? 0 : 1);
}

/** `ValidateHorizontalPodAutoscalerStatusUpdate`: non-negative current and desired replicas. */
export function validateHPAStatusUpdate(hpa: ApiObject): FieldError[] {
  const status = recordAt(hpa, 'status');
  return [...validateNonnegativeField(status?.currentReplicas ?? 0, newPath('status', 'currentReplicas')), ...validateNonnegativeField(status?.desiredReplicas ?? 0, newPath('status', 'desiredReplicas'))];
}
