/**
 * A policy's variables compiled in order (upstream `CompositedCompiler.CompileAndStoreVariable`): each sees the
 * ones before it, and `variables.<name>` has the type its expression evaluates to, so `variables.flag + 1` is
 * refused when `flag` is a bool, as upstream refuses it.
 *
 * @module
 */
import {
  type AdmissionVariableDeclarations,
  type CompiledAdmissionExpression,
  compileAdmissionExpression,
  type OptionalVariableDeclarations,
  optionalVariableDeclarations,
} from './admission-expression.js';
import type { SchemaCelType } from './schema-type.js';

/** One variable of a policy. */
export interface AdmissionVariable {
  readonly name: string;
  readonly expression: string;
}

/** A policy's variables, compiled, and the declarations of its expressions with them typed. */
export interface ComposedAdmissionVariables {
  /** Each variable compiled in the declarations of the ones before it. */
  readonly compiled: readonly CompiledAdmissionExpression[];
  /** The declarations of the policy's other expressions: every variable; `authorizer` unless `messages`. */
  readonly declarations: (options?: { readonly messages?: boolean }) => AdmissionVariableDeclarations;
}

/**
 * Compiles `variables` in order (see the module comment); `hasParams`: the policy has a paramKind; `typed`: the types
 * of `object` and `params` when the policy is type-checked against a kind (see {@link OptionalVariableDeclarations}).
 */
export function composeAdmissionVariables(
  variables: readonly AdmissionVariable[],
  hasParams: boolean,
  typed?: OptionalVariableDeclarations['typed'],
): ComposedAdmissionVariables {
  const names = variables.map((v) => v.name);
  const types = new Map<string, SchemaCelType>();
  const typedOption = typed === undefined ? {} : { typed };
  // While compiling, `types` holds only the variables before the one being compiled.
  const before = (index: number) => optionalVariableDeclarations({ hasParams, hasAuthorizer: true, variables: names.slice(0, index), variableTypes: types, ...typedOption });
  const compiled = variables.map((v, i) => {
    const result = compileAdmissionExpression(v.expression, before(i), ['any']);
    if ('outputType' in result) types.set(v.name, result.outputType);
    return result;
  });
  return {
    compiled,
    declarations: (options = {}) => optionalVariableDeclarations({ hasParams, hasAuthorizer: options.messages !== true, variables: names, variableTypes: types, ...typedOption }),
  };
}
