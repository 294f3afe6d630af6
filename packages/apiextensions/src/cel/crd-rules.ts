/**
 * CRD-time validation of `x-kubernetes-validations` (the CEL part of `ValidateCustomResourceDefinition`
 * and `validateCustomResourceDefinitionOpenAPISchema`): messages, reasons and field paths are
 * checked, every rule and `messageExpression` is compiled against its node's type, and transition
 * rules are refused under lists that cannot correlate old and new items. As upstream, the errors
 * name `spec.validation.openAPIV3Schema` when every version has the same schema (the internal
 * form keeps it once) and `spec.versions[i].schema.openAPIV3Schema` otherwise.
 *
 * @module
 */
import {
  FieldError,
  type FieldPath,
  fieldForbidden,
  fieldInternalError,
  fieldInvalid,
  fieldNotSupported,
  fieldRequired,
  OMIT_VALUE,
} from '@apiserver/runtime';
import type { CustomResourceDefinitionVersion } from '../apis/types.js';
import { jsonEqual } from '../json-value.js';
import { type JSONSchemaProps, newStructural, type Structural, StructuralSchemaError } from '../structural-schema.js';
import { type CompiledRule, compileRules } from './compilation.js';
import { childCardinality, costErrorMessage, multiplyWithOverflowGuard, STATIC_ESTIMATED_COST_LIMIT, TotalCost } from './cost/crd-cost.js';
import { validFieldPath } from './field-path.js';
import { supportsRules } from './schema-type.js';
import { goStringValidationRule, VALIDATION_REASONS, type ValidationRule, validationRules } from './validation-rule.js';

const LINE_BREAK = /[\n\r]+/;

/** `Invalid value: <Go struct>: <detail>`: the rule prints as Go's `%#v`, not as JSON. */
function invalidRule(path: FieldPath, rule: ValidationRule, detail: string): FieldError {
  return new FieldError('FieldValueInvalid', path.toString(), OMIT_VALUE, `${goStringValidationRule(rule)}: ${detail}`);
}

function messageErrors(rule: ValidationRule, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const message = rule.message;
  const trimmed = (message ?? '').trim();
  if (message !== undefined && message.length > 0 && trimmed.length === 0) {
    errs.push(fieldInvalid(path.child('message'), message, 'message must be non-empty if specified'));
  } else if (LINE_BREAK.test(trimmed)) {
    errs.push(fieldInvalid(path.child('message'), message, 'message must not contain line breaks'));
  } else if (LINE_BREAK.test(rule.rule.trim()) && trimmed.length === 0) {
    errs.push(fieldRequired(path.child('message'), 'message must be specified if rule contains line breaks'));
  }
  const expr = rule.messageExpression;
  if (expr !== undefined && expr.length > 0 && expr.trim().length === 0) {
    errs.push(fieldRequired(path.child('messageExpression'), 'messageExpression must be non-empty if specified'));
  }
  return errs;
}

function ruleErrors(rule: ValidationRule, s: Structural, path: FieldPath): FieldError[] {
  const errs = messageErrors(rule, path);
  if (rule.reason !== undefined && !VALIDATION_REASONS.includes(rule.reason)) {
    errs.push(fieldNotSupported(path.child('reason'), rule.reason, VALIDATION_REASONS));
  }
  if (rule.fieldPath !== undefined && rule.fieldPath !== '') {
    const fp = validFieldPath(rule.fieldPath, s);
    if ('error' in fp) errs.push(fieldInvalid(path.child('fieldPath'), rule.fieldPath, `fieldPath must be a valid path: ${fp.error}`));
  }
  return errs;
}

interface Walk {
  readonly isRoot: boolean;
  /** The path of the nearest list whose items cannot be correlated, if any. */
  readonly uncorrelatable?: FieldPath;
  /** How many times the node can occur (`MaxCardinality`); `undefined` under an unbounded list or map. */
  readonly cardinality: bigint | undefined;
  readonly costs: CostCheck;
}

/** The schema-wide state of the cost checks. */
interface CostCheck {
  readonly total: TotalCost;
  /** `suppressPerExpressionCost`: the version's schema is unchanged by an update, so only the total is checked. */
  readonly suppressPerExpression: boolean;
}

/** `getExpressionCost`: the estimate times the node's cardinality, or the rule's own bound under unbounded lists and maps. */
function expressionCost(compiled: CompiledRule, walk: Walk): bigint | undefined {
  if (compiled.maxCost === undefined) return undefined;
  return multiplyWithOverflowGuard(compiled.maxCost, walk.cardinality ?? compiled.maxCardinality ?? 0n);
}

/** The per-rule cost errors, observing the total as they go. */
function costErrors(compiled: CompiledRule, rulePath: FieldPath, walk: Walk): FieldError[] {
  const errs: FieldError[] = [];
  const { total, suppressPerExpression } = walk.costs;
  const cost = expressionCost(compiled, walk);
  if (cost !== undefined) {
    const path = rulePath.child('rule');
    if (!suppressPerExpression && cost > STATIC_ESTIMATED_COST_LIMIT) {
      errs.push(fieldForbidden(path, costErrorMessage('estimated rule cost', cost, STATIC_ESTIMATED_COST_LIMIT)));
    }
    total.observe(path, cost);
  }
  const messageCost = compiled.messageExpressionMaxCost;
  if (messageCost !== undefined && compiled.messageProgram !== undefined) {
    const path = rulePath.child('messageExpression');
    if (!suppressPerExpression && messageCost > STATIC_ESTIMATED_COST_LIMIT) {
      errs.push(fieldForbidden(path, costErrorMessage('estimated messageExpression cost', messageCost, STATIC_ESTIMATED_COST_LIMIT)));
    }
    total.observe(path, messageCost);
  }
  return errs;
}

