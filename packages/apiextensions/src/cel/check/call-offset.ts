/**
 * Where cel-go reports an error about a call: at the operator of an operator call (`a + b` at `+`, `x[1]` at
 * `[`, `a && b` at `&&`, `c ? a : b` at `?`), and at the opening parenthesis of a function or method call.
 * `@bufbuild/cel` places binary operators just after their left operand, `&&`, `||` and `?:` at their first
 * operand, and calls at their name or at the dot before it, so the offset is found from there in the source.
 *
 * @module
 */
import type { Expr, ExprKind } from '../expr-walk.js';

type Call = ExprKind<'callExpr'>;

/** Operators written between their operands, by function name. */
const INFIX: Readonly<Record<string, string>> = {
  '_+_': '+',
  '_-_': '-',
  '_*_': '*',
  '_/_': '/',
  '_%_': '%',
  '_==_': '==',
  '_!=_': '!=',
  '_<_': '<',
  '_<=_': '<=',
  '_>_': '>',
  '_>=_': '>=',
  '@in': 'in',
  '_[_]': '[',
};
/** Operators the parser places at their first operand: found backwards from the second one. */
const BEFORE_SECOND: Readonly<Record<string, string>> = { '_&&_': '&&', '_||_': '||', '_?_:_': '?' };

/** The 0-based offset of `call` (expression `e`) as cel-go locates it; `position` gives a node's parsed offset. */
export function callOffset(source: string, e: Expr, call: Call, position: (x: Expr) => number): number {
  const at = position(e);
  const infix = INFIX[call.function];
  if (infix !== undefined) {
    const found = source.indexOf(infix, at);
    return found < 0 ? at : found;
  }
  const before = BEFORE_SECOND[call.function];
  const second = call.args[1];
  if (before !== undefined && second !== undefined) {
    const found = source.lastIndexOf(before, position(second));
    return found < 0 ? at : found;
  }
  if (call.function === '!_' || call.function === '-_') return at;
  const paren = source.indexOf('(', at);
  return paren < 0 ? at : paren;
}
