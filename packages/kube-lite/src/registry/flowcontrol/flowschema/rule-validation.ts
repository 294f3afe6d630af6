/**
 * Validation of a FlowSchema's rules (pkg/apis/flowcontrol/validation `ValidateFlowSchemaPolicyRulesWithSubjects`
 * and what it calls): subjects of kind User, Group or ServiceAccount with exactly their member set, resource rules
 * (verbs, apiGroups, resources, namespaces or clusterScope) and non-resource rules (verbs, URL paths), with `*`
 * standing alone in each list.
 * @module
 */
import { type FieldError, type FieldPath, fieldForbidden, fieldInvalid, fieldNotSupported, fieldRequired, isDNS1123Label, nameIsDNSSubdomain } from '@apiserver/runtime';
import { isRecord, type JSONRecord } from '../../../object-fields.js';

// sets.NewString(...).List() order: sorted.
const SUPPORTED_VERBS = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'proxy', 'update', 'watch'];
const SUPPORTED_SUBJECT_KINDS = ['Group', 'ServiceAccount', 'User'];
const NS_ERR_INTRO = "each member of this list must be '*' or a DNS-1123 label; ";

const stringsOf = (v: unknown): string[] => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []);
const stringOf = (v: unknown): string => (typeof v === 'string' ? v : '');
const hasWildcard = (list: readonly string[]): boolean => list.includes('*');

type Member = 'user' | 'group' | 'serviceAccount';
const MEMBER_OF_KIND: Readonly<Record<string, Member>> = { User: 'user', Group: 'group', ServiceAccount: 'serviceAccount' };
const FORBIDDEN_MEMBER: Readonly<Record<Member, string>> = {
  user: "user is forbidden when subject kind is not 'User'",
  group: "group is forbidden when subject kind is not 'Group'",
  serviceAccount: "serviceAccount is forbidden when subject kind is not 'ServiceAccount'",
};
// Upstream checks the other members in this order per kind.
const OTHER_MEMBERS: Readonly<Record<Member, Member[]>> = { serviceAccount: ['user', 'group'], user: ['serviceAccount', 'group'], group: ['serviceAccount', 'user'] };

function validateMember(member: Member, value: unknown, path: FieldPath): FieldError[] {
  if (!isRecord(value)) {
    const kind = member === 'serviceAccount' ? 'ServiceAccount' : member === 'user' ? 'User' : 'Group';
    return [fieldRequired(path, `${member} is required when subject kind is '${kind}'`)];
  }
  const errs: FieldError[] = [];
  const name = stringOf(value.name);
  if (name === '') errs.push(fieldRequired(path.child('name'), ''));
  else if (member === 'serviceAccount' && name !== '*') for (const msg of nameIsDNSSubdomain(name, false)) errs.push(fieldInvalid(path.child('name'), name, msg));
  if (member !== 'serviceAccount') return errs;
  const namespace = stringOf(value.namespace);
  if (namespace === '') errs.push(fieldRequired(path.child('namespace'), 'must specify namespace for service account'));
  else for (const msg of isDNS1123Label(namespace)) errs.push(fieldInvalid(path.child('namespace'), namespace, msg));
  return errs;
}

/** `ValidateFlowSchemaSubject`. */
export function validateSubject(subject: JSONRecord, path: FieldPath): FieldError[] {
  const kind = stringOf(subject.kind);
  const member = MEMBER_OF_KIND[kind];
  if (member === undefined) return [fieldNotSupported(path.child('kind'), kind, SUPPORTED_SUBJECT_KINDS)];
  const errs = validateMember(member, subject[member], path.child(member));
  for (const other of OTHER_MEMBERS[member]) if (subject[other] !== undefined && subject[other] !== null) errs.push(fieldForbidden(path.child(other), FORBIDDEN_MEMBER[other]));
  return errs;
}

function validateVerbs(verbs: string[], path: FieldPath): FieldError[] {
  if (verbs.length === 0) return [fieldRequired(path, 'verbs must contain at least one value')];
  if (hasWildcard(verbs)) return verbs.length > 1 ? [fieldInvalid(path, verbs, "if '*' is present, must not specify other verbs")] : [];
  return verbs.every((v) => SUPPORTED_VERBS.includes(v)) ? [] : [fieldNotSupported(path, verbs, SUPPORTED_VERBS)];
}

