/**
 * Rules and match resources (pkg/apis/admissionregistration/validation `validateRule`, `validateResources`,
 * `validateRuleWithOperations`, `validateNamedRuleWithOperations`, `validateMatchResources`): operations, API
 * groups and versions with `*` alone, resources with the `*`, `x/*`, `* /x` and `* /*` forms, scopes, resource
 * names, match policies and strictly validated selectors.
 * @module
 */
import { goStringSlice, invalidGoRendered, invalidStringSlice } from '@apiserver/registry';
import { type FieldError, type FieldPath, fieldDuplicate, fieldInvalid, fieldNotSupported, fieldRequired, validatePathSegmentName } from '@apiserver/runtime';
import { type JSONRecord, recordAt, recordsAt, stringsAt } from '../../object-fields.js';
import { validateLabelSelector } from '../label-selector-validation.js';

/** `validScopes.List()`. */
const SCOPES = ['*', 'Cluster', 'Namespaced'];
/** `supportedOperations.List()`. */
const OPERATIONS = ['*', 'CONNECT', 'CREATE', 'DELETE', 'UPDATE'];
/** `supportedMatchPolicies.List()`. */
export const MATCH_POLICIES = ['Equivalent', 'Exact'];

/** Resources of a rule: `*` or `* /*` alone, no `x/y` under a matching `x/*` or `* /y`. */
function validateResources(resources: readonly string[], path: FieldPath): FieldError[] {
  const errs: FieldError[] = resources.length === 0 ? [fieldRequired(path, '')] : [];
  const withWildcardSubresource = new Set<string>();
  const subresourcesWithWildcardResource = new Set<string>();
  let hasDoubleWildcard = false;
  let hasSingleWildcard = false;
  let hasResourceWithoutSubresource = false;
  resources.forEach((resSub, i) => {
    if (resSub === '') {
      errs.push(fieldRequired(path.index(i), ''));
      return;
    }
    if (resSub === '*/*') hasDoubleWildcard = true;
    if (resSub === '*') hasSingleWildcard = true;
    const slash = resSub.indexOf('/');
    if (slash < 0) {
      // As upstream: the last resource without a subresource decides.
      hasResourceWithoutSubresource = resSub !== '*';
      return;
    }
    const res = resSub.slice(0, slash);
    const sub = resSub.slice(slash + 1);
    if (withWildcardSubresource.has(res)) errs.push(fieldInvalid(path.index(i), resSub, `if '${res}/*' is present, must not specify ${resSub}`));
    if (subresourcesWithWildcardResource.has(sub)) errs.push(fieldInvalid(path.index(i), resSub, `if '*/${sub}' is present, must not specify ${resSub}`));
    if (sub === '*') withWildcardSubresource.add(res);
    if (res === '*') subresourcesWithWildcardResource.add(sub);
  });
  if (resources.length > 1 && hasDoubleWildcard) errs.push(invalidStringSlice(path, resources, "if '*/*' is present, must not specify other resources"));
  if (hasSingleWildcard && hasResourceWithoutSubresource) {
    errs.push(invalidStringSlice(path, resources, "if '*' is present, must not specify other resources without subresources"));
  }
  return errs;
}

/** `validateRule` with subresources allowed. */
function validateRule(rule: JSONRecord, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const groups = stringsAt(rule, 'apiGroups');
  if (groups.length === 0) errs.push(fieldRequired(path.child('apiGroups'), ''));
  if (groups.length > 1 && groups.includes('*')) errs.push(invalidStringSlice(path.child('apiGroups'), groups, "if '*' is present, must not specify other API groups"));
  const versions = stringsAt(rule, 'apiVersions');
  if (versions.length === 0) errs.push(fieldRequired(path.child('apiVersions'), ''));
  if (versions.length > 1 && versions.includes('*')) {
    errs.push(invalidStringSlice(path.child('apiVersions'), versions, "if '*' is present, must not specify other API versions"));
  }
  versions.forEach((v, i) => {
    if (v === '') errs.push(fieldRequired(path.child('apiVersions').index(i), ''));
  });
  errs.push(...validateResources(stringsAt(rule, 'resources'), path.child('resources')));
  const scope = rule.scope;
  if (typeof scope === 'string' && !SCOPES.includes(scope)) errs.push(fieldNotSupported(path.child('scope'), scope, SCOPES));
  return errs;
}

/** `validateRuleWithOperations`: operations (`*` alone), then the rule. */
export function validateRuleWithOperations(rule: JSONRecord, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const operations = stringsAt(rule, 'operations');
  if (operations.length === 0) errs.push(fieldRequired(path.child('operations'), ''));
  if (operations.length > 1 && operations.includes('*')) {
    const rendered = goStringSlice(operations, 'admissionregistration.OperationType');
    errs.push(invalidGoRendered(path.child('operations'), operations, rendered, "if '*' is present, must not specify other operations"));
  }
  operations.forEach((op, i) => {
    if (!OPERATIONS.includes(op)) errs.push(fieldNotSupported(path.child('operations').index(i), op, OPERATIONS));
  });
  return [...errs, ...validateRule(rule, path)];
}

/** `validateNamedRuleWithOperations`: unique path-segment resource names, then the rule. */
function validateNamedRuleWithOperations(rule: JSONRecord, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  stringsAt(rule, 'resourceNames').forEach((name, i) => {
    const at = path.child('resourceNames').index(i);
    for (const msg of validatePathSegmentName(name, false)) errs.push(fieldInvalid(at, name, msg));
    if (seen.has(name)) errs.push(fieldDuplicate(at, name));
    else seen.add(name);
  });
  return [...errs, ...validateRuleWithOperations(rule, path)];
}

function validateSelectorField(match: JSONRecord, key: string, path: FieldPath): FieldError[] {
  const selector = recordAt(match, key);
  if (selector === undefined) return [fieldRequired(path.child(key), '')];
  return validateLabelSelector(selector, path.child(key), false);
}

/** `validateMatchResources` of a (defaulted) MatchResources; nothing when absent. */
export function validateMatchResources(match: JSONRecord | undefined, path: FieldPath): FieldError[] {
  if (match === undefined) return [];
  const errs: FieldError[] = [];
  const policy = match.matchPolicy;
  if (typeof policy !== 'string') errs.push(fieldRequired(path.child('matchPolicy'), ''));
  else if (!MATCH_POLICIES.includes(policy)) errs.push(fieldNotSupported(path.child('matchPolicy'), policy, MATCH_POLICIES));
  errs.push(...validateSelectorField(match, 'namespaceSelector', path), ...validateSelectorField(match, 'objectSelector', path));
  for (const key of ['resourceRules', 'excludeResourceRules']) {
    recordsAt(match, key).forEach((r, i) => {
      errs.push(...validateNamedRuleWithOperations(r, path.child(key).index(i)));
    });
  }
  return errs;
}
