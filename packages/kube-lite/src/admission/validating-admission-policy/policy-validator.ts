/**
 * Evaluating a compiled policy for one request and one param (upstream validating `validator.Validate`): the match
 * conditions within their budget (2,500,000; a false one: no decisions), then the validations within the runtime
 * budget (10,000,000), the messageExpressions within what the validations left, and the audit annotations within
 * a budget of their own. failurePolicy turns evaluation errors and an exhausted budget into denials (Fail) or
 * admissions (Ignore). The message of a failed validation is its messageExpression's value when usable, else its
 * message, else `failed expression: <expr>`. `authorizer` is bound for match conditions and validations (and the
 * variables they read), not for messages and audit annotations, as upstream.
 * @module
 */
import { type AdmissionBindings, celValueTypeName, RUNTIME_CEL_COST_BUDGET, RUNTIME_CEL_COST_BUDGET_MATCH_CONDITIONS } from '@apiserver/apiextensions';
import { decideMatchConditions } from '@apiserver/registry';
import { conditionOutcome, evaluateFilter, type FilterEvaluation, type FilterResult } from '../cel-filter.js';
import type { CompiledPolicy } from './compiled-policy.js';
import { CompositedVariables } from './composited-variables.js';

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

type Validation = CompiledPolicy['validations'][number];

/** Evaluates `expressions` of `policy` over `bindings` with the policy's variables, within `budget`. */
function filter(policy: CompiledPolicy, expressions: Parameters<typeof evaluateFilter>[0], bindings: AdmissionBindings, budget: number): FilterResult {
  const variables = new CompositedVariables(policy.variables, bindings);
  return evaluateFilter(expressions, variables.bindings, budget, variables);
}

/** The message of a failed validation. */
function failureMessage(v: Validation, message: FilterEvaluation | undefined): string {
  if (message !== undefined && !('error' in message) && typeof message.value === 'string') {
    const text = message.value.trim();
    if (text !== '' && Buffer.byteLength(text) <= MAX_MESSAGE_BYTES && !text.includes('\n')) return text;
  }
  const text = (v.validation.message ?? '').trim();
  return text !== '' ? text : `failed expression: ${v.validation.expression.trim()}`;
}

function errorDecision(failurePolicy: string, message: string): PolicyDecision {
  return { action: failurePolicy === 'Ignore' ? 'admit' : 'deny', evaluation: 'error', message };
}

function decide(v: Validation, result: FilterEvaluation | undefined, messages: FilterResult, i: number, failurePolicy: string): PolicyDecision {
  if (result === undefined) return errorDecision(failurePolicy, 'unexpected internal error compiling expression');
  if ('error' in result) return errorDecision(failurePolicy, result.error);
  if ('error' in messages) return errorDecision(failurePolicy, `failed messageExpression: ${messages.error}`);
  if (result.value === true) return { action: 'admit', evaluation: 'admit', message: '' };
  return { action: 'deny', evaluation: 'deny', message: failureMessage(v, messages.evaluations[i]), reason: v.validation.reason ?? 'Invalid' };
}

function annotate(a: CompiledPolicy['auditAnnotations'][number], result: FilterEvaluation | undefined, failurePolicy: string): AuditAnnotationOutcome {
  if (result === undefined || 'error' in result) return failurePolicy === 'Ignore' ? { action: 'exclude' } : { action: 'error', message: result?.error ?? '' };
  if (result.value === null) return { action: 'exclude' };
  if (typeof result.value === 'string') {
    const value = result.value.trim();
    return value === '' ? { action: 'exclude' } : { action: 'publish', key: a.key, value };
  }
  return {
    action: 'error',
    message: `valueExpression '${a.valueExpression.expression}' resulted in unsupported return type: ${celValueTypeName(result.value)}. Return type must be either string or null.`,
  };
}

/** Upstream's policy matcher: whether the match conditions let the policy apply, or the error deciding it. */
function matchConditions(policy: CompiledPolicy, bindings: AdmissionBindings, failurePolicy: string): { readonly matches: boolean } | { readonly error: string } {
  if (policy.matchConditions.length === 0) return { matches: true };
  const r = filter(policy, policy.conditionExpressions, bindings, RUNTIME_CEL_COST_BUDGET_MATCH_CONDITIONS);
  if ('error' in r) return failurePolicy === 'Ignore' ? { matches: false } : { error: r.error };
  return decideMatchConditions(policy.matchConditions, r.evaluations.map(conditionOutcome), failurePolicy);
}

/**
 * Evaluates `policy` with `base` bound (`object`, `oldObject`, `request`, `params`, `namespaceObject`) and, where
 * upstream binds it, `authz` (`authorizer`, `authorizer.requestResource`).
 */
export function validatePolicy(policy: CompiledPolicy, base: AdmissionBindings, failurePolicy: string, authz: AdmissionBindings = {}): ValidateResult {
  const withAuthorizer = { ...base, ...authz };
  const matched = matchConditions(policy, withAuthorizer, failurePolicy);
  if ('error' in matched) return { decisions: [errorDecision(failurePolicy, matched.error)], auditAnnotations: [] };
  if (!matched.matches) return { decisions: [], auditAnnotations: [] };
  const validations = policy.validations;
  const results = filter(policy, validations.map((v) => v.expression), withAuthorizer, RUNTIME_CEL_COST_BUDGET);
  if ('error' in results) return { decisions: [errorDecision(failurePolicy, results.error)], auditAnnotations: [] };
  const messages = filter(policy, validations.map((v) => v.messageExpression), base, results.remaining);
  const decisions = validations.map((v, i) => decide(v, results.evaluations[i], messages, i, failurePolicy));
  const annotations = filter(policy, policy.auditAnnotations.map((a) => a.valueExpression), base, RUNTIME_CEL_COST_BUDGET);
  if ('error' in annotations) return { decisions: [errorDecision(failurePolicy, annotations.error)], auditAnnotations: [] };
  return { decisions, auditAnnotations: policy.auditAnnotations.map((a, i) => annotate(a, annotations.evaluations[i], failurePolicy)) };
}
