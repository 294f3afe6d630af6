/**
 * Evaluating a list of compiled admission expressions against one budget (upstream plugin/cel `filter.ForInput`):
 * each expression is evaluated in order with its own per-call limit; its cost, and that of the composited
 * variables it made evaluate, is taken from the budget; once the budget would go negative the whole evaluation
 * fails with `validation failed due to running out of cost budget, no further validation rules will be run`. A
 * compile error is the expression's `compilation error: …`.
 * @module
 */
import { type AdmissionBindings, type AdmissionEvaluation, type CompiledAdmissionExpression, OUT_OF_BUDGET } from '@apiserver/apiextensions';
import type { ConditionOutcome } from '@apiserver/registry';

/** One expression's outcome (undefined where there was no expression). */
export type FilterEvaluation = { readonly value: unknown } | { readonly error: string };

/** The outcomes and what is left of the budget, or the budget error. */
export type FilterResult =
  | { readonly evaluations: readonly (FilterEvaluation | undefined)[]; readonly remaining: number }
  | { readonly error: string; readonly outOfBudget: true };

/** Where the cost of lazily evaluated variables accumulates (see `CompositedVariables`). */
export interface CompositionCost {
  /** The cost charged since the last call, reset to zero. */
  takeCost(): number;
}

/** The budget error (built when needed: reading a CEL constant at module load would load CEL at start-up in the bundle). */
const outOfBudget = (): FilterResult => ({ error: OUT_OF_BUDGET, outOfBudget: true });

/** Evaluates `expressions` over `bindings` within `budget` (see the module comment). */
export function evaluateFilter(
  expressions: readonly (CompiledAdmissionExpression | undefined)[],
  bindings: AdmissionBindings,
  budget: number,
  composition?: CompositionCost,
): FilterResult {
  let remaining = budget;
  const evaluations: (FilterEvaluation | undefined)[] = [];
  for (const compiled of expressions) {
    if (compiled === undefined || 'error' in compiled) {
      evaluations.push(compiled === undefined ? undefined : { error: `compilation error: ${compiled.error}` });
      continue;
    }
    const result: AdmissionEvaluation = compiled.evaluate(bindings);
    const variablesCost = composition?.takeCost() ?? 0;
    if (variablesCost > remaining) return outOfBudget();
    remaining -= variablesCost;
    if (result.cost > remaining) return outOfBudget();
    remaining -= result.cost;
    evaluations.push('error' in result ? { error: result.error } : { value: result.value });
  }
  return { evaluations, remaining };
}

/** A match condition's outcome from its evaluation: false skips, an error is an error, anything else matches. */
export function conditionOutcome(e: FilterEvaluation | undefined): ConditionOutcome {
  if (e === undefined) return true;
  if ('error' in e) return { error: e.error };
  return e.value !== false;
}
