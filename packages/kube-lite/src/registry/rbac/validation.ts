/**
 * Validation of rbac.authorization.k8s.io objects (pkg/apis/rbac/validation): policy rules, the aggregation
 * rule, role references, subjects, and the immutable roleRef.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import {
  type FieldError,
  type FieldPath,
  fieldInvalid,
  fieldNotSupported,
  fieldRequired,
  isDNS1123Subdomain,
  labelSelectorAsSelector,
  newPath,
  validatePathSegmentName,
} from '@apiserver/runtime';
import { isRecord, type JSONRecord, recordAt } from '../../object-fields.js';

/** The API group every roleRef and User/Group subject names. */
export const RBAC_GROUP_NAME = 'rbac.authorization.k8s.io';

function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

function records(v: unknown): JSONRecord[] {
  return Array.isArray(v) ? v.filter(isRecord) : [];
}

function text(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

/** `ValidatePolicyRule`: verbs required; non-resource URLs only in cluster rules and alone; else groups and resources. */
export function validatePolicyRule(rule: JSONRecord, namespaced: boolean, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (strings(rule.verbs).length === 0) errs.push(fieldRequired(path.child('verbs'), 'verbs must contain at least one value'));
  const urls = strings(rule.nonResourceURLs);
  if (urls.length > 0) {
    if (namespaced) errs.push(fieldInvalid(path.child('nonResourceURLs'), urls, 'namespaced rules cannot apply to non-resource URLs'));
    if (strings(rule.apiGroups).length + strings(rule.resources).length + strings(rule.resourceNames).length > 0) {
      errs.push(fieldInvalid(path.child('nonResourceURLs'), urls, 'rules cannot apply to both regular resources and non-resource URLs'));
    }
    return errs;
  }
  if (strings(rule.apiGroups).length === 0) errs.push(fieldRequired(path.child('apiGroups'), 'resource rules must supply at least one api group'));
  if (strings(rule.resources).length === 0) errs.push(fieldRequired(path.child('resources'), 'resource rules must supply at least one resource'));
  return errs;
}

function validateRules(obj: ApiObject, namespaced: boolean): FieldError[] {
  return records(obj.rules).flatMap((rule, i) => validatePolicyRule(rule, namespaced, newPath('rules').index(i)));
}

/** `ValidateRole`: namespaced rules (no non-resource URLs). */
export function validateRole(obj: ApiObject): FieldError[] {
  return validateRules(obj, true);
}

/** `ValidateClusterRole`: cluster rules and, when set, an aggregationRule with at least one valid selector. */
export function validateClusterRole(obj: ApiObject): FieldError[] {
  const errs = validateRules(obj, false);
  const aggregation = recordAt(obj, 'aggregationRule');
  if (aggregation === undefined) return errs;
  const path = newPath('aggregationRule', 'clusterRoleSelectors');
  const selectors = records(aggregation.clusterRoleSelectors);
  if (selectors.length === 0) errs.push(fieldRequired(path, 'at least one clusterRoleSelector required if aggregationRule is non-nil'));
  selectors.forEach((selector, i) => {
    try {
      labelSelectorAsSelector(selector);
    } catch (err) {
      errs.push(fieldInvalid(path.index(i), selector, err instanceof Error ? err.message : String(err)));
    }
  });
  return errs;
}

/** `ValidateRoleBindingSubject`: a name, a known kind, and the apiGroup (and namespace) that kind needs. */
export function validateSubject(subject: JSONRecord, namespaced: boolean, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const name = text(subject.name);
  const apiGroup = text(subject.apiGroup);
  if (name === '') errs.push(fieldRequired(path.child('name'), ''));
  switch (subject.kind) {
    case 'ServiceAccount':
      if (name !== '') for (const msg of isDNS1123Subdomain(name)) errs.push(fieldInvalid(path.child('name'), name, msg));
      if (apiGroup !== '') errs.push(fieldNotSupported(path.child('apiGroup'), apiGroup, ['']));
      if (!namespaced && text(subject.namespace) === '') errs.push(fieldRequired(path.child('namespace'), ''));
      break;
    case 'User':
    case 'Group':
      if (apiGroup !== RBAC_GROUP_NAME) errs.push(fieldNotSupported(path.child('apiGroup'), apiGroup, [RBAC_GROUP_NAME]));
      break;
    default:
      errs.push(fieldNotSupported(path.child('kind'), subject.kind ?? '', ['ServiceAccount', 'User', 'Group']));
  }
  return errs;
}

/** `ValidateRoleBinding`/`ValidateClusterRoleBinding`: the roleRef (kinds allowed by scope) and every subject. */
export function validateBinding(obj: ApiObject, namespaced: boolean): FieldError[] {
  const errs: FieldError[] = [];
  const ref = recordAt(obj, 'roleRef') ?? {};
  const refPath = newPath('roleRef');
  const apiGroup = text(ref.apiGroup);
  if (apiGroup !== RBAC_GROUP_NAME) errs.push(fieldNotSupported(refPath.child('apiGroup'), apiGroup, [RBAC_GROUP_NAME]));
  const kinds = namespaced ? ['Role', 'ClusterRole'] : ['ClusterRole'];
  if (!kinds.includes(text(ref.kind))) errs.push(fieldNotSupported(refPath.child('kind'), text(ref.kind), kinds));
  const name = text(ref.name);
  if (name === '') errs.push(fieldRequired(refPath.child('name'), ''));
  else for (const msg of validatePathSegmentName(name, false)) errs.push(fieldInvalid(refPath.child('name'), name, msg));
  for (const [i, s] of records(obj.subjects).entries()) errs.push(...validateSubject(s, namespaced, newPath('subjects').index(i)));
  return errs;
}

/** `ValidateRoleBindingUpdate`: the update is valid and roleRef did not change. */
export function validateBindingUpdate(obj: ApiObject, old: ApiObject, namespaced: boolean): FieldError[] {
  const errs = validateBinding(obj, namespaced);
  const ref = recordAt(obj, 'roleRef') ?? {};
  const oldRef = recordAt(old, 'roleRef') ?? {};
  if (['apiGroup', 'kind', 'name'].some((k) => text(ref[k]) !== text(oldRef[k]))) {
    errs.push(fieldInvalid(newPath('roleRef'), ref, 'cannot change roleRef'));
  }
  return errs;
}
