/**
 * The checker's rules for the optional syntax (cel-go's `_?._`, `_[?_]` and optional literal entries), which
 * reaches the checker rewritten into calls (see ../optional-syntax.ts):
 * - `x.?f` and `x[?i]`: the field or item of `x`, or of what an optional `x` holds, as an optional;
 * - `[?a, b]` and `{?k: v}`: each optional element or entry must be an optional (`expected type
 *   'optional_type(int)' but found 'int'`) and counts as what it holds.
 *
 * @module
 */
import type { Scope } from '../checker.js';
import type { Expr, ExprKind } from '../expr-walk.js';
import { OPTIONAL_SELECT } from '../optional-syntax.js';
import { type CelType, DYN, ERROR, formatCelType, INT, listOf, mapOf, optionalOf } from './cel-type.js';
import { isAssignable, substitute, type TypeMapping } from './type-mapping.js';

/** What these rules use of the checker walking the expression. */
export interface CheckContext {
  /** Checks a sub-expression in `scope` (and records its type). */
  check(e: Expr | undefined, scope: Scope): CelType;
  /** Records the type of a node these rules typed themselves. */
  record(e: Expr, t: CelType): void;
  readonly mapping: TypeMapping;
  /** Reports an issue at node `e`. */
  report(e: Expr, message: string): void;
  /** The type of field `field` of `target` (reporting an undefined field at `e`). */
  selectField(e: Expr, target: CelType, field: string): CelType;
  /** The joined type of literal elements (reporting a mismatch at the element). */
  join(elements: ReadonlyArray<readonly [Expr, CelType]>): CelType;
  newTypeVar(): CelType;
}

const unwrapOptional = (t: CelType): CelType | undefined => (t.k === 'opaque' && t.name === 'optional_type' ? (t.params[0] ?? DYN) : undefined);

/** `x.?f` and `x[?i]` (see the module comment). */
export function optionalAccess(c: CheckContext, e: Expr, call: ExprKind<'callExpr'>, scope: Scope): CelType {
  const args = call.args.map((a) => c.check(a, scope));
  const operand = substitute(c.mapping, c.check(call.target, scope), false);
  const target = unwrapOptional(operand) ?? operand;
  if (call.function === OPTIONAL_SELECT) {
    const field = call.args[0]?.exprKind;
    const name = field?.case === 'constExpr' && field.value.constantKind.case === 'stringValue' ? field.value.constantKind.value : '';
    const t = c.selectField(e, target, name);
    return t.k === 'error' ? ERROR : optionalOf(t);
  }
  const index = substitute(c.mapping, args[0] ?? ERROR, false);
  if (target.k === 'error' || index.k === 'error') return ERROR;
  if (target.k === 'list' && isAssignable(c.mapping, INT, index)) return optionalOf(target.elem);
  if (target.k === 'map' && isAssignable(c.mapping, target.key, index)) return optionalOf(target.value);
  if (target.k === 'dyn' || target.k === 'param') return optionalOf(DYN);
  const shown = [operand, index].map((t) => formatCelType(substitute(c.mapping, t, true)));
  c.report(e, `found no matching overload for '_[?_]' applied to '(${shown.join(', ')})'`);
  return ERROR;
}

/** The position an `int` literal names, else -1. */
const position = (p: Expr): number =>
  p.exprKind.case === 'constExpr' && p.exprKind.value.constantKind.case === 'int64Value' ? Number(p.exprKind.value.constantKind.value) : -1;

/** `[?a, b]` and `{?k: v}` (see the module comment). */
export function optionalLiteral(c: CheckContext, call: ExprKind<'callExpr'>, scope: Scope): CelType {
  const [literal, positions] = call.args;
  const optional = new Set((positions?.exprKind.case === 'listExpr' ? positions.exprKind.value.elements : []).map(position));
  const held = (x: Expr, i: number): readonly [Expr, CelType] => {
    const t = substitute(c.mapping, c.check(x, scope), false);
    if (!optional.has(i) || t.k === 'dyn' || t.k === 'error') return [x, t];
    const inner = unwrapOptional(t);
    if (inner !== undefined) return [x, inner];
    c.report(x, `expected type '${formatCelType(optionalOf(t))}' but found '${formatCelType(t)}'`);
    return [x, ERROR];
  };
  let t: CelType = ERROR;
  if (literal?.exprKind.case === 'listExpr') t = listOf(c.join(literal.exprKind.value.elements.map(held)));
  if (literal?.exprKind.case === 'structExpr') {
    const entries = literal.exprKind.value.entries;
    const keys = entries.flatMap((entry) => (entry.keyKind.case === 'mapKey' ? [[entry.keyKind.value, c.check(entry.keyKind.value, scope)] as const] : []));
    const values = entries.flatMap((entry, i) => (entry.value === undefined ? [] : [held(entry.value, i)]));
    t = keys.length === 0 ? mapOf(c.newTypeVar(), c.newTypeVar()) : mapOf(c.join(keys), c.join(values));
  }
  if (literal !== undefined) c.record(literal, t);
  return t;
}
