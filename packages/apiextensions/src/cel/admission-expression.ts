/**
 * CEL expressions of admission configuration (k8s.io/apiserver `plugin/cel` compiler and filter): webhook
 * `matchConditions`, and a ValidatingAdmissionPolicy's match conditions, variables, validations, messages and audit
 * annotations. An expression is compiled in an environment that declares the variables it may read (`object`,
 * `oldObject`, `request`, `namespaceObject`, `params`, `variables`), checked for undeclared references and fields
 * of the typed variables and for its result type; it is evaluated over JSON values with upstream's error wording
 * (`compilation failed: ERROR: <input>:1:1: …`, `must evaluate to bool`, `expression '<e>' resulted in error: …`).
 * Where upstream declares it, `authorizer` (with `authorizer.requestResource`) is added through
 * {@link AUTHORIZER_DECLARATIONS}. Each evaluation is metered with `celconfig.PerCallLimit` (1,000,000) and reports
 * its cost, for the callers' per-evaluation budgets. Upstream checks no estimated cost for admission expressions.
 * @module
 */
import { type CelInput, isCelError, isCelList, isCelMap, isCelType, isCelUint } from '@bufbuild/cel';
import { admissionEnv, planAdmissionExpression } from './admission-env.js';
import { Checker } from './checker.js';
import { type CelType, DYN as DYN_TYPE, fromSchemaType, toSchemaType } from './check/cel-type.js';
import { formatIssues } from './issues.js';
import { parseExpression } from './parse-expression.js';
import { optionalChains } from './optional-chains.js';
import { programInstantiationError } from './constant-regex.js';
import { PER_CALL_LIMIT, runMetered } from './runtime-cost.js';
import type { SchemaCelType } from './schema-type.js';
import { toCelValue } from './values.js';

/** The result types an expression may have (upstream `ReturnTypes`): `null_type` only beside `string`. */
export type AdmissionExpressionResult = 'bool' | 'string' | 'null_type' | 'any';

/** The variables declared to an expression: each name with its type (`dyn` when untyped). */
export type AdmissionVariableDeclarations = ReadonlyMap<string, SchemaCelType>;

/** The values of the declared variables, by name. */
export type AdmissionBindings = Readonly<Record<string, CelInput>>;

/** A compiled expression: evaluate it, or the compile error (upstream's `Detail`). */
export type CompiledAdmissionExpression =
  | {
      readonly expression: string;
      readonly evaluate: (bindings: AdmissionBindings) => AdmissionEvaluation;
      /** What the expression evaluates to, as far as a schema-derived type tells it (`dyn` otherwise). */
      readonly outputType: SchemaCelType;
    }
  | { readonly expression: string; readonly error: string };

/**
 * An evaluation's value (a JS value of the CEL result) or its error message as upstream words it, with its runtime
 * cost (what it charged up to its end or to passing the per-call limit).
 */
export type AdmissionEvaluation = ({ readonly value: unknown } | { readonly error: string }) & { readonly cost: number };

const DYN: SchemaCelType = { kind: 'dyn' };
const STRING: SchemaCelType = { kind: 'string' };
const BOOL: SchemaCelType = { kind: 'bool' };
const GVK: SchemaCelType = { kind: 'object', name: 'kubernetes.GroupVersionKind', fields: new Map([['group', STRING], ['version', STRING], ['kind', STRING]]) };
const GVR: SchemaCelType = { kind: 'object', name: 'kubernetes.GroupVersionResource', fields: new Map([['group', STRING], ['version', STRING], ['resource', STRING]]) };
const USER_INFO: SchemaCelType = {
  kind: 'object',
  name: 'kubernetes.UserInfo',
  fields: new Map<string, SchemaCelType>([
    ['username', STRING],
    ['uid', STRING],
    ['groups', { kind: 'list', elem: STRING, listType: 'atomic', mapKeys: [] }],
    ['extra', { kind: 'map', value: { kind: 'list', elem: STRING, listType: 'atomic', mapKeys: [] } }],
  ]),
};

