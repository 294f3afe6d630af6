/**
 * `x-kubernetes-validations` entries (`ValidationRule` of apiextensions.k8s.io/v1) and the ways
 * upstream renders them in messages.
 *
 * @module
 */
import { goQuote } from '@apiserver/runtime';

/** One `x-kubernetes-validations` entry. */
export interface ValidationRule {
  readonly rule: string;
  readonly message?: string;
  readonly messageExpression?: string;
  readonly reason?: string;
  readonly fieldPath?: string;
  readonly optionalOldSelf?: boolean;
}

/** The reasons a rule may give (`supportedValidationReason`), sorted. */
export const VALIDATION_REASONS: readonly string[] = ['FieldValueDuplicate', 'FieldValueForbidden', 'FieldValueInvalid', 'FieldValueRequired'];

/** Reads the rules of a schema node, ignoring entries that are not objects. */
export function validationRules(raw: readonly unknown[]): ValidationRule[] {
  return raw.map((r) => {
    const o = (typeof r === 'object' && r !== null ? r : {}) as Record<string, unknown>;
    const str = (k: string): string | undefined => (typeof o[k] === 'string' ? (o[k] as string) : undefined);
    const rule: { -readonly [K in keyof ValidationRule]: ValidationRule[K] } = { rule: str('rule') ?? '' };
    for (const k of ['message', 'messageExpression', 'reason', 'fieldPath'] as const) {
      const v = str(k);
      if (v !== undefined) rule[k] = v;
    }
    if (typeof o.optionalOldSelf === 'boolean') rule.optionalOldSelf = o.optionalOldSelf;
    return rule;
  });
}

/** The rule's message if set, else its expression (`ruleErrorString`). */
export function ruleErrorString(rule: ValidationRule): string {
  const message = (rule.message ?? '').trim();
  return message.length > 0 ? message : rule.rule.trim();
}

/** The message of a failed rule: its message, or `failed rule: <rule>` (`ruleMessageOrDefault`). */
export function ruleMessageOrDefault(rule: ValidationRule): string {
  const message = (rule.message ?? '').trim();
  return message.length > 0 ? message : `failed rule: ${ruleErrorString(rule)}`;
}

/**
 * The rule as Go's `%#v` prints the internal `apiextensions.ValidationRule` in CRD validation
 * errors. A set pointer (reason, optionalOldSelf) prints as an address upstream; here as
 * `(*T)(<value>)`, since an address means nothing outside the process.
 */
export function goStringValidationRule(rule: ValidationRule): string {
  const reason = rule.reason === undefined ? '(*apiextensions.FieldValueErrorReason)(nil)' : `(*apiextensions.FieldValueErrorReason)(${goQuote(rule.reason)})`;
  const optional = rule.optionalOldSelf === undefined ? '(*bool)(nil)' : `(*bool)(${rule.optionalOldSelf})`;
  return (
    `apiextensions.ValidationRule{Rule:${goQuote(rule.rule)}, Message:${goQuote(rule.message ?? '')}, ` +
    `MessageExpression:${goQuote(rule.messageExpression ?? '')}, Reason:${reason}, FieldPath:${goQuote(rule.fieldPath ?? '')}, ` +
    `OptionalOldSelf:${optional}}`
  );
}
