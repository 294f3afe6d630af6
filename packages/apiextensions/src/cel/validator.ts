/**
 * The CEL validator of a custom resource version (`cel.Validator`): a tree parallel to the
 * structural schema holding the compiled rules of every node that has some (or has
 * descendants that do). {@link CELValidator.validate} walks an object (and on update its old
 * version) and evaluates each rule with `self` bound to the node's value and `oldSelf` to the
 * correlated old value: object fields and map keys correlate by name, items of
 * `x-kubernetes-list-type: map` lists by their keys, other list items never; a transition rule
 * is skipped when there is no old value. Rules are evaluated on non-null values only. On update,
 * a failed rule that does not read `oldSelf` on a value equal to its old value (or inside one, for
 * uncorrelatable list items) is a warning, not an error (validation ratcheting, on by default since
 * 1.30). A rule with `optionalOldSelf: true` also runs without an old value, `oldSelf` being an
 * optional. Each evaluation is metered ({@link PER_CALL_LIMIT} per rule) and all of one object's
 * share {@link RUNTIME_CEL_COST_BUDGET}; running out of either stops validation with upstream's error.
 *
 * @module
 */
import { type CelInput, type CelResult, isCelError } from '@bufbuild/cel';
import { childPath, type FieldError, type FieldPath, fieldInvalid, newPath } from '@apiserver/runtime';
import { isJSONObject, jsonEqual } from '../json-value.js';
import type { Structural } from '../structural-schema.js';
import { type CelProgram, type CompiledRule, compileRules } from './compilation.js';
import { optionalNone, optionalOf } from './library/index.js';
import {
  evaluationError,
  fieldErrorForReason,
  MESSAGE_OUT_OF_BUDGET,
  messageCostLimitError,
  messageExpressionProblem,
  OUT_OF_BUDGET,
  ruleCostLimitError,
} from './rule-errors.js';
import { type Metered, PER_CALL_LIMIT, RUNTIME_CEL_COST_BUDGET, runMetered } from './runtime-cost.js';
import { type SchemaCelType, schemaCelType } from './schema-type.js';
import { ruleMessageOrDefault } from './validation-rule.js';
import { toCelValue } from './values.js';

interface ValidatorNode {
  readonly schema: Structural;
  readonly type: SchemaCelType;
  readonly rules: readonly CompiledRule[];
  readonly properties: ReadonlyMap<string, ValidatorNode>;
  readonly items?: ValidatorNode;
  readonly additionalProperties?: ValidatorNode;
}

function hasRules(s: Structural | undefined): boolean {
  if (s === undefined) return false;
  if (s.extensions.xValidations.length > 0) return true;
  if (hasRules(s.items) || hasRules(s.generic.additionalProperties?.structural)) return true;
  for (const p of s.properties?.values() ?? []) if (hasRules(p)) return true;
  return false;
}

function buildNode(s: Structural, isResourceRoot: boolean): ValidatorNode | undefined {
  if (!hasRules(s)) return undefined;
  const properties = new Map<string, ValidatorNode>();
  for (const [name, p] of s.properties ?? []) {
    const node = buildNode(p, p.extensions.xEmbeddedResource);
    if (node !== undefined) properties.set(name, node);
  }
  const items = s.items === undefined ? undefined : buildNode(s.items, s.items.extensions.xEmbeddedResource);
  const additional = s.generic.additionalProperties?.structural;
  const additionalProperties = additional === undefined ? undefined : buildNode(additional, additional.extensions.xEmbeddedResource);
  return {
    schema: s,
    type: schemaCelType(s, isResourceRoot),
    rules: compileRules(s, isResourceRoot),
    properties,
    ...(items !== undefined ? { items } : {}),
    ...(additionalProperties !== undefined ? { additionalProperties } : {}),
  };
}

/** Options of {@link CELValidator.validate}. */
export interface ValidateOptions {
  /** Receives the ratcheted failures (as `Warning` texts); they are dropped without it. */
  readonly warn?: (text: string) => void;
  /** Whether failures on values equal to their old values are ratcheted (the default); off where nothing is updated. */
  readonly ratchet?: boolean;
  /** A cost budget several validations share: read at the start, what is left written back (below zero once stopped). */
  readonly budget?: { remaining: number };
}

