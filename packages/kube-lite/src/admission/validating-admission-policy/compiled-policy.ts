/**
 * A ValidatingAdmissionPolicy compiled once per stored version (upstream `compilePolicy`): its variables (each seeing
 * the ones before it), match conditions, validations with their messageExpressions and audit annotations, in an
 * environment with `params` when the policy has a paramKind and `variables` holding the policy's variables.
 * @module
 */
import { type CompiledAdmissionExpression, compileAdmissionExpression, composeAdmissionVariables } from '@apiserver/apiextensions';
import type { ApiObject, MatchCondition } from '@apiserver/registry';
import type { MatchResources } from './match-resources.js';

/** `ParamKind`. */
export interface ParamKind {
  /** `group/version` of the params. */
  readonly apiVersion?: string;
  /** Their kind. */
  readonly kind?: string;
}

/** A `Validation` as stored. */
export interface Validation {
  /** The CEL expression (bool). */
  readonly expression: string;
  /** The message when it fails. */
  readonly message?: string;
  /** A CEL expression (string) building the message. */
  readonly messageExpression?: string;
  /** `Forbidden`, `Invalid` or `RequestEntityTooLarge`. */
  readonly reason?: string;
}

/** A ValidatingAdmissionPolicy's spec as stored. */
export interface ValidatingAdmissionPolicySpec {
  /** The params' kind. */
  readonly paramKind?: ParamKind;
  /** The requests the policy applies to. */
  readonly matchConstraints?: MatchResources;
  /** `Fail` (default) or `Ignore`. */
  readonly failurePolicy?: string;
  /** Conditions a request must meet. */
  readonly matchConditions?: readonly MatchCondition[];
  /** Named expressions. */
  readonly variables?: readonly { readonly name: string; readonly expression: string }[];
  /** The validations. */
  readonly validations?: readonly Validation[];
  /** Audit annotations to publish. */
  readonly auditAnnotations?: readonly { readonly key: string; readonly valueExpression: string }[];
}

/** A ValidatingAdmissionPolicy as stored. */
export type ValidatingAdmissionPolicy = ApiObject & { readonly spec?: ValidatingAdmissionPolicySpec };

/** One validation with its compiled expressions. */
export interface CompiledValidation {
  readonly validation: Validation;
  readonly expression: CompiledAdmissionExpression;
  readonly messageExpression: CompiledAdmissionExpression | undefined;
}

/** Every expression of a policy, compiled. */
export interface CompiledPolicy {
  readonly variables: readonly { readonly name: string; readonly expression: CompiledAdmissionExpression }[];
  readonly matchConditions: readonly MatchCondition[];
  readonly conditionExpressions: readonly CompiledAdmissionExpression[];
  readonly validations: readonly CompiledValidation[];
  readonly auditAnnotations: readonly { readonly key: string; readonly valueExpression: CompiledAdmissionExpression }[];
}

/** Compiles the expressions of `spec`: all but messageExpressions may read `authorizer` (upstream `compilePolicy`). */
export function compilePolicy(spec: ValidatingAdmissionPolicySpec): CompiledPolicy {
  const variables = spec.variables ?? [];
  const composed = composeAdmissionVariables(variables, spec.paramKind !== undefined);
  const all = composed.declarations();
  const messages = composed.declarations({ messages: true });
  const compile = (expression: string, results: Parameters<typeof compileAdmissionExpression>[2]) => compileAdmissionExpression(expression, all, results);
  const matchConditions = spec.matchConditions ?? [];
  return {
    variables: variables.map((v, i) => ({ name: v.name, expression: composed.compiled[i] as CompiledAdmissionExpression })),
    matchConditions,
    conditionExpressions: matchConditions.map((c) => compile(c.expression, ['bool'])),
    validations: (spec.validations ?? []).map((validation) => ({
      validation,
      expression: compile(validation.expression, ['bool']),
      messageExpression:
        validation.messageExpression === undefined || validation.messageExpression.trim() === ''
          ? undefined
          : compileAdmissionExpression(validation.messageExpression, messages, ['string']),
    })),
    auditAnnotations: (spec.auditAnnotations ?? []).map((a) => ({ key: a.key, valueExpression: compile(a.valueExpression, ['string', 'null_type']) })),
  };
}
