/**
 * Runtime cost of rule evaluation (cel-go's `CostTracker` with Kubernetes' `CostEstimator`).
 * `@bufbuild/cel` 0.6 has no cost hook, so cost is metered in two places this package owns: every
 * function of the rule environment is wrapped to charge its {@link callCost} when it is called, and
 * the parsed expression is rewritten before planning so that each evaluation of an identifier,
 * field selection, index or `@not_strictly_false` charges 1 and each list (map) literal 10
 * (30), as cel-go's tracker does; constants, `has()` (Kubernetes' `PresenceTestHasCost(false)`), `&&`, `||`,
 * `?:` and the comprehension itself cost nothing of their own. A meter is active only inside {@link runMetered}; when its limit is
 * passed, evaluation stops at once (`operation cancelled: actual cost limit exceeded`).
 *
 * @module
 */
import type { CelFunc, CelValue } from '@bufbuild/cel';
import { type Expr, type ExprKind, mapChildren, withKind } from './expr-walk.js';
import { callCost } from './library/cost.js';


/** `celconfig.PerCallLimit`: the most one rule (or messageExpression) evaluation may cost. */
export const PER_CALL_LIMIT = 1_000_000;
/**
 * `celconfig.RuntimeCELCostBudget`: the most all rules of one object's validation (or the validations of one policy
 * binding and param) may cost together.
 */
export const RUNTIME_CEL_COST_BUDGET = 10_000_000;
/**
 * `celconfig.RuntimeCELCostBudgetMatchConditions`: the most the match conditions of one webhook (or one policy
 * binding) may cost together.
 */
export const RUNTIME_CEL_COST_BUDGET_MATCH_CONDITIONS = 2_500_000;
/** Upstream's message when the expressions of one evaluation together pass their budget. */
export const OUT_OF_BUDGET = 'validation failed due to running out of cost budget, no further validation rules will be run';
/** cel-go's message when an evaluation passes its cost limit. */
export const COST_LIMIT_EXCEEDED = 'operation cancelled: actual cost limit exceeded';

const LIST_CREATE_COST = 10;
const MAP_CREATE_COST = 30;
const STRUCT_CREATE_COST = 40;
/** The function the rewrite inserts; no parsed expression can name it. */
const CHARGE = '@charge';

interface Meter {
  cost: number;
  readonly limit: number;
  exceeded: boolean;
}
let active: Meter | undefined;

function charge(n: number): void {
  if (active === undefined) return;
  active.cost += n;
  if (active.cost > active.limit) {
    active.exceeded = true;
    throw new Error(COST_LIMIT_EXCEEDED);
  }
}

/** The outcome of a metered evaluation. */
export interface Metered<T> {
  readonly value: T;
  readonly cost: number;
  /** The limit was passed (the value is then cel's error). */
  readonly exceeded: boolean;
}

/** Runs `evaluate` with a meter of `limit`. */
export function runMetered<T>(limit: number, evaluate: () => T): Metered<T> {
  const outer = active;
  const meter: Meter = { cost: 0, limit, exceeded: false };
  active = meter;
  try {
    const value = evaluate();
    return { value, cost: meter.cost, exceeded: meter.exceeded };
  } finally {
    active = outer;
  }
}

/** `f`, charging its call cost whenever one of its overloads answers. */
function meteredFunc(f: CelFunc): CelFunc {
  return {
    ...f,
    id: f.id,
    name: f.name,
    target: f.target,
    arguments: f.arguments,
    result: f.result,
    call(id: number, target: CelValue | undefined, args: CelValue[]) {
      const result = f.call(id, target, args);
      if (result !== undefined) charge(callCost(f.name, target === undefined ? args : [target, ...args], result as CelValue));
      return result;
    },
  } as CelFunc;
}

/** The charge the rewrite inserts: `@charge(e, n)` is `e`, after charging `n`. */
const chargeFunc = {
  id: `${CHARGE}(dyn,int)`,
  name: CHARGE,
  target: undefined,
  arguments: [],
  result: undefined,
  call(_id: number, _target: CelValue | undefined, args: CelValue[]) {
    charge(Number(args[1]));
    return args[0];
  },
} as unknown as CelFunc;

