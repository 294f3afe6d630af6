/**
 * PodDisruptionBudget validation (pkg/apis/policy/validation `ValidatePodDisruptionBudget`,
 * `ValidatePodDisruptionBudgetSpec`, `ValidatePodDisruptionBudgetStatusUpdate` for policy/v1): minAvailable xor
 * maxUnavailable, each a non-negative integer or a percentage of at most 100%, the selector, the
 * unhealthyPodEvictionPolicy enum; status conditions and non-negative counters.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { type FieldError, type FieldPath, fieldInvalid, fieldNotSupported, newPath, validateNonnegativeField } from '@apiserver/runtime';
import { type JSONRecord, recordAt, recordsAt } from '../../../object-fields.js';
import { intOrPercent, validateIntOrPercent } from '../../apps/deployment/validation.js';
import { validateLabelSelector } from '../../label-selector-validation.js';
import { validateConditions } from './condition-validation.js';

// sets.List: sorted.
const UNHEALTHY_POD_EVICTION_POLICIES = ['AlwaysAllow', 'IfHealthyBudget'];
const STATUS_COUNTERS = ['disruptionsAllowed', 'currentHealthy', 'desiredHealthy', 'expectedPods'];

const isSet = (v: unknown): boolean => v !== undefined && v !== null;

function validateBudget(value: unknown, path: FieldPath): FieldError[] {
  const errs = validateIntOrPercent(value, path);
  const parsed = intOrPercent(value);
  if (parsed?.percent === true && parsed.value > 100) errs.push(fieldInvalid(path, value, 'must not be greater than 100%'));
  return errs;
}

/** Validates a PodDisruptionBudget's spec (create and update alike). */
export function validatePodDisruptionBudget(obj: ApiObject): FieldError[] {
  const path = newPath('spec');
  const spec = recordAt(obj, 'spec') ?? {};
  const errs: FieldError[] = [];
  if (isSet(spec.minAvailable) && isSet(spec.maxUnavailable)) errs.push(fieldInvalid(path, spec, 'minAvailable and maxUnavailable cannot be both set'));
  if (isSet(spec.minAvailable)) errs.push(...validateBudget(spec.minAvailable, path.child('minAvailable')));
  if (isSet(spec.maxUnavailable)) errs.push(...validateBudget(spec.maxUnavailable, path.child('maxUnavailable')));
  const selector = recordAt(spec, 'selector');
  if (selector !== undefined) errs.push(...validateLabelSelector(selector, path.child('selector')));
  const policy = spec.unhealthyPodEvictionPolicy;
  if (typeof policy === 'string' && !UNHEALTHY_POD_EVICTION_POLICIES.includes(policy)) {
    errs.push(fieldNotSupported(path.child('unhealthyPodEvictionPolicy'), policy, UNHEALTHY_POD_EVICTION_POLICIES));
  }
  return errs;
}

/** Validates a policy/v1 status update: conditions and the non-negative counters. */
export function validatePodDisruptionBudgetStatus(obj: ApiObject): FieldError[] {
  const path = newPath('status');
  const status: JSONRecord = recordAt(obj, 'status') ?? {};
  const errs = validateConditions(recordsAt(status, 'conditions'), path.child('conditions'));
  for (const counter of STATUS_COUNTERS) errs.push(...validateNonnegativeField(status[counter] ?? 0, path.child(counter)));
  return errs;
}
