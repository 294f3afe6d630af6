/**
 * The estimated cost of one rule or `messageExpression` on a schema node (`CompilationResult.MaxCost`
 * and `MessageExpressionMaxCost`), with `self` and `oldSelf` typed by the node's declared type
 * (`oldSelf` an optional of it with `optionalOldSelf`).
 *
 * @module
 */
import type { parse } from '@bufbuild/cel';
import type { Structural } from '../../structural-schema.js';
import { declType } from './decl-type.js';
import { type CostEstimateResult, estimateCost } from './estimator.js';
import { type ExprType, fromDecl } from './expr-type.js';

/** The estimate of a parsed expression declared on `s`; `undefined` when upstream declares no type for the node. */
export function estimateRuleCost(parsed: ReturnType<typeof parse>, s: Structural, isResourceRoot: boolean, optionalOldSelf = false): CostEstimateResult | undefined {
  const root = declType(s, isResourceRoot);
  if (root === undefined) return undefined;
  const self = fromDecl(root);
  const oldSelf: ExprType = optionalOldSelf ? { k: 'optional', of: self } : self;
  return estimateCost(parsed.expr, root, new Map([['self', self], ['oldSelf', oldSelf]]));
}
