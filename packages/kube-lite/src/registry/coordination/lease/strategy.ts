/**
 * The lease strategy and validation (pkg/registry/coordination/lease/strategy.go,
 * pkg/apis/coordination/validation `ValidateLease`).
 * @module
 */
import { type ApiObject, GenericStrategy } from '@apiserver/registry';
import { type FieldError, fieldInvalid, newPath, validateNonnegativeField } from '@apiserver/runtime';
import { isInteger, recordAt } from '../../../object-fields.js';

/** Validates a lease spec: leaseDurationSeconds > 0 and leaseTransitions ≥ 0 when set. */
export function validateLease(obj: ApiObject): FieldError[] {
  const spec = recordAt(obj, 'spec') ?? {};
  const path = newPath('spec');
  const errs: FieldError[] = [];
  const duration = spec.leaseDurationSeconds;
  if (duration !== undefined && duration !== null && !(isInteger(duration) && duration > 0)) {
    errs.push(fieldInvalid(path.child('leaseDurationSeconds'), duration, 'must be greater than 0'));
  }
  errs.push(...validateNonnegativeField(spec.leaseTransitions, path.child('leaseTransitions')));
  return errs;
}

/** Create and update behaviour of leases: namespaced, no status, validated on create and update. */
export class LeaseStrategy extends GenericStrategy {
  /** The lease strategy. */
  constructor() {
    super({
      namespaceScoped: true,
      validate: (_ctx, obj) => validateLease(obj),
      validateUpdate: (_ctx, obj) => validateLease(obj),
    });
  }
}
