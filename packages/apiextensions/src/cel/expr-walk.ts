/**
 * Walking a parsed expression: its children in source order, and a copy with each child replaced.
 *
 * @module
 */
import type { parse } from '@bufbuild/cel';

/** A node of a parsed expression. */
export type Expr = NonNullable<ReturnType<typeof parse>['expr']>;
/** The value of one kind of node (`ExprKind<'callExpr'>`: the call). */
export type ExprKind<C> = Extract<Expr['exprKind'], { case: C }>['value'];

/** `e` as a node of another kind (same id). */
export const withKind = <C extends Expr['exprKind']['case']>(e: Expr, kind: C, value: ExprKind<C>): Expr => ({ ...e, exprKind: { case: kind, value } }) as Expr;

/** A call node in place of `at` (same id): `target.fn(args)`, or `fn(args)` without a target. */
export const callNode = (at: Expr, fn: string, target: Expr | undefined, args: readonly Expr[]): Expr =>
  withKind(at, 'callExpr', { function: fn, target, args } as unknown as ExprKind<'callExpr'>);

/** The sub-expressions of `e`, in source order. */
export function childrenOf(e: Expr): (Expr | undefined)[] {
  const k = e.exprKind;
  switch (k.case) {
    case 'selectExpr':
      return [k.value.operand];
    case 'callExpr':
      return [k.value.target, ...k.value.args];
    case 'listExpr':
      return k.value.elements;
    case 'structExpr':
      return k.value.entries.flatMap((entry) => [entry.keyKind.case === 'mapKey' ? entry.keyKind.value : undefined, entry.value]);
    case 'comprehensionExpr': {
      const c = k.value;
      return [c.iterRange, c.accuInit, c.loopCondition, c.loopStep, c.result];
    }
    default:
      return [];
  }
}

/** A copy of `e` with every child replaced by `f(child)`. */
export function mapChildren(e: Expr, f: (child: Expr) => Expr): Expr {
  const k = e.exprKind;
  const g = (c: Expr | undefined) => (c === undefined ? undefined : f(c));
  switch (k.case) {
    case 'selectExpr':
      return withKind(e, 'selectExpr', { ...k.value, operand: g(k.value.operand) } as ExprKind<'selectExpr'>);
    case 'callExpr':
      return withKind(e, 'callExpr', { ...k.value, target: g(k.value.target), args: k.value.args.map(f) } as ExprKind<'callExpr'>);
    case 'listExpr':
      return withKind(e, 'listExpr', { ...k.value, elements: k.value.elements.map(f) } as ExprKind<'listExpr'>);
    case 'structExpr':
      return withKind(e, 'structExpr', {
        ...k.value,
        entries: k.value.entries.map((entry) => ({
          ...entry,
          ...(entry.keyKind.case === 'mapKey' ? { keyKind: { case: 'mapKey', value: f(entry.keyKind.value) } } : {}),
          value: g(entry.value),
        })),
      } as ExprKind<'structExpr'>);
    case 'comprehensionExpr': {
      const c = k.value;
      return withKind(e, 'comprehensionExpr', {
        ...c,
        iterRange: g(c.iterRange),
        accuInit: g(c.accuInit),
        loopCondition: g(c.loopCondition),
        loopStep: g(c.loopStep),
        result: g(c.result),
      } as ExprKind<'comprehensionExpr'>);
    }
    default:
      return e;
  }
}
