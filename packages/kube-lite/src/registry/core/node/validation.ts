/**
 * Node validation (pkg/apis/core/validation `ValidateNode`, `ValidateNodeUpdate`), for the fields modelled:
 * taints (key, value, effect, unique by key and effect), duplicate status addresses, and podCIDRs and
 * providerID that may only change from unset.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import {
  type FieldError,
  FieldError as FieldErrorClass,
  fieldDuplicate,
  fieldForbidden,
  fieldInvalid,
  fieldNotSupported,
  fieldRequired,
  isValidLabelValue,
  newPath,
  validateLabelName,
} from '@apiserver/runtime';
import { isDeepStrictEqual } from 'node:util';
import { recordAt, recordsAt, stringAt, stringsAt } from '../../../object-fields.js';

/** The taint effects a node taint may have. */
export const TAINT_EFFECTS: readonly string[] = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];

function validateTaints(node: ApiObject): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  recordsAt(recordAt(node, 'spec'), 'taints').forEach((taint, i) => {
    const path = newPath('spec', 'taints').index(i);
    const key = stringAt(taint, 'key');
    const value = stringAt(taint, 'value');
    const effect = stringAt(taint, 'effect');
    errs.push(...validateLabelName(key, path.child('key')));
    const valueErrs = isValidLabelValue(value);
    if (valueErrs.length > 0) errs.push(fieldInvalid(path.child('value'), value, valueErrs.join(';')));
    if (effect === '') errs.push(fieldRequired(path.child('effect'), ''));
    else if (!TAINT_EFFECTS.includes(effect)) errs.push(fieldNotSupported(path.child('effect'), effect, TAINT_EFFECTS));
    const unique = `${effect}\u0000${key}`;
    if (seen.has(unique)) errs.push(new FieldErrorClass('FieldValueDuplicate', path.toString(), taint, 'taints must be unique by key and effect pair'));
    seen.add(unique);
  });
  return errs;
}

function validateAddresses(node: ApiObject): FieldError[] {
  const errs: FieldError[] = [];
  const seen: unknown[] = [];
  recordsAt(recordAt(node, 'status'), 'addresses').forEach((address, i) => {
    if (seen.some((s) => isDeepStrictEqual(s, address))) errs.push(fieldDuplicate(newPath('status', 'addresses').index(i), address));
    seen.push(address);
  });
  return errs;
}

/** Validates a node (taints and addresses; the name is checked by the strategy). */
export function validateNode(node: ApiObject): FieldError[] {
  return [...validateTaints(node), ...validateAddresses(node)];
}

/** Validates a node update: the node itself, then podCIDRs and providerID immutability once set. */
export function validateNodeUpdate(node: ApiObject, old: ApiObject): FieldError[] {
  const errs = validateNode(node);
  const spec = recordAt(node, 'spec');
  const oldSpec = recordAt(old, 'spec');
  const oldCIDRs = stringsAt(oldSpec, 'podCIDRs');
  if (oldCIDRs.length > 0 && !isDeepStrictEqual(oldCIDRs, stringsAt(spec, 'podCIDRs'))) {
    errs.push(fieldForbidden(newPath('spec', 'podCIDRs'), 'node updates may not change podCIDR except from "" to valid'));
  }
  const oldProvider = stringAt(oldSpec, 'providerID');
  if (oldProvider !== '' && oldProvider !== stringAt(spec, 'providerID')) {
    errs.push(fieldForbidden(newPath('spec', 'providerID'), 'node updates may not change providerID except from "" to valid'));
  }
  return errs;
}
