/**
 * The field errors of a rule evaluation (`validateExpressions` in apiextensions-apiserver): a
 * failed rule as Invalid/Forbidden/Required/Duplicate per its `reason`, evaluation errors with
 * upstream's wording.
 *
 * @module
 */
import {
  type FieldError,
  type FieldPath,
  fieldDuplicate,
  fieldForbidden,
  fieldInvalid,
  fieldRequired,
} from '@apiserver/runtime';
import { goQuote } from '@apiserver/runtime';
import { COST_LIMIT_EXCEEDED } from './runtime-cost.js';
import { ruleErrorString, type ValidationRule } from './validation-rule.js';

/** A rule's cost passed what was left of the object's budget. */
export const OUT_OF_BUDGET = 'validation failed due to running out of cost budget, no further validation rules will be run';
/** A messageExpression's cost passed what was left of the object's budget. */
export const MESSAGE_OUT_OF_BUDGET = 'messageExpression evaluation failed due to running out of cost budget, no further validation rules will be run';

/** A rule passed the per-call cost limit. */
export function ruleCostLimitError(rule: ValidationRule): string {
  return `'${COST_LIMIT_EXCEEDED}': no further validation rules will be run due to call cost exceeds limit for rule: ${ruleErrorString(rule)}`;
}

/** A messageExpression passed the per-call cost limit. */
export function messageCostLimitError(source: string): string {
  return `no further validation rules will be run due to call cost exceeds limit for messageExpression: ${goQuote(source)}`;
}

/** The error of a rule that evaluated to false (`fieldErrorForReason`). */
export function fieldErrorForReason(path: FieldPath | undefined, type: string, detail: string, reason: string | undefined): FieldError {
  switch (reason) {
    case 'FieldValueForbidden':
      return fieldForbidden(path, detail);
    case 'FieldValueRequired':
      return fieldRequired(path, detail);
    case 'FieldValueDuplicate':
      return fieldDuplicate(path, type);
    default:
      return fieldInvalid(path, type, detail);
  }
}

/**
 * The error of a rule whose evaluation failed. `@bufbuild/cel`'s messages are mapped to
 * cel-go's where they name the same failure (`no such overload`, `no such key: x`).
 */
export function evaluationError(path: FieldPath | undefined, type: string, rule: ValidationRule, err: Error): FieldError {
  const message = err.message;
  if (message.startsWith('found no matching overload') || message.startsWith('unbound function')) {
    return fieldInvalid(path, type, `'no such overload': call arguments did not match a supported operator, function or macro signature for rule: ${ruleErrorString(rule)}`);
  }
  const noKey = /^field not found: (.*)$/.exec(message);
  const detail = noKey === null ? message : `no such key: ${noKey[1]}`;
  return fieldInvalid(path, type, `${detail} evaluating rule: ${ruleErrorString(rule)}`);
}

/** Why a `messageExpression` result is not used (logged upstream; the rule's message is used instead). */
export function messageExpressionProblem(value: unknown): string | undefined {
  if (typeof value !== 'string') return 'messageExpression failed to convert to string';
  const trimmed = value.trim();
  if (trimmed.length > 5 * 1024) return 'messageExpression beyond allowable length of 5120';
  if (/\n/.test(trimmed)) return 'messageExpression should not contain line breaks';
  if (trimmed.length === 0) return 'messageExpression should evaluate to a non-empty string';
  return undefined;
}
