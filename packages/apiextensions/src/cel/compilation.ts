/**
 * Compiling the rules of one schema node (`cel.Compile` in apiextensions-apiserver): each rule
 * and its `messageExpression` is parsed, checked against the node's CEL type (see
 * {@link checkRule}) and planned for evaluation; errors carry upstream's wording
 * (`compilation failed: ERROR: <input>:1:6: undefined field 'foo'…`, `cel expression must
 * evaluate to a bool`, `messageExpression must evaluate to a string`).
 *
 * @module
 */
import { type CelEnv, type CelInput, type CelResult, celEnv, type parse, plan } from '@bufbuild/cel';
import { parseExpression } from './parse-expression.js';
import { withListTypes } from './list-types.js';
import { optionalChains } from './optional-chains.js';
import type { Structural } from '../structural-schema.js';
import { checkRule } from './checker.js';
import { formatIssues } from './issues.js';
import { celLibraries, opaqueTypeRegistry } from './library/index.js';
import { declType, maxCardinality } from './cost/decl-type.js';
import { estimateRuleCost } from './cost/rule-cost.js';
import { meteredFuncs, meterExpr } from './runtime-cost.js';
import { PROGRAM_INSTANTIATION_FAILED, programInstantiationError } from './constant-regex.js';
import { schemaCelType } from './schema-type.js';
import { type CelType, fromSchemaType } from './check/cel-type.js';
import { type ValidationRule, validationRules } from './validation-rule.js';
import { validFieldPath } from './field-path.js';

/** A planned expression: evaluates with `self` (and `oldSelf`) bound. */
export type CelProgram = (bindings: Readonly<Record<string, CelInput>>) => CelResult;

/** The outcome of compiling one rule (`CompilationResult`). */
export interface CompiledRule {
  readonly rule: ValidationRule;
  /** Absent for an empty rule or when compilation failed. */
  readonly program?: CelProgram;
  readonly messageProgram?: CelProgram;
  /** The rule reads `oldSelf` (a transition rule). */
  readonly usesOldSelf: boolean;
  /** `optionalOldSelf: true`: `oldSelf` is an optional and the rule also runs without an old value. */
  readonly optionalOldSelf?: boolean;
  readonly error?: string;
  readonly messageExpressionError?: string;
  /** `fieldPath` as a field path relative to the node (`spec.x` → `x`), when it is valid. */
  readonly normalizedFieldPath?: string;
  /** `MaxCost`: the rule's estimated worst-case cost (absent when it did not compile or could not be estimated). */
  readonly maxCost?: bigint;
  /** `MaxCardinality`: how often the rule can run in one request if nothing above it bounds that (see {@link maxCardinality}). */
  readonly maxCardinality?: bigint;
  /** `MessageExpressionMaxCost`: the `messageExpression`'s estimated worst-case cost. */
  readonly messageExpressionMaxCost?: bigint;
  /**
   * Why the cost of the rule or of its `messageExpression` is not estimated (our typing cannot tell what cel-go's
   * would); the one that is estimated keeps its cost.
   */
  readonly costNotEstimated?: string;
}

let ruleEnvironment: CelEnv | undefined;

/**
 * The environment rules run in: standard CEL plus the libraries, every function metered (see
 * {@link runMetered}; outside a meter they cost nothing). Built on first use (start-up does not pay for it), then
 * the same environment every time.
 */
export function ruleEnv(): CelEnv {
  ruleEnvironment ??= celEnv({ funcs: meteredFuncs([...withListTypes(celEnv().funcs), ...celLibraries]), registry: opaqueTypeRegistry });
  return ruleEnvironment;
}

const isFunction = (name: string): boolean => ruleEnv().funcs.find(name) !== undefined;

/** Plans a parsed expression in {@link ruleEnv} with its cost metered. */
export function planMetered(parsed: ReturnType<typeof parse>): CelProgram {
  return plan(ruleEnv(), parsed.expr === undefined ? parsed : meterExpr(parsed.expr, isFunction)) as CelProgram;
}

type Parsed = ReturnType<typeof parse>;
type Compiled = { program: CelProgram; usesOldSelf: boolean; parsed: Parsed } | { error: string };

