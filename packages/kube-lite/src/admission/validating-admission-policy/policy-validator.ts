/**
 * Evaluating a compiled policy for one request and one param (upstream validating `validator.Validate`): the
 * variables, then the match conditions (a false one: no decisions), then each validation's decision, with
 * failurePolicy turning evaluation errors into denials (Fail) or admissions (Ignore); the message of a failed
 * validation is its messageExpression's value when usable, else its message, else `failed expression: <expr>`; then
 * the audit annotations.
 * @module
 */
import { type AdmissionBindings, type CompiledAdmissionExpression, celFailureValue, celValueTypeName } from '@apiserver/apiextensions';
import { decideMatchConditions } from '@apiserver/registry';
import { conditionOutcome } from '../cel-match-conditions.js';
import type { CompiledPolicy } from './compiled-policy.js';

/** The longest message a messageExpression may produce (upstream `MaxEvaluatedMessageExpressionSizeBytes`). */
const MAX_MESSAGE_BYTES = 5 * 1024;

/** One validation's decision. */
export interface PolicyDecision {
  /** Whether the request is admitted by this validation. */
  readonly action: 'admit' | 'deny';
  /** What was decided: passed, failed, or could not be evaluated. */
  readonly evaluation: 'admit' | 'deny' | 'error';
  /** The message of a denial or an error. */
  readonly message: string;
  /** The Status reason of a failed validation. */
  readonly reason?: string;
}

/** An audit annotation's outcome. */
export type AuditAnnotationOutcome =
  | { readonly action: 'publish'; readonly key: string; readonly value: string }
  | { readonly action: 'exclude' }
  | { readonly action: 'error'; readonly message: string };

/** The decisions and audit annotations of one evaluation. */
export interface ValidateResult {
  readonly decisions: readonly PolicyDecision[];
  readonly auditAnnotations: readonly AuditAnnotationOutcome[];
}

type Evaluated = { readonly value: unknown } | { readonly error: string };

function evaluate(compiled: CompiledAdmissionExpression, bindings: AdmissionBindings): Evaluated {
  return 'error' in compiled ? { error: `compilation error: ${compiled.error}` } : compiled.evaluate(bindings);
}

/** `variables` for the other expressions: each variable's value, or its error for whoever reads it. */
function variableValues(policy: CompiledPolicy, base: AdmissionBindings): Map<string, AdmissionBindings[string]> {
  const values = new Map<string, AdmissionBindings[string]>();
  for (const v of policy.variables) {
    const result = evaluate(v.expression, { ...base, variables: values });
    values.set(v.name, 'error' in result ? celFailureValue(result.error) : (result.value as AdmissionBindings[string]));
  }
  return values;
}

/** The message of a failed validation. */
function failureMessage(v: CompiledPolicy['validations'][number], bindings: AdmissionBindings): string {
  if (v.messageExpression !== undefined) {
    const result = evaluate(v.messageExpression, bindings);
    if (!('error' in result) && typeof result.value === 'string') {
      const message = result.value.trim();
      if (message !== '' && Buffer.byteLength(message) <= MAX_MESSAGE_BYTES && !message.includes('\n')) return message;
    }
  }
  const message = (v.validation.message ?? '').trim();
  return message !== '' ? message : `failed expression: ${v.validation.expression.trim()}`;
}

function errorDecision(failurePolicy: string, message: string): PolicyDecision {
  return { action: failurePolicy === 'Ignore' ? 'admit' : 'deny', evaluation: 'error', message };
}

function decide(v: CompiledPolicy['validations'][number], bindings: AdmissionBindings, failurePolicy: string): PolicyDecision {
  const result = evaluate(v.expression, bindings);
  if ('error' in result) return errorDecision(failurePolicy, result.error);
  if (result.value === true) return { action: 'admit', evaluation: 'admit', message: '' };
  return { action: 'deny', evaluation: 'deny', message: failureMessage(v, bindings), reason: v.validation.reason ?? 'Invalid' };
}

function annotate(a: CompiledPolicy['auditAnnotations'][number], bindings: AdmissionBindings, failurePolicy: string, expression: string): AuditAnnotationOutcome {
  const result = evaluate(a.valueExpression, bindings);
  if ('error' in result) return failurePolicy === 'Ignore' ? { action: 'exclude' } : { action: 'error', message: result.error };
  if (result.value === null) return { action: 'exclude' };
  if (typeof result.value === 'string') {
    const value = result.value.trim();
    return value === '' ? { action: 'exclude' } : { action: 'publish', key: a.key, value };
  }
  return {
    action: 'error',
    message: `valueExpression '${expression}' resulted in unsupported return type: ${celValueTypeName(result.value)}. Return type must be either string or null.`,
  };
}

/** Evaluates `policy` with `base` bound (`object`, `oldObject`, `request`, `params`, `namespaceObject`). */
export function validatePolicy(policy: CompiledPolicy, base: AdmissionBindings, failurePolicy: string): ValidateResult {
  const bindings = { ...base, variables: variableValues(policy, base) };
  if (policy.matchConditions.length > 0) {
    const outcomes = policy.conditionExpressions.map((c) => conditionOutcome(c, bindings));
    const matched = decideMatchConditions(policy.matchConditions, outcomes, failurePolicy);
    if ('error' in matched) return { decisions: [errorDecision(failurePolicy, matched.error)], auditAnnotations: [] };
    if (!matched.matches) return { decisions: [], auditAnnotations: [] };
  }
  return {
    decisions: policy.validations.map((v) => decide(v, bindings, failurePolicy)),
    auditAnnotations: policy.auditAnnotations.map((a) => annotate(a, bindings, failurePolicy, a.valueExpression.expression)),
  };
}
