/**
 * Kubernetes' regex optimizations (`FindRegexOptimization`, `FindAllRegexOptimization` in
 * `k8s.io/apiserver/pkg/cel/library/regex.go`): a `find`/`findAll` whose pattern is a string literal
 * is compiled when the program is created, so an invalid one fails the rule's compilation
 * (`program instantiation failed: error parsing regexp: …`) instead of each evaluation.
 *
 * @module
 */
import { compileGoRegexp, RegexpSyntaxError } from '../regexp/go-regexp.js';
import { childrenOf, type Expr, type ExprKind } from './expr-walk.js';

const OPTIMIZED = new Set(['find', 'findAll']);

/** The start of cel-go's program-creation error, as the compilers word it. */
export const PROGRAM_INSTANTIATION_FAILED = 'program instantiation failed';

/** The syntax error of a literal `find`/`findAll` pattern in this call, if any. */
function literalPatternError(call: ExprKind<'callExpr'>): string | undefined {
  const pattern = call.args[0]?.exprKind;
  if (call.target === undefined || !OPTIMIZED.has(call.function) || pattern?.case !== 'constExpr') return undefined;
  const constant = pattern.value.constantKind;
  if (constant.case !== 'stringValue') return undefined;
  const re = compileGoRegexp(constant.value);
  return re instanceof RegexpSyntaxError ? re.message : undefined;
}

/**
 * The error cel-go reports when it creates the program of `e`: `program instantiation failed:
 * error parsing regexp: …` for the first `find`/`findAll` with an invalid literal pattern, else `undefined`.
 */
export function programInstantiationError(e: Expr | undefined): string | undefined {
  if (e === undefined) return undefined;
  if (e.exprKind.case === 'callExpr') {
    const error = literalPatternError(e.exprKind.value);
    if (error !== undefined) return `${PROGRAM_INSTANTIATION_FAILED}: ${error}`;
  }
  for (const child of childrenOf(e)) {
    const error = programInstantiationError(child);
    if (error !== undefined) return error;
  }
  return undefined;
}