function compileExpression(source: string, self: CelType, resultKind: 'bool' | 'string', optionalOldSelf: boolean): Compiled {
  const parsing = parseExpression(source);
  if ('issues' in parsing) return { error: `compilation failed: ${formatIssues(source, parsing.issues)}` };
  const checked = checkRule(parsing.source, parsing.parsed, self, ruleEnv().funcs, optionalOldSelf);
  if (checked.issues.length > 0) return { error: `compilation failed: ${formatIssues(source, parsing.toOriginal(checked.issues))}` };
  const parsed = optionalChains(parsing.parsed, checked.typeOf);
  // Upstream refuses any other result type, `dyn` included; `error` is a result this package could not type.
  const result = checked.resultType.k;
  if (result !== 'error' && result !== resultKind) {
    return { error: resultKind === 'bool' ? 'cel expression must evaluate to a bool' : 'messageExpression must evaluate to a string' };
  }
  const instantiation = programInstantiationError(parsed.expr);
  if (instantiation !== undefined) return { error: instantiation };
  return { program: planMetered(parsed), usesOldSelf: checked.usesOldSelf, parsed };
}

interface Node {
  readonly s: Structural;
  readonly self: CelType;
  readonly isResourceRoot: boolean;
}

/** The estimated costs of a compiled rule and message expression, each where it can be estimated, and why not otherwise. */
function estimates(node: Node, rule: Parsed, message: Parsed | undefined, optionalOldSelf: boolean): Partial<CompiledRule> {
  const ruleCost = estimateRuleCost(rule, node.s, node.isResourceRoot, optionalOldSelf);
  if (ruleCost === undefined) return {};
  const messageCost = message === undefined ? undefined : estimateRuleCost(message, node.s, node.isResourceRoot, optionalOldSelf);
  const unsure = ruleCost.unsure ?? messageCost?.unsure;
  return {
    ...(ruleCost.unsure === undefined
      ? { maxCost: ruleCost.max, maxCardinality: BigInt(maxCardinality(declType(node.s, node.isResourceRoot)?.minSize ?? 0)) }
      : {}),
    ...(messageCost === undefined || messageCost.unsure !== undefined ? {} : { messageExpressionMaxCost: messageCost.max }),
    ...(unsure === undefined ? {} : { costNotEstimated: unsure }),
  };
}

function compileRule(rule: ValidationRule, node: Node): CompiledRule {
  const { s, self } = node;
  const fieldPath = rule.fieldPath === undefined || rule.fieldPath === '' ? undefined : validFieldPath(rule.fieldPath, s);
  const normalized = fieldPath !== undefined && 'path' in fieldPath ? { normalizedFieldPath: fieldPath.path } : {};
  if (rule.rule.trim() === '') return { rule, usesOldSelf: false, ...normalized };
  const optionalOldSelf = rule.optionalOldSelf === true;
  const compiled = compileExpression(rule.rule, self, 'bool', optionalOldSelf);
  if ('error' in compiled) return { rule, usesOldSelf: false, error: compiled.error, ...normalized };
  const base = { rule, program: compiled.program, usesOldSelf: compiled.usesOldSelf, optionalOldSelf, ...normalized };
  if (rule.messageExpression === undefined || rule.messageExpression === '') return { ...base, ...estimates(node, compiled.parsed, undefined, optionalOldSelf) };
  const message = compileExpression(rule.messageExpression, self, 'string', optionalOldSelf);
  if ('error' in message) {
    const detail = message.error.startsWith('compilation failed')
      ? `messageExpression ${message.error}`
      : message.error.replace(PROGRAM_INSTANTIATION_FAILED, 'messageExpression instantiation failed');
    return { ...base, messageExpressionError: detail, ...estimates(node, compiled.parsed, undefined, optionalOldSelf) };
  }
  return { ...base, messageProgram: message.program, ...estimates(node, compiled.parsed, message.parsed, optionalOldSelf) };
}

/**
 * The name of `self`'s type in one compilation (upstream `generateUniqueSelfTypeName`): `selfType` and the
 * nanoseconds of the clock, so that rules cannot come to depend on it; nested types are named by their path
 * from it (`selfType123.spec`).
 */
function selfTypeName(): string {
  return `selfType${process.hrtime.bigint() % 1_000_000_000n}`;
}

/** Compiles the `x-kubernetes-validations` of node `s` (`isResourceRoot`: the CR root or an embedded resource). */
export function compileRules(s: Structural, isResourceRoot: boolean): CompiledRule[] {
  const node: Node = { s, self: fromSchemaType(schemaCelType(s, isResourceRoot), selfTypeName()), isResourceRoot };
  return validationRules(s.extensions.xValidations).map((rule) => compileRule(rule, node));
}
