/**
 * FlowSchema validation (pkg/apis/flowcontrol/validation `ValidateFlowSchema`, `ValidateFlowSchemaUpdate`,
 * `ValidateFlowSchemaStatusUpdate`): matchingPrecedence in 1..10000 (1 only for `exempt`), a supported
 * distinguisher method, a priority level reference, the rules; the mandatory schemas' specs equal their fixed
 * values; status conditions with unique, non-empty types. An update is validated as a new object.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { type FieldError, type FieldPath, fieldInvalid, fieldNotSupported, fieldRequired, nameIsDNSSubdomain, newPath } from '@apiserver/runtime';
import { flowcontrolV1 } from '@apiserver/runtime/apis';
import { isRecord, type JSONRecord } from '../../../object-fields.js';
import { MANDATORY_FLOW_SCHEMAS } from '../bootstrap-configuration.js';
import { specEquals } from '../spec-equality.js';
import { EXEMPT_NAME, MAX_MATCHING_PRECEDENCE } from '../names.js';
import { validateConditions } from '../status-validation.js';
import { validatePolicyRulesWithSubjects } from './rule-validation.js';

const SUPPORTED_DISTINGUISHER_METHODS = ['ByNamespace', 'ByUser'];

function validatePrecedence(name: string, precedence: unknown, path: FieldPath): FieldError[] {
  const value = typeof precedence === 'number' ? precedence : 0;
  const errs: FieldError[] = [];
  if (value <= 0) errs.push(fieldInvalid(path, value, 'must be a positive value'));
  if (value > MAX_MATCHING_PRECEDENCE) errs.push(fieldInvalid(path, value, `must not be greater than ${MAX_MATCHING_PRECEDENCE}`));
  if (value === 1 && name !== EXEMPT_NAME) errs.push(fieldInvalid(path, value, "only the schema named 'exempt' may have matchingPrecedence 1"));
  return errs;
}

/** `ValidateFlowSchemaSpec`. */
export function validateFlowSchemaSpec(name: string, spec: JSONRecord, path: FieldPath): FieldError[] {
  const errs = validatePrecedence(name, spec.matchingPrecedence, path.child('matchingPrecedence'));
  const method = spec.distinguisherMethod;
  if (isRecord(method) && !SUPPORTED_DISTINGUISHER_METHODS.includes(String(method.type ?? ''))) {
    errs.push(fieldNotSupported(path.child('distinguisherMethod', 'type'), method, SUPPORTED_DISTINGUISHER_METHODS));
  }
  const levelPath = path.child('priorityLevelConfiguration', 'name');
  const level = isRecord(spec.priorityLevelConfiguration) && typeof spec.priorityLevelConfiguration.name === 'string' ? spec.priorityLevelConfiguration.name : '';
  if (level === '') errs.push(fieldRequired(levelPath, 'must reference a priority level'));
  else for (const msg of nameIsDNSSubdomain(level, false)) errs.push(fieldInvalid(levelPath, level, msg));
  const rules = Array.isArray(spec.rules) ? spec.rules : [];
  for (const [i, r] of rules.entries()) errs.push(...validatePolicyRulesWithSubjects(isRecord(r) ? r : {}, path.child('rules').index(i)));
  return errs;
}

/** The spec error of a mandatory schema whose spec is not the fixed one. */
function validateMandatory(fs: ApiObject, spec: JSONRecord, path: FieldPath): FieldError[] {
  const mandatory = MANDATORY_FLOW_SCHEMAS.find((m) => m.metadata.name === fs.metadata.name);
  if (mandatory === undefined || specEquals(flowcontrolV1.FlowSchemaSpecSchema, spec, mandatory.spec)) return [];
  return [fieldInvalid(path, spec, `spec of '${fs.metadata.name ?? ''}' must equal the fixed value`)];
}

/** `ValidateFlowSchema` without the metadata checks the strategy already makes. */
export function validateFlowSchema(fs: ApiObject): FieldError[] {
  const spec = isRecord(fs.spec) ? fs.spec : {};
  const path = newPath('spec');
  return [...validateFlowSchemaSpec(fs.metadata.name ?? '', spec, path), ...validateMandatory(fs, spec, path), ...validateFlowSchemaStatus(fs)];
}

/** `ValidateFlowSchemaStatus` (also what a status update checks). */
export function validateFlowSchemaStatus(fs: ApiObject): FieldError[] {
  return validateConditions(fs.status, newPath('status'));
}