/** `ValidateFlowSchemaResourcePolicyRule`. */
export function validateResourceRule(rule: JSONRecord, path: FieldPath): FieldError[] {
  const errs = validateVerbs(stringsOf(rule.verbs), path.child('verbs'));
  const apiGroups = stringsOf(rule.apiGroups);
  if (apiGroups.length === 0) errs.push(fieldRequired(path.child('apiGroups'), 'resource rules must supply at least one api group'));
  else if (apiGroups.length > 1 && hasWildcard(apiGroups)) errs.push(fieldInvalid(path.child('apiGroups'), apiGroups, "if '*' is present, must not specify other api groups"));
  const resources = stringsOf(rule.resources);
  if (resources.length === 0) errs.push(fieldRequired(path.child('resources'), 'resource rules must supply at least one resource'));
  else if (resources.length > 1 && hasWildcard(resources)) errs.push(fieldInvalid(path.child('resources'), resources, "if '*' is present, must not specify other resources"));
  const namespaces = stringsOf(rule.namespaces);
  if (namespaces.length === 0 && rule.clusterScope !== true) {
    errs.push(fieldRequired(path.child('namespaces'), 'resource rules that are not cluster scoped must supply at least one namespace'));
  } else if (hasWildcard(namespaces)) {
    if (namespaces.length > 1) errs.push(fieldInvalid(path.child('namespaces'), namespaces, "if '*' is present, must not specify other namespaces"));
  } else {
    namespaces.forEach((ns, i) => {
      for (const msg of isDNS1123Label(ns)) errs.push(fieldInvalid(path.child('namespaces').index(i), ns, NS_ERR_INTRO + msg));
    });
  }
  return errs;
}

/** `ValidateNonResourceURLPath`: a slash first, no white-space, no `//`, `*` only as a `/*` suffix. */
export function validateNonResourceURLPath(url: string, path: FieldPath): FieldError | undefined {
  if (url === '') return fieldInvalid(path, url, 'must not be empty');
  if (url === '/') return undefined;
  if (!url.startsWith('/')) return fieldInvalid(path, url, 'must start with slash');
  if (url.includes(' ')) return fieldInvalid(path, url, 'must not contain white-space');
  if (url.includes('//')) return fieldInvalid(path, url, 'must not contain double slash');
  const wildcards = url.split('*').length - 1;
  if (wildcards > 1 || (wildcards === 1 && !url.endsWith('/*'))) return fieldInvalid(path, url, 'wildcard can only do suffix matching');
  return undefined;
}

/** `ValidateFlowSchemaNonResourcePolicyRule`. */
export function validateNonResourceRule(rule: JSONRecord, path: FieldPath): FieldError[] {
  const errs = validateVerbs(stringsOf(rule.verbs), path.child('verbs'));
  const urls = stringsOf(rule.nonResourceURLs);
  const urlsPath = path.child('nonResourceURLs');
  if (urls.length === 0) errs.push(fieldRequired(urlsPath, 'nonResourceURLs must contain at least one value'));
  else if (hasWildcard(urls)) {
    if (urls.length > 1) errs.push(fieldInvalid(urlsPath, urls, "if '*' is present, must not specify other non-resource URLs"));
  } else {
    urls.forEach((url, i) => {
      const err = validateNonResourceURLPath(url, urlsPath.index(i));
      if (err !== undefined) errs.push(err);
    });
  }
  return errs;
}

/** `ValidateFlowSchemaPolicyRulesWithSubjects`. */
export function validatePolicyRulesWithSubjects(rule: JSONRecord, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const subjects = Array.isArray(rule.subjects) ? rule.subjects : [];
  if (subjects.length === 0) errs.push(fieldRequired(path.child('subjects'), 'subjects must contain at least one value'));
  for (const [i, s] of subjects.entries()) errs.push(...validateSubject(isRecord(s) ? s : {}, path.child('subjects').index(i)));
  const resourceRules = Array.isArray(rule.resourceRules) ? rule.resourceRules : [];
  const nonResourceRules = Array.isArray(rule.nonResourceRules) ? rule.nonResourceRules : [];
  if (resourceRules.length === 0 && nonResourceRules.length === 0) errs.push(fieldRequired(path, 'at least one of resourceRules and nonResourceRules has to be non-empty'));
  for (const [i, r] of resourceRules.entries()) errs.push(...validateResourceRule(isRecord(r) ? r : {}, path.child('resourceRules').index(i)));
  for (const [i, r] of nonResourceRules.entries()) errs.push(...validateNonResourceRule(isRecord(r) ? r : {}, path.child('nonResourceRules').index(i)));
  return errs;
}
