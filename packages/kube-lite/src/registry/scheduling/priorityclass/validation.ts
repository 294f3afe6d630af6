/**
 * PriorityClass validation (pkg/apis/scheduling/validation `ValidatePriorityClass`, `ValidatePriorityClassUpdate`,
 * core `ValidatePreemptionPolicy`): the `system-` prefix only for the system classes as defined, user values at
 * most 1e9, a known preemption policy; value and preemptionPolicy immutable.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { type FieldError, fieldForbidden, fieldInvalid, fieldNotSupported, fieldRequired, newPath } from '@apiserver/runtime';
import { HIGHEST_USER_DEFINABLE_PRIORITY, SYSTEM_PRIORITY_CLASS_PREFIX, systemPriorityClassError } from './system-classes.js';

// Upstream's order, not sorted.
const PREEMPTION_POLICIES = ['PreemptLowerPriority', 'Never'];

/** Validates a new PriorityClass. */
export function validatePriorityClass(pc: ApiObject): FieldError[] {
  const errs: FieldError[] = [];
  const name = pc.metadata.name ?? '';
  const value = typeof pc.value === 'number' ? pc.value : 0;
  if (name.startsWith(SYSTEM_PRIORITY_CLASS_PREFIX)) {
    const why = systemPriorityClassError(name, value, pc.globalDefault === true);
    if (why !== undefined) {
      errs.push(fieldForbidden(newPath('metadata', 'name'), `priority class names with '${SYSTEM_PRIORITY_CLASS_PREFIX}' prefix are reserved for system use only. error: ${why}`));
    }
  } else if (value > HIGHEST_USER_DEFINABLE_PRIORITY) {
    errs.push(fieldForbidden(newPath('value'), `maximum allowed value of a user defined priority is ${HIGHEST_USER_DEFINABLE_PRIORITY}`));
  }
  const policy = pc.preemptionPolicy;
  if (policy === '') errs.push(fieldRequired(newPath('preemptionPolicy'), ''));
  else if (typeof policy === 'string' && !PREEMPTION_POLICIES.includes(policy)) errs.push(fieldNotSupported(newPath('preemptionPolicy'), policy, PREEMPTION_POLICIES));
  return errs;
}

/** Validates a PriorityClass update: value and preemptionPolicy unchanged. */
export function validatePriorityClassUpdate(pc: ApiObject, old: ApiObject): FieldError[] {
  const errs: FieldError[] = [];
  if ((pc.value ?? 0) !== (old.value ?? 0)) errs.push(fieldForbidden(newPath('value'), 'may not be changed in an update.'));
  if ((pc.preemptionPolicy ?? null) !== (old.preemptionPolicy ?? null)) errs.push(fieldInvalid(newPath('preemptionPolicy'), pc.preemptionPolicy ?? null, 'field is immutable'));
  return errs;
}
