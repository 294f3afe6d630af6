/**
 * The CEL behind webhook `matchConditions` (upstream webhook/matchconditions over plugin/cel): each condition
 * compiled once per loaded webhook with `object`, `oldObject`, `request` and `namespaceObject` declared, and
 * evaluated over the request in the webhook's kind; a condition that does not compile evaluates to its
 * `compilation error: …` (the write-time validation keeps such conditions out of stored configurations).
 * @module
 */
import { type AdmissionBindings, admissionVariableDeclarations, type CompiledAdmissionExpression, compileAdmissionExpression, jsonToCelValue } from '@apiserver/apiextensions';
import type { ConditionOutcome, MatchCondition, MatchConditionCompiler, MatchConditionInput } from '@apiserver/registry';

/** The bindings of an admission expression over a request (`object`, `oldObject`, `request`). */
export function requestBindings(input: MatchConditionInput): Record<string, AdmissionBindings[string]> {
  return {
    object: jsonToCelValue(input.versioned.object ?? null),
    oldObject: jsonToCelValue(input.versioned.oldObject ?? null),
    request: jsonToCelValue(input.request),
    namespaceObject: null,
  };
}

/** One compiled expression's outcome as a condition: its boolean, or the compile or evaluation error. */
export function conditionOutcome(compiled: CompiledAdmissionExpression, bindings: AdmissionBindings): ConditionOutcome {
  if ('error' in compiled) return { error: `compilation error: ${compiled.error}` };
  const result = compiled.evaluate(bindings);
  if ('error' in result) return { error: result.error };
  return result.value !== false;
}

/** Compiles match conditions of webhooks on the apiextensions CEL. */
export const celMatchConditionCompiler: MatchConditionCompiler = {
  compile(conditions: readonly MatchCondition[]) {
    const declarations = admissionVariableDeclarations();
    const compiled = conditions.map((c) => compileAdmissionExpression(c.expression, declarations, ['bool']));
    return (input) => {
      const bindings = requestBindings(input);
      return compiled.map((c) => conditionOutcome(c, bindings));
    };
  },
};
