/**
 * The `fieldSelector` and `labelSelector` of a review's `resourceAttributes` (AuthorizeWithSelectors): their
 * validation (pkg/apis/authorization/validation `validateFieldSelectorAttributes`/`validateLabelSelectorAttributes`),
 * their authorizer attributes (pkg/registry/authorization/util `ResourceAttributesFrom`: `rawSelector` parsed,
 * else `requirements` converted, the requirements that convert kept beside the errors of the others) and the
 * status `evaluationError` parts of selectors ignored for a parse error (`BuildEvaluationError`).
 * @module
 */
import {
  type FieldError,
  type FieldPath,
  type FieldRequirement,
  fieldForbidden,
  fieldInvalid,
  fieldRequired,
  goQuote,
  isValidLabelValue,
  newRequirement,
  type Requirement,
  validateLabelName,
} from '@apiserver/runtime';
import { fieldSelectorAttributes, labelSelectorAttributes, type SelectorAttributes } from '@apiserver/server';
import { isRecord, type JSONRecord, recordAt, recordsAt, stringAt, stringsAt } from '../../object-fields.js';

function validateRequirementArity(req: JSONRecord, path: FieldPath): FieldError[] {
  const op = stringAt(req, 'operator');
  const values = stringsAt(req, 'values');
  if ((op === 'In' || op === 'NotIn') && values.length === 0) return [fieldRequired(path.child('values'), "must be specified when `operator` is 'In' or 'NotIn'")];
  if ((op === 'Exists' || op === 'DoesNotExist') && values.length > 0) {
    return [fieldForbidden(path.child('values'), "may not be specified when `operator` is 'Exists' or 'DoesNotExist'")];
  }
  return [];
}

/** One selector's errors; unknown operators are allowed (newer clients), label keys and values are checked. */
function validateSelector(selector: JSONRecord | undefined, path: FieldPath, labels: boolean): FieldError[] {
  if (selector === undefined) return [];
  const errs: FieldError[] = [];
  const raw = stringAt(selector, 'rawSelector');
  const requirements = recordsAt(selector, 'requirements');
  if (raw !== '' && requirements.length > 0) errs.push(fieldInvalid(path.child('rawSelector'), raw, 'may not specified at the same time as requirements'));
  if (raw === '' && requirements.length === 0) errs.push(fieldRequired(path.child('requirements'), `when ${path.toString()} is specified, requirements or rawSelector is required`));
  requirements.forEach((req, i) => {
    const p = path.child('requirements').index(i);
    errs.push(...validateRequirementArity(req, p));
    if (!labels) return;
    errs.push(...validateLabelName(stringAt(req, 'key'), p.child('key')));
    stringsAt(req, 'values').forEach((v, j) => {
      errs.push(...isValidLabelValue(v).map((m) => fieldInvalid(p.child('values').index(j), v, m)));
    });
  });
  return errs;
}

/** `validateResourceAttributes`: the selectors of `resourceAttributes` at `path`. */
export function validateReviewSelectors(resourceAttributes: unknown, path: FieldPath): FieldError[] {
  return [
    ...validateSelector(recordAt(resourceAttributes, 'fieldSelector'), path.child('fieldSelector'), false),
    ...validateSelector(recordAt(resourceAttributes, 'labelSelector'), path.child('labelSelector'), true),
  ];
}

/** `utilerrors.NewAggregate(errs)`: one message, or several in brackets; `undefined` for none. */
function aggregate(messages: readonly string[]): Error | undefined {
  const unique = [...new Set(messages)];
  if (unique.length === 0) return undefined;
  return new Error(unique.length === 1 ? unique[0] : `[${unique.join(', ')}]`);
}

const FIELD_OPERATORS: Readonly<Record<string, '=' | '!='>> = { In: '=', NotIn: '!=' };