/** The old value of a node: correlated (maybe absent), or not correlatable (its nearest correlatable parent decides). */
interface OldValue {
  readonly old?: unknown;
  readonly correlated?: boolean;
  readonly parentUnchanged?: boolean;
}

interface Walk {
  readonly warn: (text: string) => void;
  readonly ratchet: boolean;
  /** What is left of the cost budget; below zero once validation was stopped. */
  remaining: number;
}

/** Whether cost stopped the validation. */
const stopped = (walk: Walk): boolean => walk.remaining < 0;

/** Evaluates `program` under the per-call limit, charging the budget; `undefined` (and an error) when cost stopped it. */
function evaluate(program: CelProgram, bindings: Readonly<Record<string, CelInput>>, walk: Walk): Metered<CelResult> | undefined {
  const run = runMetered(PER_CALL_LIMIT, () => program(bindings));
  if (run.cost > walk.remaining) {
    walk.remaining = -1;
    return undefined;
  }
  walk.remaining -= run.cost;
  if (run.exceeded) walk.remaining = -1;
  return run;
}

/**
 * The message of a failed rule: its `messageExpression`'s value when usable, else `message` or the
 * default; an error instead when cost stopped the messageExpression.
 */
function messageOf(compiled: CompiledRule, bindings: Readonly<Record<string, CelInput>>, walk: Walk): string | { error: string } {
  if (compiled.messageProgram === undefined) return ruleMessageOrDefault(compiled.rule);
  const run = evaluate(compiled.messageProgram, bindings, walk);
  if (run === undefined) return { error: MESSAGE_OUT_OF_BUDGET };
  if (run.exceeded) return { error: messageCostLimitError(compiled.rule.messageExpression ?? '') };
  const value = run.value;
  if (isCelError(value) || messageExpressionProblem(value) !== undefined) return ruleMessageOrDefault(compiled.rule);
  return (value as string).trim();
}

function keyOf(item: unknown, keys: readonly string[]): string | undefined {
  if (!isJSONObject(item)) return undefined;
  return JSON.stringify(keys.map((k) => item[k] ?? null));
}

/** `oldSelf`: the old value, or with `optionalOldSelf` an optional of it (`optional.none()` without one). */
function oldSelfBinding(old: CelInput | undefined, optional: boolean): CelInput {
  if (!optional) return old ?? null;
  return (old === undefined ? optionalNone() : optionalOf(old as never)) as CelInput;
}

/** Old items of a map-list by their key values; other lists correlate nothing. */
function correlatedItems(s: Structural, old: unknown): Map<string, unknown> {
  const byKey = new Map<string, unknown>();
  if (s.extensions.xListType !== 'map' || !Array.isArray(old)) return byKey;
  for (const item of old) {
    const k = keyOf(item, s.extensions.xListMapKeys);
    if (k !== undefined) byKey.set(k, item);
  }
  return byKey;
}

/** Evaluates and validates `x-kubernetes-validations` rules of a structural schema. */
export class CELValidator {
  readonly #root: ValidatorNode;

  private constructor(root: ValidatorNode) {
    this.#root = root;
  }

  /** The validator of schema `s` (a CR root unless `isResourceRoot` is false); `undefined` when it has no rules. */
  static forSchema(s: Structural, isResourceRoot = true): CELValidator | undefined {
    const root = buildNode(s, isResourceRoot);
    return root === undefined ? undefined : new CELValidator(root);
  }

  /**
   * Validates `obj` (and, on update, against `old`); `path` is the root's field path. On update,
   * failures of rules not reading `oldSelf` on a value equal to its old value are ratcheted:
   * passed to `options.warn` instead of returned (CRD validation ratcheting).
   */
  validate(path: FieldPath | undefined, obj: unknown, old?: unknown, options: ValidateOptions = {}): FieldError[] {
    const walk: Walk = { warn: options.warn ?? (() => undefined), ratchet: options.ratchet ?? true, remaining: options.budget?.remaining ?? RUNTIME_CEL_COST_BUDGET };
    const errs = this.#validate(this.#root, path, obj, old === undefined ? {} : { old, correlated: true }, walk);
    if (options.budget !== undefined) options.budget.remaining = walk.remaining;
    return errs;
  }