/** The functions of a metered environment: `funcs` (the standard ones included) wrapped, and the charge. */
export function meteredFuncs(funcs: Iterable<CelFunc>): CelFunc[] {
  return [...[...funcs].map(meteredFunc), chargeFunc];
}

function charged(e: Expr, n: number): Expr {
  const cost = { ...e, exprKind: { case: 'constExpr', value: { constantKind: { case: 'int64Value', value: BigInt(n) } } } } as Expr;
  return { ...e, exprKind: { case: 'callExpr', value: { function: CHARGE, args: [e, cost] } } } as Expr;
}

/** `a.b.c` of identifiers and selections (a namespaced function's name), else `undefined`. */
function qualified(e: Expr | undefined): string | undefined {
  const k = e?.exprKind;
  if (k?.case === 'identExpr') return k.value.name;
  if (k?.case !== 'selectExpr' || k.value.testOnly) return undefined;
  const operand = qualified(k.value.operand);
  return operand === undefined ? undefined : `${operand}.${k.value.field}`;
}

const NO_NAMES: ReadonlySet<string> = new Set();
const FREE_CALLS = new Set(['_&&_', '_||_', '_?_:_']);
const CHARGED_CALLS = new Set(['_[_]', '@not_strictly_false']);

/**
 * Rewrites a parsed expression so that evaluating it charges the meter. `isFunction` tells a
 * namespaced function (`optional.of`, `sets.contains`) from a method call on a variable.
 */
export function meterExpr(e: Expr, isFunction: (name: string) => boolean, qualifiedVariables: ReadonlySet<string> = NO_NAMES): Expr {
  const m = (x: Expr | undefined): Expr | undefined => (x === undefined ? undefined : meterExpr(x, isFunction, qualifiedVariables));
  const k = e.exprKind;
  switch (k.case) {
    case 'identExpr':
      return charged(e, 1);
    case 'selectExpr': {
      // A variable with a dotted name (`authorizer.requestResource`) is one identifier.
      if (qualifiedVariables.has(qualified(e) ?? '')) return charged(e, 1);
      const select = withKind(e, 'selectExpr', { ...k.value, operand: m(k.value.operand) });
      // `has()` is free: Kubernetes sets cel-go's PresenceTestHasCost(false).
      return k.value.testOnly ? select : charged(select, 1);
    }
    case 'callExpr': {
      const name = qualified(k.value.target);
      const namespaced = name !== undefined && isFunction(`${name}.${k.value.function}`);
      const target = namespaced ? k.value.target : m(k.value.target);
      const call = withKind(e, 'callExpr', { ...k.value, target, args: k.value.args.map((a) => meterExpr(a, isFunction, qualifiedVariables)) });
      return CHARGED_CALLS.has(k.value.function) && !FREE_CALLS.has(k.value.function) ? charged(call, 1) : call;
    }
    case 'listExpr':
      return charged(withKind(e, 'listExpr', { ...k.value, elements: k.value.elements.map((x) => meterExpr(x, isFunction, qualifiedVariables)) }), LIST_CREATE_COST);
    case 'structExpr': {
      const entries = k.value.entries.map((entry) => ({
        ...entry,
        keyKind: entry.keyKind.case === 'mapKey' ? { ...entry.keyKind, value: meterExpr(entry.keyKind.value, isFunction, qualifiedVariables) } : entry.keyKind,
        value: m(entry.value),
      }));
      return charged(withKind(e, 'structExpr', { ...k.value, entries } as ExprKind<'structExpr'>), k.value.messageName === '' ? MAP_CREATE_COST : STRUCT_CREATE_COST);
    }
    case 'comprehensionExpr':
      return mapChildren(e, (x) => meterExpr(x, isFunction, qualifiedVariables));
    default:
      return e;
  }
}
