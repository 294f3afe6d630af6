/**
 * Kubernetes' regex optimizations (`FindRegexOptimization`, `FindAllRegexOptimization` in
 * `k8s.io/apiserver/pkg/cel/library/regex.go`): a `find`/`findAll` whose pattern is a string literal
 * is compiled when the program is created, so an invalid one fails the rule's compilation
 * (`program instantiation failed: error parsing regexp: …`) instead of each evaluation.
 *
 * @module
 */
import type { parse } from '@bufbuild/cel';
import { compileGoRegexp, RegexpSyntaxError } from '../regexp/go-regexp.js';

type Expr = NonNullable<ReturnType<typeof parse>['expr']>;

const OPTIMIZED = new Set(['find', 'findAll']);

/** The start of cel-go's program-creation error, as the compilers word it. */
export const PROGRAM_INSTANTIATION_FAILED = 'program instantiation failed';

/** The syntax error of a literal `find`/`findAll` pattern in this call, if any. */
function literalPatternError(call: Extract<Expr['exprKind'], { case: 'callExpr' }>['value']): string | undefined {
  const pattern = call.args[0]?.exprKind;
  if (call.target === undefined || !OPTIMIZED.has(call.function) || pattern?.case !== 'constExpr') return undefined;
  const constant = pattern.value.constantKind;
  if (constant.case !== 'stringValue') return undefined;
  const re = compileGoRegexp(constant.value);
  return re instanceof RegexpSyntaxError ? re.message : undefined;
}

/** The sub-expressions of `e`, in source order. */
function children(e: Expr): (Expr | undefined)[] {
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
  for (const child of children(e)) {
    const error = programInstantiationError(child);
    if (error !== undefined) return error;
  }
  return undefined;
}
