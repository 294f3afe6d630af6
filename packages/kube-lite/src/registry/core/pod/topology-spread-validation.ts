/**
 * Topology spread constraint checks (pkg/apis/core/validation `validateTopologySpreadConstraints` and the
 * helpers it calls) as Kubernetes 1.32 runs them: MinDomainsInPodTopologySpread, NodeInclusionPolicyInPodTopologySpread
 * and MatchLabelKeysInPodTopologySpread are all on in 1.32.
 * @module
 */
import { type FieldError, type FieldPath, fieldDuplicate, fieldForbidden, fieldInvalid, fieldNotSupported, fieldRequired, validateLabelName } from '@apiserver/runtime';
import { type JSONRecord, numberAt, recordAt, recordsAt, stringAt, stringMapAt, stringsAt } from '../../../object-fields.js';
import { validateLabelSelector } from '../../label-selector-validation.js';

const NOT_POSITIVE = 'must be greater than zero';
const SCHEDULE_ACTIONS: readonly string[] = ['DoNotSchedule', 'ScheduleAnyway'];
const NODE_INCLUSION_POLICIES: readonly string[] = ['Honor', 'Ignore'];

/** `validateMinDomains`: positive, and only with whenUnsatisfiable DoNotSchedule. */
function validateMinDomains(constraint: JSONRecord, path: FieldPath): FieldError[] {
  const minDomains = constraint.minDomains;
  if (minDomains === undefined || minDomains === null) return [];
  const errs: FieldError[] = [];
  if (typeof minDomains === 'number' && minDomains <= 0) errs.push(fieldInvalid(path, minDomains, NOT_POSITIVE));
  const action = stringAt(constraint, 'whenUnsatisfiable');
  if (action !== 'DoNotSchedule') errs.push(fieldInvalid(path, minDomains, `can only use minDomains if whenUnsatisfiable=DoNotSchedule, not ${action}`));
  return errs;
}

/** `validateNodeInclusionPolicy`: unset, Honor or Ignore. */
function validateNodeInclusionPolicy(constraint: JSONRecord, field: string, path: FieldPath): FieldError[] {
  const policy = constraint[field];
  if (policy === undefined || policy === null) return [];
  return typeof policy === 'string' && NODE_INCLUSION_POLICIES.includes(policy) ? [] : [fieldNotSupported(path.child(field), policy, NODE_INCLUSION_POLICIES)];
}

/** `validateMatchLabelKeysInTopologySpread`: needs a label selector; label names not already in the selector. */
function validateMatchLabelKeys(constraint: JSONRecord, path: FieldPath): FieldError[] {
  const keys = stringsAt(constraint, 'matchLabelKeys');
  if (keys.length === 0) return [];
  const errs: FieldError[] = [];
  const selector = recordAt(constraint, 'labelSelector');
  const selectorKeys = new Set<string>();
  if (selector === undefined) errs.push(fieldForbidden(path, 'must not be specified when labelSelector is not set'));
  else {
    for (const k of Object.keys(stringMapAt(selector, 'matchLabels') ?? {})) selectorKeys.add(k);
    for (const expr of recordsAt(selector, 'matchExpressions')) selectorKeys.add(stringAt(expr, 'key'));
  }
  keys.forEach((key, i) => {
    errs.push(...validateLabelName(key, path.index(i)));
    if (selectorKeys.has(key)) errs.push(fieldInvalid(path.index(i), key, 'exists in both matchLabelKeys and labelSelector'));
  });
  return errs;
}

/** One constraint, `rest` being the constraints after it (a repeated {topologyKey, whenUnsatisfiable} is Duplicate). */
function validateConstraint(constraint: JSONRecord, rest: readonly JSONRecord[], path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const maxSkew = numberAt(constraint, 'maxSkew') ?? 0;
  if (maxSkew <= 0) errs.push(fieldInvalid(path.child('maxSkew'), maxSkew, NOT_POSITIVE));
  const topologyKey = stringAt(constraint, 'topologyKey');
  if (topologyKey === '') errs.push(fieldRequired(path.child('topologyKey'), 'can not be empty'));
  const action = stringAt(constraint, 'whenUnsatisfiable');
  if (!SCHEDULE_ACTIONS.includes(action)) errs.push(fieldNotSupported(path.child('whenUnsatisfiable'), action, SCHEDULE_ACTIONS));
  if (rest.some((r) => stringAt(r, 'topologyKey') === topologyKey && stringAt(r, 'whenUnsatisfiable') === action)) {
    errs.push(fieldDuplicate(path.child('{topologyKey, whenUnsatisfiable}'), `{${topologyKey}, ${action}}`));
  }
  errs.push(...validateMinDomains(constraint, path.child('minDomains')));
  errs.push(...validateNodeInclusionPolicy(constraint, 'nodeAffinityPolicy', path));
  errs.push(...validateNodeInclusionPolicy(constraint, 'nodeTaintsPolicy', path));
  errs.push(...validateMatchLabelKeys(constraint, path.child('matchLabelKeys')));
  const selector = recordAt(constraint, 'labelSelector');
  // AllowInvalidTopologySpreadConstraintLabelSelector is false for new objects: the selector's values are checked.
  if (selector !== undefined) errs.push(...validateLabelSelector(selector, path.child('labelSelector'), false));
  return errs;
}

/** Validates `spec.topologySpreadConstraints`. */
export function validateTopologySpreadConstraints(constraints: readonly JSONRecord[], path: FieldPath): FieldError[] {
  return constraints.flatMap((c, i) => validateConstraint(c, constraints.slice(i + 1), path.index(i)));
}
