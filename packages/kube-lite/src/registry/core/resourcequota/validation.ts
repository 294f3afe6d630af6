/**
 * ResourceQuota validation (pkg/apis/core/validation `ValidateResourceQuotaSpec`, `validateResourceQuotaScopes`,
 * `validateScopeSelector`, `ValidateResourceQuotaStatus`, `ValidateResourceQuotaUpdate`): resource names and
 * quantities, scopes (supported, valid for the resources, not conflicting), scope selector requirements, and
 * immutable scopes.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { type FieldError, type FieldPath, fieldInvalid, fieldRequired, newPath } from '@apiserver/runtime';
import { type JSONRecord, recordAt, recordsAt, stringAt, stringsAt } from '../../../object-fields.js';
import { isStandardQuotaResourceName, validateQuotaResourceName, validateResourceQuantityValue } from './resource-names.js';

const SPEC = newPath('spec');
const POD_COUNT = ['pods'];
const POD_COMPUTE = ['cpu', 'memory', 'limits.cpu', 'limits.memory', 'requests.cpu', 'requests.memory'];
const SCOPES = ['Terminating', 'NotTerminating', 'BestEffort', 'NotBestEffort', 'PriorityClass', 'CrossNamespacePodAffinity'];
const EXISTS_ONLY = ['BestEffort', 'NotBestEffort', 'Terminating', 'NotTerminating', 'CrossNamespacePodAffinity'];
const CONFLICTING = [
  ['BestEffort', 'NotBestEffort'],
  ['Terminating', 'NotTerminating'],
];

/** `IsResourceQuotaScopeValidForResource`. */
function scopeValidFor(scope: string, resource: string): boolean {
  if (scope === 'BestEffort') return POD_COUNT.includes(resource);
  if (SCOPES.includes(scope)) return POD_COUNT.includes(resource) || POD_COMPUTE.includes(resource);
  return true;
}

/** Names and quantities of a resource list (`hard`, `used`) at `path`, in name order. */
export function validateQuotaResourceList(list: JSONRecord | undefined, path: FieldPath): FieldError[] {
  return Object.keys(list ?? {})
    .sort()
    .flatMap((name) => [...validateQuotaResourceName(name, path.key(name)), ...validateResourceQuantityValue(name, list?.[name], path.key(name))]);
}

const hardNames = (spec: JSONRecord): string[] => Object.keys(recordAt(spec, 'hard') ?? {}).sort();

function validateScopes(spec: JSONRecord): FieldError[] {
  const scopes = stringsAt(spec, 'scopes');
  const path = SPEC.child('scopes');
  const errs: FieldError[] = [];
  for (const scope of scopes) {
    if (!SCOPES.includes(scope)) errs.push(fieldInvalid(path, scopes, 'unsupported scope'));
    for (const r of hardNames(spec)) if (isStandardQuotaResourceName(r) && !scopeValidFor(scope, r)) errs.push(fieldInvalid(path, scopes, 'unsupported scope applied to resource'));
  }
  for (const pair of CONFLICTING) if (pair.every((s) => scopes.includes(s))) errs.push(fieldInvalid(path, scopes, 'conflicting scopes'));
  return errs;
}

function validateScopeSelector(spec: JSONRecord): FieldError[] {
  const selector = recordAt(spec, 'scopeSelector');
  if (selector === undefined) return [];
  const path = SPEC.child('scopeSelector', 'matchExpressions');
  const errs: FieldError[] = [];
  for (const req of recordsAt(selector, 'matchExpressions')) {
    const scope = stringAt(req, 'scopeName');
    const op = stringAt(req, 'operator');
    const values = stringsAt(req, 'values');
    if (!SCOPES.includes(scope)) errs.push(fieldInvalid(path.child('scopeName'), scope, 'unsupported scope'));
    for (const r of hardNames(spec)) if (isStandardQuotaResourceName(r) && !scopeValidFor(scope, r)) errs.push(fieldInvalid(path, selector, 'unsupported scope applied to resource'));
    if (EXISTS_ONLY.includes(scope) && op !== 'Exists') {
      errs.push(
        fieldInvalid(
          path.child('operator'),
          op,
          "must be 'Exist' when scope is any of ResourceQuotaScopeTerminating, ResourceQuotaScopeNotTerminating, ResourceQuotaScopeBestEffort, ResourceQuotaScopeNotBestEffort or ResourceQuotaScopeCrossNamespacePodAffinity",
        ),
      );
    }
    if (op === 'In' || op === 'NotIn') {
      if (values.length === 0) errs.push(fieldRequired(path.child('values'), "must be at least one value when `operator` is 'In' or 'NotIn' for scope selector"));
    } else if (op === 'Exists' || op === 'DoesNotExist') {
      if (values.length > 0) errs.push(fieldInvalid(path.child('values'), values, "must be no value when `operator` is 'Exist' or 'DoesNotExist' for scope selector"));
    } else {
      errs.push(fieldInvalid(path.child('operator'), op, 'not a valid selector operator'));
    }
  }
  return errs;
}

/** Validates a quota's spec and status. */
export function validateResourceQuota(obj: ApiObject): FieldError[] {
  const spec = recordAt(obj, 'spec') ?? {};
  return [...validateQuotaResourceList(recordAt(spec, 'hard'), SPEC.child('hard')), ...validateScopes(spec), ...validateScopeSelector(spec), ...validateResourceQuotaStatus(obj)];
}

/** Validates a quota's status (`hard` and `used` lists). */
export function validateResourceQuotaStatus(obj: ApiObject): FieldError[] {
  const status = recordAt(obj, 'status');
  const path = newPath('status');
  return [...validateQuotaResourceList(recordAt(status, 'hard'), path.child('hard')), ...validateQuotaResourceList(recordAt(status, 'used'), path.child('used'))];
}

/** Validates an update: the new spec, and the same set of scopes. */
export function validateResourceQuotaUpdate(obj: ApiObject, old: ApiObject): FieldError[] {
  const spec = recordAt(obj, 'spec') ?? {};
  const errs = [...validateQuotaResourceList(recordAt(spec, 'hard'), SPEC.child('hard')), ...validateScopes(spec), ...validateScopeSelector(spec)];
  const scopes = new Set(stringsAt(spec, 'scopes'));
  const before = new Set(stringsAt(recordAt(old, 'spec'), 'scopes'));
  if (scopes.size !== before.size || [...scopes].some((s) => !before.has(s))) errs.push(fieldInvalid(SPEC.child('scopes'), stringsAt(spec, 'scopes'), 'field is immutable'));
  return errs;
}