  #validate(node: ValidatorNode, path: FieldPath | undefined, obj: unknown, at: OldValue, walk: Walk): FieldError[] {
    if (obj === null || obj === undefined) return [];
    const old = at.old === null ? undefined : at.old;
    const unchanged = at.correlated === true ? old !== undefined && jsonEqual(obj, old) : at.parentUnchanged === true;
    const errs = this.#evaluate(node, path, obj, old, unchanged, walk);
    if (stopped(walk)) return errs;
    if (Array.isArray(obj) && node.items !== undefined) {
      const mapList = node.schema.extensions.xListType === 'map';
      const olds = correlatedItems(node.schema, old);
      for (const [i, item] of obj.entries()) {
        const key = keyOf(item, node.schema.extensions.xListMapKeys);
        const itemOld: OldValue = mapList ? { old: key === undefined ? undefined : olds.get(key), correlated: true } : { parentUnchanged: unchanged };
        errs.push(...this.#validate(node.items, (path ?? newPath('')).index(i), item, itemOld, walk));
        if (stopped(walk)) break;
      }
    } else if (isJSONObject(obj)) {
      const oldObj = isJSONObject(old) ? old : {};
      for (const [k, v] of Object.entries(obj)) {
        const fieldOld: OldValue = { old: oldObj[k], correlated: true };
        if (node.additionalProperties !== undefined) {
          errs.push(...this.#validate(node.additionalProperties, (path ?? newPath('')).key(k), v, fieldOld, walk));
        }
        const prop = node.properties.get(k);
        if (prop !== undefined && !stopped(walk)) errs.push(...this.#validate(prop, childPath(path, k), v, fieldOld, walk));
        if (stopped(walk)) break;
      }
    }
    return errs;
  }

  #evaluate(node: ValidatorNode, path: FieldPath | undefined, obj: unknown, old: unknown, unchanged: boolean, walk: Walk): FieldError[] {
    if (node.rules.length === 0) return [];
    const errs: FieldError[] = [];
    const type = node.schema.generic.type;
    if (walk.remaining <= 0) {
      walk.remaining = -1;
      return [fieldInvalid(path, type, OUT_OF_BUDGET)];
    }
    const self = toCelValue(obj, node.type);
    let oldSelf: CelInput | undefined;
    for (const compiled of node.rules) {
      const { rule } = compiled;
      if (compiled.error !== undefined) {
        errs.push(fieldInvalid(path, type, `rule compile error: ${compiled.error}`));
        continue;
      }
      if (compiled.program === undefined) continue;
      if (compiled.usesOldSelf && old === undefined && compiled.optionalOldSelf !== true) continue;
      const bindings: Record<string, CelInput> = { self };
      if (compiled.usesOldSelf) {
        if (old !== undefined) oldSelf ??= toCelValue(old, node.type);
        bindings.oldSelf = oldSelfBinding(oldSelf, compiled.optionalOldSelf === true);
      }
      const run = evaluate(compiled.program, bindings, walk);
      if (run === undefined || run.exceeded) {
        errs.push(fieldInvalid(path, type, run === undefined ? OUT_OF_BUDGET : ruleCostLimitError(rule)));
        return errs;
      }
      const result = run.value;
      if (isCelError(result)) {
        errs.push(evaluationError(path, type, rule, result));
        continue;
      }
      if (result === true) continue;
      const message = messageOf(compiled, bindings, walk);
      if (typeof message !== 'string') {
        errs.push(fieldInvalid(path, type, message.error));
        return errs;
      }
      const errPath = compiled.normalizedFieldPath === undefined ? path : childPath(path, compiled.normalizedFieldPath);
      const err = fieldErrorForReason(errPath, type, message, rule.reason);
      if (!compiled.usesOldSelf && unchanged && walk.ratchet) walk.warn(err.toString());
      else errs.push(err);
    }
    return errs;
  }
}
