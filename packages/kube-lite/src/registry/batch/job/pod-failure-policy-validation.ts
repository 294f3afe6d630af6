/**
 * A Job's `spec.podFailurePolicy` (pkg/apis/batch/validation `validatePodFailurePolicy` and its rule checks): at
 * most 20 rules, each with a supported action and exactly one of `onExitCodes` (operator, a known container,
 * 1–255 ordered distinct values, no 0 for `In`) and `onPodConditions` (at most 20 qualified types with a status).
 * @module
 */
import {
  type FieldError,
  type FieldPath,
  fieldDuplicate,
  fieldInvalid,
  fieldNotSupported,
  fieldRequired,
  fieldTooMany,
  goQuote,
  isQualifiedName,
  OMIT_VALUE,
} from '@apiserver/runtime';
import { isInteger, type JSONRecord, recordAt, recordsAt, stringAt } from '../../../object-fields.js';

const MAX_RULES = 20;
const MAX_EXIT_CODE_VALUES = 255;
const MAX_POD_CONDITION_PATTERNS = 20;
// sets.List order (sorted), as upstream lists them.
const ACTIONS = ['Count', 'FailIndex', 'FailJob', 'Ignore'];
const EXIT_CODE_OPERATORS = ['In', 'NotIn'];
const CONDITION_STATUSES = ['False', 'True', 'Unknown'];

/** Go's `%q` of a string slice: `["a" "b"]`. */
export function quotedList(values: readonly string[]): string {
  return `[${values.map(goQuote).join(' ')}]`;
}

function validateChoice(value: string, path: FieldPath, supported: readonly string[]): FieldError[] {
  if (value === '') return [fieldRequired(path, `valid values: ${quotedList(supported)}`)];
  return supported.includes(value) ? [] : [fieldNotSupported(path, value, supported)];
}

function validateExitCodeValues(values: unknown[], operator: string, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (values.length === 0) errs.push(fieldInvalid(path, values, 'at least one value is required'));
  else if (values.length > MAX_EXIT_CODE_VALUES) errs.push(fieldTooMany(path, values.length, MAX_EXIT_CODE_VALUES));
  const seen = new Set<number>();
  let ordered = true;
  values.forEach((v, j) => {
    const n = isInteger(v) ? v : 0;
    if (operator === 'In' && n === 0) errs.push(fieldInvalid(path.index(j), n, 'must not be 0 for the In operator'));
    if (seen.has(n)) errs.push(fieldDuplicate(path.index(j), n));
    else seen.add(n);
    const previous = values[j - 1];
    if (j > 0 && isInteger(previous) && previous > n) ordered = false;
  });
  if (!ordered) errs.push(fieldInvalid(path, values, 'must be ordered'));
  return errs;
}

function validateOnExitCodes(req: JSONRecord, path: FieldPath, containerNames: ReadonlySet<string>): FieldError[] {
  const operator = stringAt(req, 'operator');
  const errs = validateChoice(operator, path.child('operator'), EXIT_CODE_OPERATORS);
  const container = req.containerName;
  if (typeof container === 'string' && !containerNames.has(container)) {
    errs.push(fieldInvalid(path.child('containerName'), container, 'must be one of the container or initContainer names in the pod template'));
  }
  const values = Array.isArray(req.values) ? req.values : [];
  return [...errs, ...validateExitCodeValues(values, operator, path.child('values'))];
}

function validateOnPodConditions(patterns: JSONRecord[], path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (patterns.length > MAX_POD_CONDITION_PATTERNS) errs.push(fieldTooMany(path, patterns.length, MAX_POD_CONDITION_PATTERNS));
  patterns.forEach((pattern, j) => {
    const p = path.index(j);
    const type = stringAt(pattern, 'type');
    errs.push(...isQualifiedName(type).map((msg) => fieldInvalid(p.child('type'), type, msg)));
    errs.push(...validateChoice(stringAt(pattern, 'status'), p.child('status'), CONDITION_STATUSES));
  });
  return errs;
}

function validateRule(spec: JSONRecord, rule: JSONRecord, path: FieldPath, containerNames: ReadonlySet<string>): FieldError[] {
  const action = stringAt(rule, 'action');
  const actionPath = path.child('action');
  const errs: FieldError[] = [];
  if (action === '') errs.push(fieldRequired(actionPath, `valid values: ${quotedList(ACTIONS)}`));
  else if (action === 'FailIndex') {
    if (spec.backoffLimitPerIndex === undefined || spec.backoffLimitPerIndex === null) {
      errs.push(fieldInvalid(actionPath, action, 'requires the backoffLimitPerIndex to be set'));
    }
  } else if (!ACTIONS.includes(action)) errs.push(fieldNotSupported(actionPath, action, ACTIONS));
  const onExitCodes = recordAt(rule, 'onExitCodes');
  const onPodConditions = recordsAt(rule, 'onPodConditions');
  if (onExitCodes !== undefined) errs.push(...validateOnExitCodes(onExitCodes, path.child('onExitCodes'), containerNames));
  if (onPodConditions.length > 0) errs.push(...validateOnPodConditions(onPodConditions, path.child('onPodConditions')));
  if (onExitCodes !== undefined && onPodConditions.length > 0) {
    errs.push(fieldInvalid(path, OMIT_VALUE, 'specifying both OnExitCodes and OnPodConditions is not supported'));
  }
  if (onExitCodes === undefined && onPodConditions.length === 0) {
    errs.push(fieldInvalid(path, OMIT_VALUE, 'specifying one of OnExitCodes and OnPodConditions is required'));
  }
  return errs;
}

/** Validates `spec.podFailurePolicy` of a JobSpec (`path` is the policy's path). */
export function validatePodFailurePolicy(spec: JSONRecord, path: FieldPath): FieldError[] {
  const rules = recordsAt(recordAt(spec, 'podFailurePolicy'), 'rules');
  const rulesPath = path.child('rules');
  const errs: FieldError[] = rules.length > MAX_RULES ? [fieldTooMany(rulesPath, rules.length, MAX_RULES)] : [];
  const podSpec = recordAt(recordAt(spec, 'template'), 'spec');
  const containerNames = new Set([...recordsAt(podSpec, 'containers'), ...recordsAt(podSpec, 'initContainers')].map((c) => stringAt(c, 'name')));
  rules.forEach((rule, i) => {
    errs.push(...validateRule(spec, rule, rulesPath.index(i), containerNames));
  });
  return errs;
}