/** The type of `request` (upstream `buildRequestType`): the AdmissionRequest's fields. */
export const ADMISSION_REQUEST_TYPE: SchemaCelType = {
  kind: 'object',
  name: 'kubernetes.AdmissionRequest',
  fields: new Map<string, SchemaCelType>([
    ['kind', GVK],
    ['resource', GVR],
    ['subResource', STRING],
    ['requestKind', GVK],
    ['requestResource', GVR],
    ['requestSubResource', STRING],
    ['name', STRING],
    ['namespace', STRING],
    ['operation', STRING],
    ['userInfo', USER_INFO],
    ['dryRun', BOOL],
    ['options', DYN],
  ]),
};

/** The type of `namespaceObject`: a Namespace's metadata, spec and status. */
export const NAMESPACE_OBJECT_TYPE: SchemaCelType = {
  kind: 'object',
  name: 'kubernetes.Namespace',
  fields: new Map<string, SchemaCelType>([
    ['metadata', DYN],
    ['spec', DYN],
    ['status', DYN],
  ]),
};

/**
 * The declarations of `authorizer` and `authorizer.requestResource` (upstream `HasAuthorizer`), to add to
 * {@link admissionVariableDeclarations}; bound by `authorizerBindings`.
 */
export const AUTHORIZER_DECLARATIONS: Readonly<Record<string, SchemaCelType>> = {
  // Opaque check types: no fields (a selection on them is an undefined field), methods only.
  authorizer: {
    kind: 'object',
    name: 'kubernetes.authorization.Authorizer',
    fields: new Map([['requestResource', { kind: 'object', name: 'kubernetes.authorization.ResourceCheck', fields: new Map() }]]),
  },
};

/** The declarations every admission expression gets: `object`, `oldObject`, `request`, `namespaceObject`. */
export function admissionVariableDeclarations(extra: Readonly<Record<string, SchemaCelType>> = {}): AdmissionVariableDeclarations {
  return new Map<string, SchemaCelType>([
    ['object', DYN],
    ['oldObject', DYN],
    ['request', ADMISSION_REQUEST_TYPE],
    ['namespaceObject', NAMESPACE_OBJECT_TYPE],
    ...Object.entries(extra),
  ]);
}

/** Which optional variables an expression gets (upstream `OptionalVariableDeclarations`, plus the composited variables). */
export interface OptionalVariableDeclarations {
  /** `params` (the policy has a paramKind). */
  readonly hasParams?: boolean;
  /** `authorizer` and `authorizer.requestResource`. */
  readonly hasAuthorizer?: boolean;
  /** The names `variables` holds (undefined: no `variables`). */
  readonly variables?: readonly string[];
  /** The type of each variable, by name (`dyn` for one not given), as {@link composeAdmissionVariables} finds them. */
  readonly variableTypes?: ReadonlyMap<string, SchemaCelType>;
  /**
   * The types of `object` (and `oldObject`) and of `params` where they are known, as the type checking of a policy
   * against the kinds it matches declares them (else `dyn`, as the admission plugin declares them).
   */
  readonly typed?: { readonly object?: SchemaCelType; readonly params?: SchemaCelType };
}

/** The declarations of an expression with the optional variables `o`. */
export function optionalVariableDeclarations(o: OptionalVariableDeclarations): AdmissionVariableDeclarations {
  const object = o.typed?.object;
  return admissionVariableDeclarations({
    ...(object !== undefined && { object, oldObject: object }),
    ...(o.hasParams === true && { params: o.typed?.params ?? DYN }),
    ...(o.hasAuthorizer === true && AUTHORIZER_DECLARATIONS),
    ...(o.variables !== undefined && { variables: compositedVariablesType(o.variables, o.variableTypes) }),
  });
}

/** The type of `variables` when `names` are declared (upstream `kubernetes.variables`): each typed by `types`, else `dyn`. */
export function compositedVariablesType(names: readonly string[], types: ReadonlyMap<string, SchemaCelType> = new Map()): SchemaCelType {
  return { kind: 'object', name: 'kubernetes.variables', fields: new Map(names.map((n) => [n, types.get(n) ?? DYN])) };
}

/**
 * Why the result type does not do, if it does not. As upstream compares the checked output type with the wanted
 * ones, a `dyn` result (what only reads `object`, `oldObject` or `params`, which are `dyn`) is refused unless any type
 * is wanted: `object.spec.enabled` as a validation `must evaluate to bool`; `object.spec.enabled == true` does.
 */
