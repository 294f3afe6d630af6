/**
 * ValidatingAdmissionPolicyBinding validation (pkg/apis/admissionregistration/validation
 * `ValidateValidatingAdmissionPolicyBinding` and its update, which checks the same): a policy name that is a DNS
 * subdomain, a paramRef with a name or a selector (not both) and a parameterNotFoundAction, match resources (under
 * upstream's misspelt path `spec.matchResouces`), and one to three distinct validation actions without both Deny
 * and Warn.
 * @module
 */
import { type ApiObject, goStringSlice, invalidGoRendered } from '@apiserver/registry';
import { type FieldError, type FieldPath, fieldDuplicate, fieldForbidden, fieldInvalid, fieldNotSupported, fieldRequired, nameIsDNSSubdomain, newPath, validatePathSegmentName } from '@apiserver/runtime';
import { type JSONRecord, recordAt, stringAt, stringsAt } from '../../../object-fields.js';
import { validateLabelSelector } from '../../label-selector-validation.js';
import { validateMatchResources } from '../rule-validation.js';

const SPEC = newPath('spec');
/** `validValidationActions.List()`. */
const VALIDATION_ACTIONS = ['Audit', 'Deny', 'Warn'];
const PARAMETER_NOT_FOUND_ACTIONS = ['Deny', 'Allow'];
const EXCLUSIVE = 'name and selector are mutually exclusive';

function validateParamRef(paramRef: JSONRecord | undefined, path: FieldPath): FieldError[] {
  if (paramRef === undefined) return [];
  const errs: FieldError[] = [];
  const name = stringAt(paramRef, 'name');
  const selector = recordAt(paramRef, 'selector');
  if (name !== '') {
    for (const msg of validatePathSegmentName(name, false)) errs.push(fieldInvalid(path.child('name'), name, msg));
    if (selector !== undefined) errs.push(fieldForbidden(path.child('name'), EXCLUSIVE));
  }
  if (selector !== undefined) {
    errs.push(...validateLabelSelector(selector, path.child('selector'), false));
    if (name !== '') errs.push(fieldForbidden(path.child('selector'), EXCLUSIVE));
  }
  if (name === '' && selector === undefined) errs.push(fieldRequired(path, 'one of name or selector must be specified'));
  const action = stringAt(paramRef, 'parameterNotFoundAction');
  if (action === '') errs.push(fieldRequired(path.child('parameterNotFoundAction'), ''));
  else if (!PARAMETER_NOT_FOUND_ACTIONS.includes(action)) errs.push(fieldNotSupported(path.child('parameterNotFoundAction'), action, PARAMETER_NOT_FOUND_ACTIONS));
  return errs;
}

function validateValidationActions(actions: readonly string[], path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  actions.forEach((action, i) => {
    if (!VALIDATION_ACTIONS.includes(action)) errs.push(fieldNotSupported(path.index(i), action, VALIDATION_ACTIONS));
    if (seen.has(action)) errs.push(fieldDuplicate(path.index(i), action));
    seen.add(action);
  });
  if (seen.has('Deny') && seen.has('Warn')) {
    const detail = 'must not contain both Deny and Warn (repeating the same validation failure information in the API response and headers serves no purpose)';
    errs.push(invalidGoRendered(path, actions, goStringSlice(actions, 'admissionregistration.ValidationAction'), detail));
  }
  if (seen.size === 0) errs.push(fieldRequired(path, 'at least one validation action is required'));
  return errs;
}

/** Validates a ValidatingAdmissionPolicyBinding (create and update alike). */
export function validateValidatingAdmissionPolicyBinding(binding: ApiObject): FieldError[] {
  const spec = recordAt(binding, 'spec');
  const policyName = stringAt(spec, 'policyName');
  const errs: FieldError[] = [];
  if (policyName === '') errs.push(fieldRequired(SPEC.child('policyName'), ''));
  else for (const msg of nameIsDNSSubdomain(policyName, false)) errs.push(fieldInvalid(SPEC.child('policyName'), policyName, msg));
  errs.push(...validateParamRef(recordAt(spec, 'paramRef'), SPEC.child('paramRef')));
  errs.push(...validateMatchResources(recordAt(spec, 'matchResources'), SPEC.child('matchResouces')));
  errs.push(...validateValidationActions(stringsAt(spec, 'validationActions'), SPEC.child('validationActions')));
  return errs;
}
