/**
 * IngressClass validation (pkg/apis/networking/validation `ValidateIngressClass`, `ValidateIngressClassUpdate`,
 * `validateIngressClassSpec`, `validateIngressClassParametersReference`): a domain-prefixed controller of at most
 * 250 characters that cannot change, and parameters with a scope (Cluster, or Namespace with a namespace).
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import {
  type FieldError,
  type FieldPath,
  fieldForbidden,
  fieldInvalid,
  fieldNotSupported,
  fieldRequired,
  fieldTooLong,
  isDNS1123Subdomain,
  nameIsDNSLabel,
  newPath,
  regexError,
} from '@apiserver/runtime';
import { type JSONRecord, recordAt, stringAt } from '../../../object-fields.js';
import { validateTypedLocalObjectReference } from '../backend-validation.js';

const MAX_CONTROLLER_LENGTH = 250;
const HTTP_PATH_FMT = "[A-Za-z0-9/\\-._~%!$&'()*+,;=:]+";
const HTTP_PATH_RE = new RegExp(`^${HTTP_PATH_FMT}$`);
const SCOPES = ['Cluster', 'Namespace'];
const SPEC = newPath('spec');

/** apimachinery `IsDomainPrefixedPath`: `<DNS subdomain>/<http path>`. */
export function validateDomainPrefixedPath(path: FieldPath, value: string): FieldError[] {
  if (value === '') return [fieldRequired(path, '')];
  const slash = value.indexOf('/');
  const host = slash < 0 ? value : value.slice(0, slash);
  const rest = slash < 0 ? '' : value.slice(slash + 1);
  if (slash < 0 || host === '' || rest === '') return [fieldInvalid(path, value, 'must be a domain-prefixed path (such as "acme.io/foo")')];
  const errs = isDNS1123Subdomain(host).map((m) => fieldInvalid(path, host, m));
  if (!HTTP_PATH_RE.test(rest)) errs.push(fieldInvalid(path, rest, regexError('Invalid path', HTTP_PATH_FMT)));
  return errs;
}

function validateParameters(params: JSONRecord, path: FieldPath): FieldError[] {
  const errs = validateTypedLocalObjectReference(params, path);
  if (typeof params.scope !== 'string') return [...errs, fieldRequired(path.child('scope'), '')];
  const scope = params.scope;
  if (!SCOPES.includes(scope)) return [...errs, fieldNotSupported(path.child('scope'), scope, SCOPES)];
  const namespace = params.namespace;
  if (scope === 'Namespace') {
    if (typeof namespace !== 'string') errs.push(fieldRequired(path.child('namespace'), "`parameters.scope` is set to 'Namespace'"));
    else errs.push(...nameIsDNSLabel(namespace, false).map((m) => fieldInvalid(path.child('namespace'), namespace, m)));
  }
  if (scope === 'Cluster' && typeof namespace === 'string') errs.push(fieldForbidden(path.child('namespace'), "`parameters.scope` is set to 'Cluster'"));
  return errs;
}

function validateSpec(spec: JSONRecord): FieldError[] {
  const controller = stringAt(spec, 'controller');
  const errs: FieldError[] = [];
  if (controller.length > MAX_CONTROLLER_LENGTH) errs.push(fieldTooLong(SPEC.child('controller'), controller, MAX_CONTROLLER_LENGTH));
  errs.push(...validateDomainPrefixedPath(SPEC.child('controller'), controller));
  const params = recordAt(spec, 'parameters');
  if (params !== undefined) errs.push(...validateParameters(params, SPEC.child('parameters')));
  return errs;
}

/** Validates a new IngressClass. */
export function validateIngressClass(obj: ApiObject): FieldError[] {
  return validateSpec(recordAt(obj, 'spec') ?? {});
}

/** Validates an IngressClass update: an unchanged controller, then the spec. */
export function validateIngressClassUpdate(obj: ApiObject, old: ApiObject): FieldError[] {
  const controller = stringAt(recordAt(obj, 'spec'), 'controller');
  const errs = controller === stringAt(recordAt(old, 'spec'), 'controller') ? [] : [fieldInvalid(SPEC.child('controller'), controller, 'field is immutable')];
  return [...errs, ...validateIngressClass(obj)];
}