function returnTypeError(results: readonly AdmissionExpressionResult[], found: CelType): string | undefined {
  if (results.includes('any') || found.k === 'error') return undefined;
  if ((results as readonly string[]).includes(found.k === 'null' ? 'null_type' : found.k)) return undefined;
  return results.length === 1 ? `must evaluate to ${results[0]}` : `must evaluate to one of [${results.join(' ')}]`;
}

/** Compiles `expression` against `declarations`, expecting one of `results` (see the module comment). */
export function compileAdmissionExpression(
  expression: string,
  declarations: AdmissionVariableDeclarations,
  results: readonly AdmissionExpressionResult[],
): CompiledAdmissionExpression {
  const parsing = parseExpression(expression);
  if ('issues' in parsing) return { expression, error: `${COMPILATION_FAILED}${formatIssues(expression, parsing.issues)}` };
  const checker = new Checker(parsing.source, parsing.parsed, admissionEnv().funcs, { type: DYN_TYPE });
  const scope = new Map([...declarations].map(([name, type]) => [name, { type: fromSchemaType(type, name) }]));
  const found = checker.resultType(checker.check(parsing.parsed.expr, scope));
  if (checker.issues.length > 0) return { expression, error: `${COMPILATION_FAILED}${formatIssues(expression, parsing.toOriginal(checker.issues))}` };
  const parsed = optionalChains(parsing.parsed, (e) => checker.typeOf(e));
  const typeError = returnTypeError(results, found);
  if (typeError !== undefined) return { expression, error: typeError };
  const instantiation = programInstantiationError(parsed.expr);
  if (instantiation !== undefined) return { expression, error: instantiation };
  const program = planAdmissionExpression(parsed);
  return {
    expression,
    outputType: toSchemaType(found),
    evaluate: (bindings) => {
      const { value, cost } = runMetered(PER_CALL_LIMIT, () => program(bindings));
      if (isCelError(value)) return { error: `expression '${expression}' resulted in error: ${celErrorText(value.message)}`, cost };
      return { value, cost };
    },
  };
}

const COMPILATION_FAILED = 'compilation failed: ';

/**
 * The issues of compiling `expression` in `declarations` (cel-go's `issues.String()`: `ERROR: <input>:1:8: …`), with
 * no result type wanted; `undefined` when it compiles. What a policy's type checking reports (upstream's
 * `typeCheckingCompiler`).
 */
export function admissionExpressionIssues(expression: string, declarations: AdmissionVariableDeclarations): string | undefined {
  const compiled = compileAdmissionExpression(expression, declarations, ['any']);
  if (!('error' in compiled) || !compiled.error.startsWith(COMPILATION_FAILED)) return undefined;
  return compiled.error.slice(COMPILATION_FAILED.length);
}

/** `@bufbuild/cel`'s error messages in cel-go's words where they name the same failure. */
function celErrorText(message: string): string {
  const unwrapped = message.replace(/^Unsupported input Error: /, '');
  if (unwrapped.startsWith('found no matching overload') || unwrapped.startsWith('unbound function')) return 'no such overload';
  const noKey = /^field not found: (.*)$/.exec(unwrapped);
  return noKey === null ? unwrapped : `no such key: ${noKey[1]}`;
}

/** A JSON value (an object, the request, params…) as CEL reads it: integers as `int`, objects as maps. */
export function jsonToCelValue(value: unknown): CelInput {
  return toCelValue(value, DYN);
}

/** An evaluation failure as a value bound to a variable: reading it fails with the same message. */
export function celFailureValue(message: string): CelInput {
  return new Error(message) as unknown as CelInput;
}

/** The CEL type name of an evaluation's value (`bool`, `int`, `list`…), as upstream's messages name result types. */
export function celValueTypeName(value: unknown): string {
  if (value === null) return 'null_type';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'bigint') return 'int';
  if (typeof value === 'number') return 'double';
  if (typeof value === 'string') return 'string';
  if (value instanceof Uint8Array) return 'bytes';
  if (isCelUint(value)) return 'uint';
  if (isCelList(value)) return 'list';
  if (isCelMap(value)) return 'map';
  if (isCelType(value)) return 'type';
  return 'dyn';
}