/** `fieldSelectorAsSelector`: In and NotIn of one value as `=` and `!=`; the others are errors. */
function fieldRequirementsOf(requirements: readonly JSONRecord[]): SelectorAttributes {
  const reqs: FieldRequirement[] = [];
  const errs: string[] = [];
  for (const req of requirements) {
    const op = stringAt(req, 'operator');
    const values = stringsAt(req, 'values');
    const operator = Object.hasOwn(FIELD_OPERATORS, op) ? FIELD_OPERATORS[op] : undefined;
    if (values.length > 1) errs.push('fieldSelectors do not yet support multiple values');
    else if (operator !== undefined && values.length === 1) reqs.push({ field: stringAt(req, 'key'), operator, value: values[0] as string });
    else if (operator !== undefined) errs.push(`fieldSelectors ${op === 'In' ? 'in' : 'not in'} must have one value`);
    else if (op === 'Exists' || op === 'DoesNotExist') errs.push(`fieldSelectors do not yet support ${op}`);
    else errs.push(`${goQuote(op)} is not a valid field selector operator`);
  }
  const error = aggregate(errs);
  return { ...(reqs.length > 0 && { fieldSelectorRequirements: reqs }), ...(error !== undefined && { fieldSelectorParsingError: error }) };
}

const LABEL_OPERATORS: Readonly<Record<string, string>> = { In: 'in', NotIn: 'notin', Exists: 'exists', DoesNotExist: '!' };

/** `labelSelectorAsSelector` (authorization's): each requirement validated as `labels.NewRequirement`. */
function labelRequirementsOf(requirements: readonly JSONRecord[]): SelectorAttributes {
  const reqs: Requirement[] = [];
  const errs: string[] = [];
  for (const req of requirements) {
    const op = stringAt(req, 'operator');
    const operator = Object.hasOwn(LABEL_OPERATORS, op) ? LABEL_OPERATORS[op] : undefined;
    if (operator === undefined) {
      errs.push(`${goQuote(op)} is not a valid label selector operator`);
      continue;
    }
    try {
      reqs.push(newRequirement(stringAt(req, 'key'), operator, stringsAt(req, 'values')));
    } catch (err) {
      errs.push(err instanceof Error ? err.message : String(err));
    }
  }
  const error = aggregate(errs);
  return { ...(reqs.length > 0 && { labelSelectorRequirements: reqs }), ...(error !== undefined && { labelSelectorParsingError: error }) };
}

/** The selector attributes of `resourceAttributes` (`ResourceAttributesFrom`): `requirements` win over `rawSelector`. */
export function reviewSelectorAttributes(resourceAttributes: unknown): SelectorAttributes {
  const field = recordAt(resourceAttributes, 'fieldSelector');
  const label = recordAt(resourceAttributes, 'labelSelector');
  const fieldRequirements = recordsAt(field, 'requirements');
  const labelRequirements = recordsAt(label, 'requirements');
  return {
    ...(fieldRequirements.length > 0 ? fieldRequirementsOf(fieldRequirements) : fieldSelectorAttributes(stringAt(field, 'rawSelector'))),
    ...(labelRequirements.length > 0 ? labelRequirementsOf(labelRequirements) : labelSelectorAttributes(stringAt(label, 'rawSelector'))),
  };
}

/** The `evaluationError` parts of selectors ignored, wholly or partly, for a parse error (`BuildEvaluationError`). */
export function selectorEvaluationErrors(a: SelectorAttributes): string[] {
  const parts: string[] = [];
  const ignored = (name: string, error: Error | undefined, kept: readonly unknown[] | undefined): void => {
    if (error === undefined) return;
    const how = kept !== undefined && kept.length > 0 ? 'partially ignored' : 'ignored';
    parts.push(`spec.resourceAttributes.${name} ${how} due to parse error`);
  };
  ignored('fieldSelector', a.fieldSelectorParsingError, a.fieldSelectorRequirements);
  ignored('labelSelector', a.labelSelectorParsingError, a.labelSelectorRequirements);
  return parts;
}

/** The spec without selectors (what a server with `AuthorizeWithSelectors` off keeps of a review). */
export function withoutReviewSelectors(spec: unknown): unknown {
  const resourceAttributes = recordAt(spec, 'resourceAttributes');
  if (!isRecord(spec) || resourceAttributes === undefined) return spec;
  const { fieldSelector: _field, labelSelector: _label, ...rest } = resourceAttributes;
  return { ...spec, resourceAttributes: rest };
}
