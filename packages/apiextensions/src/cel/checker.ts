/**
 * The static checks run on a parsed rule (`@bufbuild/cel` 0.6 has no type checker): references
 * to undeclared variables and functions, field selection on the schema's object types
 * (`undefined field 'foo'`), selection on scalars and lists, the result type where it is
 * evident (a literal or a typed field), and whether the rule reads `oldSelf`.
 *
 * @module
 */
import type { CelEnv, parse } from '@bufbuild/cel';
import { constantTypeName } from './constant-type.js';
import type { CelIssue } from './issues.js';
import { celTypeName, type SchemaCelType } from './schema-type.js';

/** What the checker found. */
export interface CheckResult {
  readonly issues: readonly CelIssue[];
  readonly usesOldSelf: boolean;
  /** The result type when evident (`undefined`: dyn or unknown). */
  readonly resultType: SchemaCelType | undefined;
}

type ParsedExpr = ReturnType<typeof parse>;
type Expr = ParsedExpr['expr'];
type ExprKind<C> = Extract<Expr['exprKind'], { case: C }>['value'];
type FuncResolver = CelEnv['funcs'];

/** A variable in scope; the root `oldSelf` binding is one object so that shadowing is seen. */
interface Binding {
  readonly type: SchemaCelType | undefined;
}
type Scope = ReadonlyMap<string, Binding>;

const TYPE_IDENTS = new Set(['bool', 'bytes', 'double', 'duration', 'dyn', 'int', 'list', 'map', 'null_type', 'string', 'timestamp', 'type', 'uint']);
const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The walk over one parsed expression, collecting issues (also used by the admission expression compiler). */
export class Checker {
  readonly issues: CelIssue[] = [];
  usesOldSelf = false;
  readonly #parsed: ParsedExpr;
  readonly #funcs: FuncResolver;
  readonly #rootOldSelf: Binding;
  readonly #source: string;
  constructor(source: string, parsed: ParsedExpr, funcs: FuncResolver, rootOldSelf: Binding) {
    this.#source = source;
    this.#parsed = parsed;
    this.#funcs = funcs;
    this.#rootOldSelf = rootOldSelf;
  }

