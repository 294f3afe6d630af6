/**
 * Parsing an expression as cel-go's parser bounds it: at most 100,000 code points
 * (`expression code point size exceeds limit: size: <n>, limit 100000`), and no deeper than 250 levels of nested
 * expressions (`max recursion depth exceeded`); syntax errors keep the parser's position. cel-go counts its depth
 * on its parse tree, this package on the parsed expression, where a chain of `&&` (or `||`) counts as cel-go
 * balances it (n terms, log2(n) levels), so the deepest expression accepted differs a little; either way a too
 * deep expression is a compile error, never a failed request.
 *
 * @module
 */
import { parse } from '@bufbuild/cel';
import { childrenOf, type Expr } from './expr-walk.js';
import type { CelIssue } from './issues.js';
import { expandOptionalMacros } from './optional-chains.js';
import { rewriteOptionalSyntax } from './optional-syntax.js';

/** A parsed expression (`@bufbuild/cel`'s `ParsedExpr`). */
export type ParsedExpression = ReturnType<typeof parse>;

/** cel-go's default `expressionSizeCodePointLimit`. */
export const EXPRESSION_SIZE_CODE_POINT_LIMIT = 100_000;
/** cel-go's default `maxRecursionDepth`. */
export const MAX_RECURSION_DEPTH = 250;

const LOGIC = new Set(['_&&_', '_||_']);
const logicOf = (e: Expr): string | undefined => (e.exprKind.case === 'callExpr' && LOGIC.has(e.exprKind.value.function) ? e.exprKind.value.function : undefined);

/** The operands of a chain of one logic operator (`a && b && c`: a, b, c), collected without recursion. */
function chainTerms(e: Expr, op: string): Expr[] {
  const terms: Expr[] = [];
  const pending: Expr[] = [e];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (logicOf(next) === op) pending.push(...childrenOf(next).filter((c): c is Expr => c !== undefined).reverse());
    else terms.push(next);
  }
  return terms;
}

/** Whether the expression nests deeper than `limit` (walked without recursion). */
function deeperThan(root: Expr | undefined, limit: number): boolean {
  const stack: Array<readonly [Expr, number]> = root === undefined ? [] : [[root, 1]];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [e, depth] = next;
    if (depth > limit) return true;
    const op = logicOf(e);
    if (op !== undefined) {
      const terms = chainTerms(e, op);
      const levels = Math.ceil(Math.log2(terms.length));
      for (const term of terms) stack.push([term, depth + levels]);
      continue;
    }
    for (const child of childrenOf(e)) if (child !== undefined) stack.push([child, depth + 1]);
  }
  return false;
}

/** A parsed expression with the text it was parsed from (the optional syntax rewritten) and the way back. */
export interface ParsedSource {
  readonly parsed: ParsedExpression;
  /** What was parsed: `source` with `.?` and `[?` rewritten (see optional-syntax.ts). */
  readonly source: string;
  /** Issues at offsets of the parsed text, moved to the offsets of the original one. */
  readonly toOriginal: (issues: readonly CelIssue[]) => CelIssue[];
}

/**
 * Parses `source` (its optional syntax rewritten, `optMap`/`optFlatMap` expanded), or says why it does not parse;
 * issues are at offsets of `source` (none: no location, as cel-go's).
 */
export function parseExpression(source: string): ParsedSource | { readonly issues: readonly CelIssue[] } {
  const size = [...source].length;
  if (size > EXPRESSION_SIZE_CODE_POINT_LIMIT) {
    return { issues: [{ message: `expression code point size exceeds limit: size: ${size}, limit ${EXPRESSION_SIZE_CODE_POINT_LIMIT}` }] };
  }
  const rewrite = rewriteOptionalSyntax(source);
  const toOriginal = (issues: readonly CelIssue[]) => issues.map((i) => (i.offset === undefined ? i : { ...i, offset: rewrite.toOriginal(i.offset) }));
  let parsed: ParsedExpression;
  try {
    parsed = parse(rewrite.source);
  } catch (err) {
    if (err instanceof RangeError) return { issues: [{ message: `expression recursion limit exceeded: ${MAX_RECURSION_DEPTH}` }] };
    const offset = (err as { location?: { start?: { offset?: number } } }).location?.start?.offset ?? 0;
    const message = (err instanceof Error ? err.message : String(err)).replace(/^<input>:\d+:\d+: /, '');
    return { issues: toOriginal([{ offset, message: `Syntax error: ${message}` }]) };
  }
  if (deeperThan(parsed.expr, MAX_RECURSION_DEPTH)) return { issues: [{ message: 'max recursion depth exceeded' }] };
  return { parsed: expandOptionalMacros(parsed), source: rewrite.source, toOriginal };
}
