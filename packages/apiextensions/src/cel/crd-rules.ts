/**
 * CRD-time checks of `x-kubernetes-validations` (the CEL part of `validateCustomResourceDefinitionOpenAPISchema`):
 * {@link ruleDeclarationErrors} checks messages, reasons and field paths as written (schema errors), and a
 * {@link CELSchemaContext} compiles every rule and `messageExpression` against its node's type, estimates their
 * costs and refuses transition rules where old and new values cannot be correlated (CEL errors). The OpenAPI schema
 * walk of `registry/openapi-schema-validation.ts` calls both on each node.
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
import { type JSONSchemaProps, newStructural, type Structural, tryNewStructural } from '../structural-schema.js';
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
  if (rule.rule.trim().length === 0) {
    errs.push(fieldRequired(path.child('rule'), 'rule is not specified'));
  } else if (message !== undefined && message.length > 0 && trimmed.length === 0) {
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

function fieldPathErrors(fieldPath: string, s: Structural | undefined, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (fieldPath.trim().length === 0) errs.push(fieldInvalid(path, fieldPath, 'fieldPath must be non-empty if specified'));
  if (LINE_BREAK.test(fieldPath)) errs.push(fieldInvalid(path, fieldPath, 'fieldPath must not contain line breaks'));
  if (s !== undefined) {
    const fp = validFieldPath(fieldPath, s);
    if ('error' in fp) errs.push(fieldInvalid(path, fieldPath, `fieldPath must be a valid path: ${fp.error}`));
  }
  return errs;
}

/**
 * The schema errors of a node's `x-kubernetes-validations` entries, before any is compiled: a rule, its message,
 * messageExpression, reason and fieldPath as they are written (upstream counts them with the schema's errors).
 */
export function ruleDeclarationErrors(props: JSONSchemaProps, path: FieldPath): FieldError[] {
  const raw = props['x-kubernetes-validations'] ?? [];
  if (raw.length === 0) return [];
  const errs: FieldError[] = [];
  const s = tryNewStructural(props);
  for (const [i, rule] of validationRules(raw).entries()) {
    const rulePath = path.child('x-kubernetes-validations').index(i);
    errs.push(...messageErrors(rule, rulePath));
    if (rule.reason !== undefined && !VALIDATION_REASONS.includes(rule.reason)) {
      errs.push(fieldNotSupported(rulePath.child('reason'), rule.reason, VALIDATION_REASONS));
    }
    if (rule.fieldPath !== undefined && rule.fieldPath !== '') errs.push(...fieldPathErrors(rule.fieldPath, s, rulePath.child('fieldPath')));
  }
  return errs;
}

/** The schema-wide state of the cost checks. */
interface CostCheck {
  readonly total: TotalCost;
  /** `suppressPerExpressionCost`: the version's schema is unchanged by an update, so only the total is checked. */
  readonly suppressPerExpression: boolean;
}

/**
 * Where a schema node stands for its CEL rules (upstream's `CELSchemaContext`): whether it is the resource root, how
 * many times it can occur, and the schema-wide cost total its rules add to. The OpenAPI schema walk of a CRD carries
 * one from the root down through properties, additionalProperties and items, and asks it for each node's rule errors.
 */
export class CELSchemaContext {
  private constructor(
    readonly isRoot: boolean,
    /** How many times the node can occur (`MaxCardinality`); `undefined` under an unbounded list or map. */
    readonly cardinality: bigint | undefined,
    readonly costs: CostCheck,
  ) {}

  /** The context of a schema's root; `suppressPerExpression` when an update leaves the schema unchanged. */
  static root(suppressPerExpression = false): CELSchemaContext {
    return new CELSchemaContext(true, 1n, { total: new TotalCost(), suppressPerExpression });
  }

  /** The context of a property, the items or the additionalProperties of `parent`. */
  child(parent: JSONSchemaProps): CELSchemaContext {
    return new CELSchemaContext(false, childCardinality(this.cardinality, parent), this.costs);
  }

  /** The errors when the rules of the whole schema together cost more than the limit. */
  totalCostErrors(schemaPath: FieldPath): FieldError[] {
    return this.costs.total.errors(schemaPath);
  }

  /**
   * The CEL errors of a node's rules: compilation, estimated cost, and `oldSelf` where `uncorrelatable` (the nearest
   * list or atomic map whose old and new entries cannot be paired) forbids it.
   */
  ruleErrors(props: JSONSchemaProps, path: FieldPath, uncorrelatable: FieldPath | undefined): FieldError[] {
    const raw = props['x-kubernetes-validations'] ?? [];
    if (raw.length === 0) return [];
    const s = newStructural(props);
    const rulesPath = path.child('x-kubernetes-validations');
    const isResourceRoot = this.isRoot || s.extensions.xEmbeddedResource;
    if (!supportsRules(s) && !isResourceRoot) {
      const detail = `rule declared on schema that does not support validation rules type: '${s.generic.type}' x-kubernetes-preserve-unknown-fields: '${s.extensions.xPreserveUnknownFields}'`;
      return [fieldInternalError(rulesPath, new Error(detail))];
    }
    const errs: FieldError[] = [];
    const rules = validationRules(raw);
    for (const [i, compiled] of compileRules(s, isResourceRoot).entries()) {
      const rule = rules[i] as ValidationRule;
      const rulePath = rulesPath.index(i);
      errs.push(...this.#costErrors(compiled, rulePath));
      if (compiled.error !== undefined) errs.push(invalidRule(rulePath.child('rule'), rule, compiled.error));
      if (compiled.messageExpressionError !== undefined) {
        errs.push(invalidRule(rulePath.child('messageExpression'), rule, compiled.messageExpressionError));
      }
      if (compiled.usesOldSelf && uncorrelatable !== undefined) {
        errs.push(fieldInvalid(rulePath.child('rule'), rule.rule, `oldSelf cannot be used on the uncorrelatable portion of the schema within ${uncorrelatable.toString()}`));
      } else if (!compiled.usesOldSelf && rule.optionalOldSelf !== undefined) {
        errs.push(fieldInvalid(rulePath.child('optionalOldSelf'), rule.optionalOldSelf, 'may not be set if oldSelf is not used in rule'));
      }
    }
    return errs;
  }

  /** `getExpressionCost`: the estimate times the node's cardinality, or the rule's own bound under unbounded lists and maps. */
  #expressionCost(compiled: CompiledRule): bigint | undefined {
    if (compiled.maxCost === undefined) return undefined;
    return multiplyWithOverflowGuard(compiled.maxCost, this.cardinality ?? compiled.maxCardinality ?? 0n);
  }

  /** The per-rule cost errors, observing the total as they go. */
  #costErrors(compiled: CompiledRule, rulePath: FieldPath): FieldError[] {
    const errs: FieldError[] = [];
    const { total, suppressPerExpression } = this.costs;
    const cost = this.#expressionCost(compiled);
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
