/**
 * One label requirement (`labels.Requirement`): a key, an operator and a value set, with
 * the validation and matching rules of `k8s.io/apimachinery/pkg/labels`.
 *
 * @module
 */
import { newBadRequest } from '../errors/factories.js';
import { aggregateMessage, type FieldError, invalid, notSupported } from '../validation/field/errors.js';
import { type FieldPath, newPath } from '../validation/field/path.js';
import { isQualifiedName, isValidLabelValue } from '../validation/names.js';
import { sortedCopy } from './byte-order.js';

/** Selection operators (`selection.Operator`) and their wire spelling. */
export const SelectionOperator = {
  /** Value in a set: `key in (a,b)`. */
  In: 'in',
  /** Value not in a set, or key absent: `key notin (a,b)`. */
  NotIn: 'notin',
  /** Exact value: `key=a`. */
  Equals: '=',
  /** Exact value: `key==a`. */
  DoubleEquals: '==',
  /** Different value, or key absent: `key!=a`. */
  NotEquals: '!=',
  /** Key present: `key`. */
  Exists: 'exists',
  /** Key absent: `!key`. */
  DoesNotExist: '!',
  /** Integer value greater than: `key>5`. */
  GreaterThan: 'gt',
  /** Integer value less than: `key<5`. */
  LessThan: 'lt',
} as const;

/** One of the {@link SelectionOperator} values. */
export type SelectionOperatorValue = (typeof SelectionOperator)[keyof typeof SelectionOperator];

const VALID_OPERATORS: readonly string[] = ['in', 'notin', '=', '==', '!=', 'gt', 'lt', 'exists', '!'];

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** Parses a base-10 int64 as Go's `strconv.ParseInt(s, 10, 64)`; `undefined` on failure. */
export function parseInt64(s: string): bigint | undefined {
  if (!/^[+-]?[0-9]+$/.test(s)) return undefined;
  const n = BigInt(s);
  return n < INT64_MIN || n > INT64_MAX ? undefined : n;
}

/** Validates a label key as the parser does; the path prints `<nil>` when absent, as upstream. */
export function validateLabelKey(key: string, path: FieldPath | undefined): FieldError | undefined {
  const errs = isQualifiedName(key);
  return errs.length === 0 ? undefined : invalid(path, key, errs.join('; '));
}

function validateLabelValue(key: string, value: string, path: FieldPath): FieldError | undefined {
  const errs = isValidLabelValue(value);
  return errs.length === 0 ? undefined : invalid(path.key(key), value, errs.join('; '));
}

function validateArity(op: string, values: readonly string[], valuePath: FieldPath, errs: FieldError[]): void {
  switch (op) {
    case 'in':
    case 'notin':
      if (values.length === 0) errs.push(invalid(valuePath, values, "for 'in', 'notin' operators, values set can't be empty"));
      return;
    case '=':
    case '==':
    case '!=':
      if (values.length !== 1) errs.push(invalid(valuePath, values, 'exact-match compatibility requires one single value'));
      return;
    case 'exists':
    case '!':
      if (values.length !== 0) errs.push(invalid(valuePath, values, 'values set must be empty for exists and does not exist'));
      return;
    case 'gt':
    case 'lt':
      if (values.length !== 1) errs.push(invalid(valuePath, values, "for 'Gt', 'Lt' operators, exactly one value is required"));
      values.forEach((v, i) => {
        if (parseInt64(v) === undefined) {
          errs.push(invalid(valuePath.index(i), v, "for 'Gt', 'Lt' operators, the value must be an integer"));
        }
      });
      return;
    default:
      errs.push(notSupported(newPath('operator'), op, VALID_OPERATORS));
  }
}

/** Validates a requirement as `labels.NewRequirement` does and returns the field errors. */
export function validateRequirement(key: string, op: string, values: readonly string[]): FieldError[] {
  const errs: FieldError[] = [];
  const keyErr = validateLabelKey(key, newPath('key'));
  if (keyErr) errs.push(keyErr);
  const valuePath = newPath('values');
  validateArity(op, values, valuePath, errs);
  values.forEach((v, i) => {
    const e = validateLabelValue(key, v, valuePath.index(i));
    if (e) errs.push(e);
  });
  return errs;
}

/** A validated label requirement; build one with {@link newRequirement} or by parsing. */
export class Requirement {
  /** The label key. */
  readonly key: string;
  /** The operator. */
  readonly operator: SelectionOperatorValue;
  /** The values (one for `=`/`==`/`!=`/`gt`/`lt`, none for exists/`!`). */
  readonly values: readonly string[];

  /** @internal Use {@link newRequirement}: this constructor does not validate. */
  constructor(key: string, operator: SelectionOperatorValue, values: readonly string[]) {
    this.key = key;
    this.operator = operator;
    this.values = Object.freeze([...values]);
  }

  /** True when the label set satisfies this requirement (`Requirement.Matches`). */
  matches(labels: Readonly<Record<string, string>>): boolean {
    const has = Object.hasOwn(labels, this.key);
    const value = has ? labels[this.key] : undefined;
    switch (this.operator) {
      case 'in':
      case '=':
      case '==':
        return value !== undefined && this.values.includes(value);
      case 'notin':
      case '!=':
        return value === undefined || !this.values.includes(value);
      case 'exists':
        return value !== undefined;
      case '!':
        return value === undefined;
      default:
        return this.#compare(value);
    }
  }

  #compare(value: string | undefined): boolean {
    if (value === undefined || this.values.length !== 1) return false;
    const actual = parseInt64(value);
    const bound = parseInt64(this.values[0]!);
    if (actual === undefined || bound === undefined) return false;
    return this.operator === 'gt' ? actual > bound : actual < bound;
  }

  /** The canonical text: `!k`, `k`, `k=v`, `k in (a,b)` (values sorted), `k>5`. */
  toString(): string {
    const op = this.operator;
    if (op === '!') return `!${this.key}`;
    if (op === 'exists') return this.key;
    const values = this.values.length === 1 ? this.values[0]! : sortedCopy(this.values).join(',');
    switch (op) {
      case 'in':
        return `${this.key} in (${values})`;
      case 'notin':
        return `${this.key} notin (${values})`;
      case 'gt':
        return `${this.key}>${values}`;
      case 'lt':
        return `${this.key}<${values}`;
      default:
        return `${this.key}${op}${values}`;
    }
  }
}

function isOperator(op: string): op is SelectionOperatorValue {
  return VALID_OPERATORS.includes(op);
}

/**
 * Creates a validated requirement (`labels.NewRequirement`); invalid input throws a
 * BadRequest StatusError whose message aggregates the field errors.
 */
export function newRequirement(key: string, operator: string, values: readonly string[] = []): Requirement {
  const errs = validateRequirement(key, operator, values);
  if (errs.length > 0 || !isOperator(operator)) throw newBadRequest(aggregateMessage(errs) ?? 'invalid requirement');
  return new Requirement(key, operator, values);
}
