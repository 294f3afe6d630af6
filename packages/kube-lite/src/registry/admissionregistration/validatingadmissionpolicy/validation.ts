/**
 * ValidatingAdmissionPolicy validation (pkg/apis/admissionregistration/validation `ValidateValidatingAdmissionPolicy`,
 * `…Update`, `…StatusUpdate`): a failure policy, the paramKind, match constraints with at least one resource rule,
 * match conditions, variables, validations or audit annotations (at most 20, unique keys); the status's type
 * checking warnings and conditions. CEL expressions are compiled with `params` declared when there is a paramKind
 * and `variables` holding the variables declared before (every variable, for the other expressions).
 * @module
 */
import { type AdmissionVariableDeclarations, composeAdmissionVariables } from '@apiserver/apiextensions';
import { type ApiObject, invalidGoRendered } from '@apiserver/registry';
import { type FieldError, type FieldPath, fieldDuplicate, fieldNotSupported, fieldRequired, goQuote, jsonValuesEqual, newPath } from '@apiserver/runtime';
import { type JSONRecord, recordAt, recordsAt, stringAt } from '../../../object-fields.js';
import { validateConditions } from '../../policy/poddisruptionbudget/condition-validation.js';
import { validateMatchConditions } from '../match-conditions.js';
import { validateMatchResources } from '../rule-validation.js';
import { FAILURE_POLICIES } from '../webhook-validation.js';
import { validateAuditAnnotation, validateValidation, validateVariable } from './expressions.js';
import { validateParamKind } from './param-kind.js';

const SPEC = newPath('spec');
const MAX_AUDIT_ANNOTATIONS = 20;

/** Go's `%#v` of a `[]admissionregistration.AuditAnnotation`. */
function renderAuditAnnotations(annotations: readonly JSONRecord[]): string {
  const type = 'admissionregistration.AuditAnnotation';
  const items = annotations.map((a) => `${type}{Key:${goQuote(stringAt(a, 'key'))}, ValueExpression:${goQuote(stringAt(a, 'valueExpression'))}}`);
  return `[]${type}{${items.join(', ')}}`;
}

function validateAuditAnnotations(policyName: string, spec: JSONRecord, path: FieldPath, declarations: AdmissionVariableDeclarations): FieldError[] {
  const annotations = recordsAt(spec, 'auditAnnotations');
  const errs: FieldError[] = [];
  if (annotations.length > MAX_AUDIT_ANNOTATIONS) {
    errs.push(invalidGoRendered(path, annotations, renderAuditAnnotations(annotations), `must not have more than ${MAX_AUDIT_ANNOTATIONS} auditAnnotations`));
  }
  const keys = new Set<string>();
  annotations.forEach((annotation, i) => {
    errs.push(...validateAuditAnnotation(policyName, annotation, path.index(i), declarations));
    const key = stringAt(annotation, 'key');
    if (keys.has(key)) errs.push(fieldDuplicate(path.index(i).child('key'), key));
    keys.add(key);
  });
  return errs;
}

function validateMatchConstraints(spec: JSONRecord): FieldError[] {
  const path = SPEC.child('matchConstraints');
  const constraints = recordAt(spec, 'matchConstraints');
  if (constraints === undefined) return [fieldRequired(path, '')];
  const errs = validateMatchResources(constraints, path);
  // At least one resource rule, for the type information of the expressions.
  if (recordsAt(constraints, 'resourceRules').length === 0) errs.push(fieldRequired(path.child('resourceRules'), ''));
  return errs;
}

function validateSpec(policy: ApiObject, ignoreMatchConditions: boolean): FieldError[] {
  const spec = recordAt(policy, 'spec') ?? {};
  const errs: FieldError[] = [];
  const failurePolicy = spec.failurePolicy;
  if (typeof failurePolicy !== 'string') errs.push(fieldRequired(SPEC.child('failurePolicy'), ''));
  else if (!FAILURE_POLICIES.includes(failurePolicy)) errs.push(fieldNotSupported(SPEC.child('failurePolicy'), failurePolicy, FAILURE_POLICIES));
  const paramKind = recordAt(spec, 'paramKind');
  if (paramKind !== undefined) errs.push(...validateParamKind(paramKind, SPEC.child('paramKind')));
  errs.push(...validateMatchConstraints(spec));
  const variables = recordsAt(spec, 'variables');
  // Each variable typed by its expression, as the admission plugin compiles them.
  const composed = composeAdmissionVariables(
    variables.map((v) => ({ name: stringAt(v, 'name'), expression: stringAt(v, 'expression') })),
    paramKind !== undefined,
  );
  const declarations = composed.declarations();
  // Upstream compiles messageExpressions without `authorizer`.
  const messageDeclarations = composed.declarations({ messages: true });
  if (!ignoreMatchConditions) errs.push(...validateMatchConditions(recordsAt(spec, 'matchConditions'), SPEC.child('matchConditions'), declarations));
  variables.forEach((v, i) => {
    errs.push(...validateVariable(v, SPEC.child('variables').index(i), composed.compiled[i]));
  });
  const validations = recordsAt(spec, 'validations');
  if (validations.length === 0 && recordsAt(spec, 'auditAnnotations').length === 0) {
    const detail = 'validations or auditAnnotations must contain at least one item';
    return [...errs, fieldRequired(SPEC.child('validations'), detail), fieldRequired(SPEC.child('auditAnnotations'), detail)];
  }
  validations.forEach((v, i) => {
    errs.push(...validateValidation(v, SPEC.child('validations').index(i), declarations, messageDeclarations));
  });
  return [...errs, ...validateAuditAnnotations(policy.metadata.name ?? '', spec, SPEC.child('auditAnnotations'), declarations)];
}

/** Validates a new ValidatingAdmissionPolicy (defaults applied). */
export function validateValidatingAdmissionPolicy(policy: ApiObject): FieldError[] {
  return validateSpec(policy, false);
}

/** Validates an update: match conditions are not checked again while they and the paramKind are unchanged. */
export function validateValidatingAdmissionPolicyUpdate(policy: ApiObject, old: ApiObject): FieldError[] {
  const spec = recordAt(policy, 'spec');
  const oldSpec = recordAt(old, 'spec');
  const unchanged = jsonValuesEqual(spec?.paramKind, oldSpec?.paramKind) && jsonValuesEqual(spec?.matchConditions, oldSpec?.matchConditions);
  return validateSpec(policy, unchanged);
}

/** `validateValidatingAdmissionPolicyStatus`: expression warnings with a warning and a field reference, conditions. */
export function validateValidatingAdmissionPolicyStatus(policy: ApiObject): FieldError[] {
  const status = recordAt(policy, 'status');
  const path = newPath('status');
  const errs: FieldError[] = [];
  recordsAt(recordAt(status, 'typeChecking'), 'expressionWarnings').forEach((w, i) => {
    const at = path.child('typeChecking', 'expressionWarnings').index(i);
    if (stringAt(w, 'warning') === '') errs.push(fieldRequired(at.child('warning'), ''));
    if (stringAt(w, 'fieldRef').trim() === '') errs.push(fieldRequired(at.child('fieldRef'), ''));
  });
  return [...errs, ...validateConditions(recordsAt(status, 'conditions'), path.child('conditions'))];
}