  offset(e: Expr): number {
    const pos = this.#parsed.sourceInfo?.positions[String(e.id)] ?? 0;
    const macro = this.#parsed.sourceInfo?.macroCalls[String(e.id)];
    const inner = macro?.exprKind.case === 'callExpr' ? macro.exprKind.value.args[0] : undefined;
    return inner === undefined ? pos : (this.#parsed.sourceInfo?.positions[String(inner.id)] ?? pos);
  }

  check(e: Expr | undefined, scope: Scope): SchemaCelType | undefined {
    if (e === undefined) return undefined;
    const k = e.exprKind;
    switch (k.case) {
      case 'constExpr':
        return constType(k.value.constantKind.case);
      case 'identExpr':
        return this.ident(e, k.value.name, scope);
      case 'selectExpr':
        return this.select(e, this.check(k.value.operand, scope), k.value.field, k.value.testOnly);
      case 'callExpr':
        return this.call(e, k.value, scope);
      case 'listExpr':
        for (const el of k.value.elements) this.check(el, scope);
        return undefined;
      case 'structExpr':
        for (const entry of k.value.entries) {
          if (entry.keyKind.case === 'mapKey') this.check(entry.keyKind.value, scope);
          this.check(entry.value, scope);
        }
        return undefined;
      case 'comprehensionExpr':
        return this.comprehension(k.value, scope);
      default:
        return undefined;
    }
  }

  ident(e: Expr, name: string, scope: Scope): SchemaCelType | undefined {
    const binding = scope.get(name);
    if (binding !== undefined) {
      if (binding === this.#rootOldSelf) this.usesOldSelf = true;
      return binding.type;
    }
    if (!TYPE_IDENTS.has(name)) this.issues.push({ offset: this.offset(e), message: `undeclared reference to '${name}' (in container '')` });
    return undefined;
  }

  select(e: Expr, operand: SchemaCelType | undefined, field: string, testOnly: boolean): SchemaCelType | undefined {
    if (operand === undefined) return undefined;
    switch (operand.kind) {
      case 'object': {
        const t = operand.fields.get(field);
        if (t === undefined) this.issues.push({ offset: this.offset(e), message: `undefined field '${field}'` });
        return testOnly ? { kind: 'bool' } : t;
      }
      case 'map':
        return testOnly ? { kind: 'bool' } : operand.value;
      case 'dyn':
        return undefined;
      default:
        this.issues.push({ offset: this.offset(e), message: `type '${celTypeName(operand)}' does not support field selection` });
        return undefined;
    }
  }

  call(e: Expr, call: ExprKind<'callExpr'>, scope: Scope): SchemaCelType | undefined {
    const qualified = qualifiedName(call.target);
    if (qualified !== undefined && !scope.has(qualified.split('.')[0] ?? '') && this.#funcs.find(`${qualified}.${call.function}`) !== undefined) {
      // A namespaced function (`optional.of(x)`, `sets.contains(a, b)`): the target is its name.
      for (const a of call.args) this.check(a, scope);
      return undefined;
    }
    const target = this.check(call.target, scope);
    const args = call.args.map((a) => this.check(a, scope));
    if (IDENT.test(call.function) && this.#funcs.find(call.function) === undefined) {
      // cel-go places a call at its opening parenthesis.
      const paren = this.#source.indexOf('(', this.offset(e));
      this.issues.push({ offset: paren < 0 ? this.offset(e) : paren, message: `undeclared reference to '${call.function}' (in container '')` });
    }
    const operand = args[0];
    if (call.function === '_[_]' && operand !== undefined) {
      if (operand.kind === 'list') return operand.elem;
      if (operand.kind === 'map') return operand.value;
    }
    if (['_==_', '_!=_', '_<_', '_<=_', '_>_', '_>=_', '!_', '@in', '_&&_', '_||_'].includes(call.function)) return { kind: 'bool' };
    const known = RESULT_KINDS.get(call.function);
    if (known !== undefined) return { kind: known };
    return target === undefined ? undefined : methodResult(call.function, target);
  }

  comprehension(c: ExprKind<'comprehensionExpr'>, scope: Scope): SchemaCelType | undefined {
    const range = this.check(c.iterRange, scope);
    this.check(c.accuInit, scope);
    const iterType = range?.kind === 'list' ? range.elem : range?.kind === 'map' ? { kind: 'string' as const } : undefined;
    const loop = new Map(scope).set(c.iterVar, { type: iterType }).set(c.accuVar, { type: undefined });
    if (c.iterVar2 !== '') loop.set(c.iterVar2, { type: undefined });
    this.check(c.loopCondition, loop);
    this.check(c.loopStep, loop);
    return this.check(c.result, new Map(scope).set(c.accuVar, { type: undefined }));
  }
}

/** `a.b.c` of an identifier and field selections, else `undefined`. */
function qualifiedName(e: Expr | undefined): string | undefined {
  if (e === undefined) return undefined;
  const k = e.exprKind;
  if (k.case === 'identExpr') return k.value.name;
  if (k.case !== 'selectExpr' || k.value.testOnly) return undefined;
  const operand = qualifiedName(k.value.operand);
  return operand === undefined ? undefined : `${operand}.${k.value.field}`;
}

const CHECKED_CONSTANTS = new Set(['bool', 'int', 'double', 'string', 'bytes'] as const);

/** The type of a literal, for the kinds the checker follows. */
function constType(kind: string | undefined): SchemaCelType | undefined {
  const name = constantTypeName(kind);
  return name !== undefined && CHECKED_CONSTANTS.has(name as 'bool') ? { kind: name as 'bool' } : undefined;
}

/** Functions (and methods) every overload of which returns one scalar type. */
const RESULT_KINDS: ReadonlyMap<string, 'bool' | 'int' | 'double' | 'string'> = new Map([
  ...[
    'isQuantity', 'isGreaterThan', 'isLessThan', 'isInteger', 'hasValue', 'isSorted', 'isURL', 'isIP', 'isCIDR', 'containsIP',
    'containsCIDR', 'isUnspecified', 'isLoopback', 'isLinkLocalMulticast', 'isLinkLocalUnicast', 'isGlobalUnicast',
  ].map((n) => [n, 'bool'] as const),
  ...['size', 'compareTo', 'asInteger', 'sign', 'family', 'prefixLength', 'indexOf', 'lastIndexOf'].map((n) => [n, 'int'] as const),
  ['asApproximateFloat', 'double'],
  ...['getScheme', 'getHost', 'getHostname', 'getPort', 'getEscapedPath', 'lowerAscii', 'upperAscii', 'charAt', 'join', 'find'].map(
    (n) => [n, 'string'] as const,
  ),
]);

function methodResult(name: string, target: SchemaCelType): SchemaCelType | undefined {
  if (target.kind === 'string' && ['startsWith', 'endsWith', 'contains', 'matches'].includes(name)) return { kind: 'bool' };
  return undefined;
}

/**
 * Checks a parsed expression (and its `source`) where `self` (and `oldSelf`) have type `self`. The declared
 * variables are `self` and `oldSelf` only; comprehension variables are scoped to their macro. With
 * `optionalOldSelf`, `oldSelf` is an optional of that type (not checked further).
 */
export function checkRule(source: string, parsed: ParsedExpr, self: SchemaCelType, funcs: FuncResolver, optionalOldSelf = false): CheckResult {
  const oldSelf: Binding = { type: optionalOldSelf ? undefined : self };
  const checker = new Checker(source, parsed, funcs, oldSelf);
  const scope: Scope = new Map([
    ['self', { type: self }],
    ['oldSelf', oldSelf],
  ]);
  const resultType = checker.check(parsed.expr, scope);
  return { issues: checker.issues, usesOldSelf: checker.usesOldSelf, resultType };
}
