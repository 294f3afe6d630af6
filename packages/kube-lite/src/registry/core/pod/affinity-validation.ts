/**
 * Pod affinity checks (pkg/apis/core/validation `validateAffinity`, `ValidateNodeSelector`,
 * `ValidatePreferredSchedulingTerms`, `validatePodAffinityTerm`, `validateMatchLabelKeysAndMismatchLabelKeys`)
 * as Kubernetes 1.32 runs them.
 *
 * 1.32 does not check the values of node selector requirements against label-value rules (that came with 1.33
 * and its `AllowInvalidLabelValueInRequiredNodeAffinity` relaxation), so neither does this module.
 * @module
 */
import {
  type FieldError,
  type FieldPath,
  fieldForbidden,
  fieldInvalid,
  fieldRequired,
  nameIsDNSLabel,
  nameIsDNSSubdomain,
  validateLabelName,
} from '@apiserver/runtime';
import { isRecord, type JSONRecord, numberAt, recordAt, recordsAt, stringAt, stringMapAt, stringsAt } from '../../../object-fields.js';
import { validateLabelSelector } from '../../label-selector-validation.js';

const WEIGHT_RANGE_MESSAGE = 'must be in the range 1-100';

/** `ValidateNodeSelectorRequirement`: operator and its values rule, then the key as a label name. */
function validateNodeSelectorRequirement(req: JSONRecord, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const op = stringAt(req, 'operator');
  const values = stringsAt(req, 'values');
  if (op === 'In' || op === 'NotIn') {
    if (values.length === 0) errs.push(fieldRequired(path.child('values'), "must be specified when `operator` is 'In' or 'NotIn'"));
  } else if (op === 'Exists' || op === 'DoesNotExist') {
    if (values.length > 0) errs.push(fieldForbidden(path.child('values'), "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
  } else if (op === 'Gt' || op === 'Lt') {
    if (values.length !== 1) errs.push(fieldRequired(path.child('values'), "must be specified single value when `operator` is 'Lt' or 'Gt'"));
  } else {
    errs.push(fieldInvalid(path.child('operator'), op, 'not a valid selector operator'));
  }
  errs.push(...validateLabelName(stringAt(req, 'key'), path.child('key')));
  return errs;
}

/** `ValidateNodeFieldSelectorRequirement`: In/NotIn with one value, key `metadata.name`, values node names. */
function validateNodeFieldSelectorRequirement(req: JSONRecord, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const op = stringAt(req, 'operator');
  const values = stringsAt(req, 'values');
  if (op === 'In' || op === 'NotIn') {
    if (values.length !== 1) {
      errs.push(fieldRequired(path.child('values'), "must be only one value when `operator` is 'In' or 'NotIn' for node field selector"));
    }
  } else {
    errs.push(fieldInvalid(path.child('operator'), op, 'not a valid selector operator'));
  }
  const key = stringAt(req, 'key');
  if (key !== 'metadata.name') errs.push(fieldInvalid(path.child('key'), key, 'not a valid field selector key'));
  else {
    values.forEach((v, i) => {
      for (const msg of nameIsDNSSubdomain(v, false)) errs.push(fieldInvalid(path.child('values').index(i), v, msg));
    });
  }
  return errs;
}

/** `ValidateNodeSelectorTerm`: each matchExpressions then each matchFields requirement. */
function validateNodeSelectorTerm(term: JSONRecord | undefined, path: FieldPath): FieldError[] {
  return [
    ...recordsAt(term, 'matchExpressions').flatMap((r, j) => validateNodeSelectorRequirement(r, path.child('matchExpressions').index(j))),
    ...recordsAt(term, 'matchFields').flatMap((r, j) => validateNodeFieldSelectorRequirement(r, path.child('matchFields').index(j))),
  ];
}

/** `ValidateNodeSelector`: at least one term, each term valid. */
export function validateNodeSelector(selector: JSONRecord, path: FieldPath): FieldError[] {
  const termsPath = path.child('nodeSelectorTerms');
  const terms = recordsAt(selector, 'nodeSelectorTerms');
  if (terms.length === 0) return [fieldRequired(termsPath, 'must have at least one node selector term')];
  return terms.flatMap((t, i) => validateNodeSelectorTerm(t, termsPath.index(i)));
}

/** A weight outside 1…100 (a missing weight is Go's zero). */
function validateWeight(term: JSONRecord, path: FieldPath): FieldError[] {
  const weight = numberAt(term, 'weight') ?? 0;
  return weight <= 0 || weight > 100 ? [fieldInvalid(path.child('weight'), weight, WEIGHT_RANGE_MESSAGE)] : [];
}

function validateNodeAffinity(na: JSONRecord, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const required = recordAt(na, 'requiredDuringSchedulingIgnoredDuringExecution');
  if (required !== undefined) errs.push(...validateNodeSelector(required, path.child('requiredDuringSchedulingIgnoredDuringExecution')));
  const preferredPath = path.child('preferredDuringSchedulingIgnoredDuringExecution');
  recordsAt(na, 'preferredDuringSchedulingIgnoredDuringExecution').forEach((term, i) => {
    errs.push(...validateWeight(term, preferredPath.index(i)));
    errs.push(...validateNodeSelectorTerm(recordAt(term, 'preference'), preferredPath.index(i).child('preference')));
  });
  return errs;
}

/** `validateLabelKeys`: forbidden without a label selector, else each key a label name. */
function validateLabelKeys(path: FieldPath, keys: readonly string[], selector: JSONRecord | undefined): FieldError[] {
  if (keys.length === 0) return [];
  if (selector === undefined) return [fieldForbidden(path, 'must not be specified when labelSelector is not set')];
  return keys.flatMap((k, i) => validateLabelName(k, path.index(i)));
}

/**
 * `validateMatchLabelKeysAndMismatchLabelKeys`: keys are label names; a matchLabelKeys key that appears in a
 * matchExpressions entry after already being in the selector (as the pod strategy's merge of matchLabelKeys into
 * the selector makes it) is Invalid at the term path indexed by the key's position, as upstream words it; a key in
 * both matchLabelKeys and mismatchLabelKeys is Invalid.
 */
function validateMatchLabelKeys(term: JSONRecord, path: FieldPath): FieldError[] {
  const selector = recordAt(term, 'labelSelector');
  const matchKeys = stringsAt(term, 'matchLabelKeys');
  const mismatchKeys = stringsAt(term, 'mismatchLabelKeys');
  const errs = [
    ...validateLabelKeys(path.child('matchLabelKeys'), matchKeys, selector),
    ...validateLabelKeys(path.child('mismatchLabelKeys'), mismatchKeys, selector),
  ];
  if (selector !== undefined) {
    const position = new Map(matchKeys.map((k, i) => [k, i]));
    const seen = new Set(Object.keys(stringMapAt(selector, 'matchLabels') ?? {}));
    for (const expr of recordsAt(selector, 'matchExpressions')) {
      const key = stringAt(expr, 'key');
      const i = position.get(key);
      if (i !== undefined && seen.has(key)) errs.push(fieldInvalid(path.index(i), key, 'exists in both matchLabelKeys and labelSelector'));
      seen.add(key);
    }
  }
  const mismatch = new Set(mismatchKeys);
  matchKeys.forEach((k, i) => {
    if (mismatch.has(k)) errs.push(fieldInvalid(path.child('matchLabelKeys').index(i), k, 'exists in both matchLabelKeys and mismatchLabelKeys'));
  });
  return errs;
}

/**
 * `validatePodAffinityTerm`: label and namespace selectors (values checked: `AllowInvalidLabelValueInSelector`
 * is false for new objects), namespaces as DNS labels (reported at `namespace`, as upstream), match/mismatch label
 * keys, and a required topologyKey that is a label name.
 */
function validatePodAffinityTerm(term: JSONRecord, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  for (const field of ['labelSelector', 'namespaceSelector']) {
    const selector = term[field];
    if (isRecord(selector)) errs.push(...validateLabelSelector(selector, path.child(field), false));
  }
  for (const ns of stringsAt(term, 'namespaces')) {
    for (const msg of nameIsDNSLabel(ns, false)) errs.push(fieldInvalid(path.child('namespace'), ns, msg));
  }
  errs.push(...validateMatchLabelKeys(term, path));
  const topologyKey = stringAt(term, 'topologyKey');
  if (topologyKey === '') errs.push(fieldRequired(path.child('topologyKey'), 'can not be empty'));
  errs.push(...validateLabelName(topologyKey, path.child('topologyKey')));
  return errs;
}

/** podAffinity or podAntiAffinity: required terms, then weighted terms. */
function validatePodAffinity(affinity: JSONRecord, path: FieldPath): FieldError[] {
  const requiredPath = path.child('requiredDuringSchedulingIgnoredDuringExecution');
  const preferredPath = path.child('preferredDuringSchedulingIgnoredDuringExecution');
  return [
    ...recordsAt(affinity, 'requiredDuringSchedulingIgnoredDuringExecution').flatMap((t, i) => validatePodAffinityTerm(t, requiredPath.index(i))),
    ...recordsAt(affinity, 'preferredDuringSchedulingIgnoredDuringExecution').flatMap((t, j) => [
      ...validateWeight(t, preferredPath.index(j)),
      ...validatePodAffinityTerm(recordAt(t, 'podAffinityTerm') ?? {}, preferredPath.index(j).child('podAffinityTerm')),
    ]),
  ];
}

/** Validates `spec.affinity` (`validateAffinity`): node affinity, pod affinity, pod anti-affinity. */
export function validateAffinity(affinity: JSONRecord | undefined, path: FieldPath): FieldError[] {
  if (affinity === undefined) return [];
  const errs: FieldError[] = [];
  const node = recordAt(affinity, 'nodeAffinity');
  if (node !== undefined) errs.push(...validateNodeAffinity(node, path.child('nodeAffinity')));
  for (const field of ['podAffinity', 'podAntiAffinity']) {
    const pod = recordAt(affinity, field);
    if (pod !== undefined) errs.push(...validatePodAffinity(pod, path.child(field)));
  }
  return errs;
}
