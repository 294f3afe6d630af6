/**
 * PriorityLevelConfiguration validation as served through v1 (pkg/apis/flowcontrol/validation
 * `ValidatePriorityLevelConfiguration` with 1.32's strategy options, which allow zero nominalConcurrencyShares on
 * create and update): type Exempt exactly for `exempt`, the member of the other type forbidden, shares ≥ 0,
 * lendablePercent 0..100, borrowingLimitPercent ≥ 0, the limit response; the mandatory levels' specs equal their
 * fixed values (`exempt` but for its `exempt` member); no v1beta3 round-trip annotation; status conditions.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { type FieldError, type FieldPath, fieldForbidden, fieldInvalid, fieldNotSupported, fieldRequired, newPath } from '@apiserver/runtime';
import { flowcontrolV1 } from '@apiserver/runtime/apis';
import { isRecord, type JSONRecord } from '../../../object-fields.js';
import { MANDATORY_PRIORITY_LEVELS } from '../bootstrap-configuration.js';
import { EXEMPT_NAME, PRESERVE_ZERO_CONCURRENCY_SHARES_ANNOTATION } from '../names.js';
import { specEquals } from '../spec-equality.js';
import { validateConditions } from '../status-validation.js';
import { validateLimitResponse } from './queuing-validation.js';

const SUPPORTED_TYPES = ['Exempt', 'Limited'];
const PERCENT_ERROR = 'must be between 0 and 100, inclusive';

const isSet = (v: unknown): v is number => typeof v === 'number';

function validateShares(shares: unknown, path: FieldPath): FieldError[] {
  return isSet(shares) && shares < 0 ? [fieldInvalid(path, shares, 'must be a non-negative integer')] : [];
}

function validateLendable(percent: unknown, path: FieldPath): FieldError[] {
  return isSet(percent) && (percent < 0 || percent > 100) ? [fieldInvalid(path, percent, PERCENT_ERROR)] : [];
}

/** `ValidateLimitedPriorityLevelConfiguration` (v1 field names, zero shares allowed). */
export function validateLimited(limited: JSONRecord, path: FieldPath): FieldError[] {
  const errs = validateShares(limited.nominalConcurrencyShares ?? 0, path.child('nominalConcurrencyShares'));
  errs.push(...validateLimitResponse(isRecord(limited.limitResponse) ? limited.limitResponse : {}, path.child('limitResponse')));
  errs.push(...validateLendable(limited.lendablePercent, path.child('lendablePercent')));
  const borrowing = limited.borrowingLimitPercent;
  if (isSet(borrowing) && borrowing < 0) errs.push(fieldInvalid(path.child('borrowingLimitPercent'), borrowing, 'if specified, must be a non-negative integer'));
  return errs;
}

/** `ValidatePriorityLevelConfigurationSpec`. */
export function validatePriorityLevelSpec(name: string, spec: JSONRecord, path: FieldPath): FieldError[] {
  const type = typeof spec.type === 'string' ? spec.type : '';
  const errs: FieldError[] = [];
  if ((name === EXEMPT_NAME) !== (type === 'Exempt')) errs.push(fieldInvalid(path.child('type'), type, "type must be 'Exempt' if and only if name is 'exempt'"));
  const present = (v: unknown): boolean => v !== undefined && v !== null;
  switch (type) {
    case 'Exempt':
      if (present(spec.limited)) errs.push(fieldForbidden(path.child('limited'), 'must be nil if the type is not Limited'));
      if (isRecord(spec.exempt)) {
        errs.push(...validateShares(spec.exempt.nominalConcurrencyShares, path.child('exempt', 'nominalConcurrencyShares')));
        errs.push(...validateLendable(spec.exempt.lendablePercent, path.child('exempt', 'lendablePercent')));
      }
      break;
    case 'Limited':
      if (present(spec.exempt)) errs.push(fieldForbidden(path.child('exempt'), 'must be nil if the type is Limited'));
      if (isRecord(spec.limited)) errs.push(...validateLimited(spec.limited, path.child('limited')));
      else errs.push(fieldRequired(path.child('limited'), 'must not be empty when type is Limited'));
      break;
    default:
      errs.push(fieldNotSupported(path.child('type'), type, SUPPORTED_TYPES));
  }
  return errs;
}

/** `ValidateIfMandatoryPriorityLevelConfigurationObject`: `exempt` may change only its `exempt` member. */
function validateMandatory(name: string, spec: JSONRecord, path: FieldPath): FieldError[] {
  const mandatory = MANDATORY_PRIORITY_LEVELS.find((m) => m.metadata.name === name);
  if (mandatory === undefined) return [];
  const fixed = mandatory.spec as JSONRecord;
  if (name === EXEMPT_NAME) {
    const compared = { ...spec, exempt: fixed.exempt };
    if (specEquals(flowcontrolV1.PriorityLevelConfigurationSpecSchema, compared, fixed)) return [];
    return [fieldInvalid(path, spec, `spec of '${name}' except the 'spec.exempt' field must equal the fixed value`)];
  }
  if (specEquals(flowcontrolV1.PriorityLevelConfigurationSpecSchema, spec, fixed)) return [];
  return [fieldInvalid(path, spec, `spec of '${name}' must equal the fixed value`)];
}

/** `ValidatePriorityLevelConfiguration` without the metadata checks the strategy already makes. */
export function validatePriorityLevelConfiguration(plc: ApiObject): FieldError[] {
  const errs: FieldError[] = [];
  if (plc.metadata.annotations?.[PRESERVE_ZERO_CONCURRENCY_SHARES_ANNOTATION] !== undefined) {
    errs.push(fieldForbidden(newPath('metadata', 'annotations'), `annotation '${PRESERVE_ZERO_CONCURRENCY_SHARES_ANNOTATION}' is forbidden`));
  }
  const name = plc.metadata.name ?? '';
  const spec = isRecord(plc.spec) ? plc.spec : {};
  const path = newPath('spec');
  errs.push(...validatePriorityLevelSpec(name, spec, path), ...validateMandatory(name, spec, path), ...validatePriorityLevelStatus(plc));
  return errs;
}

/** `ValidatePriorityLevelConfigurationStatus` (also what a status update checks). */
export function validatePriorityLevelStatus(plc: ApiObject): FieldError[] {
  return validateConditions(plc.status, newPath('status'));
}