function nodeErrors(props: JSONSchemaProps, path: FieldPath, walk: Walk): FieldError[] {
  const raw = props['x-kubernetes-validations'] ?? [];
  if (raw.length === 0) return [];
  const s = newStructural(props);
  const rulesPath = path.child('x-kubernetes-validations');
  const isResourceRoot = walk.isRoot || s.extensions.xEmbeddedResource;
  if (!supportsRules(s) && !isResourceRoot) {
    const detail = `rule declared on schema that does not support validation rules type: '${s.generic.type}' x-kubernetes-preserve-unknown-fields: '${s.extensions.xPreserveUnknownFields}'`;
    return [fieldInternalError(rulesPath, new Error(detail))];
  }
  const errs: FieldError[] = [];
  const rules = validationRules(raw);
  for (const [i, compiled] of compileRules(s, isResourceRoot).entries()) {
    const rule = rules[i] as ValidationRule;
    const rulePath = rulesPath.index(i);
    errs.push(...ruleErrors(rule, s, rulePath), ...costErrors(compiled, rulePath, walk));
    if (compiled.error !== undefined) errs.push(invalidRule(rulePath.child('rule'), rule, compiled.error));
    if (compiled.messageExpressionError !== undefined) {
      errs.push(invalidRule(rulePath.child('messageExpression'), rule, compiled.messageExpressionError));
    }
    if (compiled.usesOldSelf && walk.uncorrelatable !== undefined) {
      errs.push(fieldInvalid(rulePath.child('rule'), rule.rule, `oldSelf cannot be used on the uncorrelatable portion of the schema within ${walk.uncorrelatable.toString()}`));
    } else if (!compiled.usesOldSelf && rule.optionalOldSelf !== undefined) {
      errs.push(fieldInvalid(rulePath.child('optionalOldSelf'), rule.optionalOldSelf, 'may not be set if oldSelf is not used in rule'));
    }
  }
  return errs;
}

function walkSchema(props: JSONSchemaProps, path: FieldPath, walk: Walk): FieldError[] {
  const errs = nodeErrors(props, path, walk);
  const below: Walk = { isRoot: false, cardinality: childCardinality(walk.cardinality, props), costs: walk.costs, ...(walk.uncorrelatable === undefined ? {} : { uncorrelatable: walk.uncorrelatable }) };
  for (const [name, p] of Object.entries(props.properties ?? {})) errs.push(...walkSchema(p, path.child('properties').key(name), below));
  if (typeof props.additionalProperties === 'object') errs.push(...walkSchema(props.additionalProperties, path.child('additionalProperties'), below));
  if (props.items !== undefined && !Array.isArray(props.items)) {
    const correlates = props['x-kubernetes-list-type'] === 'map';
    const itemsWalk: Walk = correlates ? below : { ...below, uncorrelatable: below.uncorrelatable ?? path };
    errs.push(...walkSchema(props.items as JSONSchemaProps, path.child('items'), itemsWalk));
  }
  return errs;
}

function schemaRuleErrors(props: JSONSchemaProps, path: FieldPath, suppressPerExpression: boolean): FieldError[] {
  const costs: CostCheck = { total: new TotalCost(), suppressPerExpression };
  try {
    const errs = walkSchema(props, path, { isRoot: true, cardinality: 1n, costs });
    return [...errs, ...costs.total.errors(path)];
  } catch (err) {
    if (err instanceof StructuralSchemaError) return []; // reported by structural validation
    throw err;
  }
}

/**
 * Validates the CEL rules of every version's schema (once when all versions share one schema). On update,
 * `unchangedSchemas` names the versions whose schema the update leaves as it was: their rules are not held to the
 * per-rule cost limit (`versionsWithUnchangedSchemas`), only to the schema's total.
 */
export function validateVersionsRules(
  versions: readonly CustomResourceDefinitionVersion[] | undefined,
  specPath: FieldPath,
  unchangedSchemas: ReadonlySet<string> = new Set(),
): FieldError[] {
  const all = versions ?? [];
  const schemas = all.map((v) => v.schema?.openAPIV3Schema);
  const first = schemas[0];
  if (first !== undefined && schemas.every((s) => s !== undefined && jsonEqual(s, first))) {
    return schemaRuleErrors(first, specPath.child('validation', 'openAPIV3Schema'), unchangedSchemas.has(all[0]?.name ?? ''));
  }
  const errs: FieldError[] = [];
  for (const [i, props] of schemas.entries()) {
    const path = specPath.child('versions').index(i).child('schema', 'openAPIV3Schema');
    if (props !== undefined) errs.push(...schemaRuleErrors(props, path, unchangedSchemas.has(all[i]?.name ?? '')));
  }
  return errs;
}

/** `findVersionsWithUnchangedSchemas`: the versions of `versions` whose schema equals the one `old` had for that version. */
export function versionsWithUnchangedSchemas(
  versions: readonly CustomResourceDefinitionVersion[] | undefined,
  old: readonly CustomResourceDefinitionVersion[] | undefined,
): Set<string> {
  const before = new Map((old ?? []).map((v) => [v.name, v.schema?.openAPIV3Schema]));
  const unchanged = new Set<string>();
  for (const v of versions ?? []) {
    const schema = v.schema?.openAPIV3Schema;
    if (before.has(v.name) && jsonEqual(schema ?? null, before.get(v.name) ?? null)) unchanged.add(v.name);
  }
  return unchanged;
}
