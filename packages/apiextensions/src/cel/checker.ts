/**
 * The type checker run on a parsed expression (cel-go's `checker.Check`; `@bufbuild/cel` 0.6 has none): every
 * node gets a type, references to undeclared variables and functions are reported, field selections are checked
 * against the schema's object types (`undefined field 'foo'`, `type 'int' does not support field selection`),
 * calls are resolved against the declared overloads (`found no matching overload for '_+_' applied to '(int,
 * string)'`), list and map literals must be homogeneous (Kubernetes' `HomogeneousAggregateLiterals`), and
 * comprehension ranges must be lists or maps. The result type is what the expression evaluates to.
 *
 * Two places are looser than cel-go, so that nothing is refused that a cluster accepts: a function this package
 * declares no signature of (see `check/kubernetes-decls.ts`) gets no overload check and an untyped (`error`)
 * result, and two object types declared from a schema are assignable to each other whatever their names.
 *
 * @module
 */
import type { CelEnv, parse } from '@bufbuild/cel';
import {
  BOOL,
  type CelType,
  DYN,
  ERROR,
  formatCelType,
  INT,
  isExactType,
  listOf,
  mapOf,
  optionalOf,
  param,
} from './check/cel-type.js';
import { type Overload, typeParams } from './check/function-decl.js';
import { CONSTANT_TYPES, type CheckerOptions, KUBERNETES_CHECKER_OPTIONS, TYPE_IDENTS } from './check/environment.js';
import { callOffset } from './check/call-offset.js';
import { OPTIONAL_INDEX, OPTIONAL_LIST, OPTIONAL_MAP, OPTIONAL_SELECT } from './optional-syntax.js';
import { type CheckContext, optionalAccess, optionalLiteral } from './check/optional-rules.js';
import type { Expr, ExprKind } from './expr-walk.js';
import { isAssignable, isAssignableList, mostGeneral, substitute, TypeMapping } from './check/type-mapping.js';
import type { CelIssue } from './issues.js';

/** What the checker found. */
export interface CheckResult {
  readonly issues: readonly CelIssue[];
  readonly usesOldSelf: boolean;
  /** The expression's type (`dyn` when it is dynamic, `error` when the checker could not tell). */
  readonly resultType: CelType;
  /** The final type of each checked node. */
  readonly typeOf: (e: Expr) => CelType | undefined;
}

type ParsedExpr = ReturnType<typeof parse>;
type FuncResolver = CelEnv['funcs'];

/** A variable in scope; the root `oldSelf` binding is one object so that shadowing is seen. */
export interface Binding {
  readonly type: CelType;
}
/** Variables by name. */
export type Scope = ReadonlyMap<string, Binding>;

/** The accumulator a macro's expansion threads through its loop (`@result`, cel-go's older `__result__`). */
const ACCUMULATORS = new Set(['@result', '__result__']);
const MACRO_JOINS = new Set(['_&&_', '_||_', '_?_:_']);

/** The walk over one parsed expression, collecting issues (also used by the admission expression compiler). */
export class Checker {
  readonly issues: CelIssue[] = [];
  usesOldSelf = false;
  readonly #parsed: ParsedExpr;
  readonly #funcs: FuncResolver;
  readonly #rootOldSelf: Binding;
  readonly #source: string;
  readonly #options: CheckerOptions;
  readonly #mapping = new TypeMapping();
  readonly #types = new Map<string, CelType>();
  #freeTypeVars = 0;
  /** What the type rules of the optional syntax use (check/optional-rules.ts). */
  readonly #context: CheckContext = {
    check: (e, scope) => this.check(e, scope),
    record: (e, t) => this.#types.set(String(e.id), t),
    mapping: this.#mapping,
    report: (e, message) => this.#report(this.offset(e), message),
    selectField: (e, target, field) => this.#selectField(e, target, field),
    join: (elements) => this.#join(elements),
    newTypeVar: () => this.#newTypeVar(),
  };

  constructor(source: string, parsed: ParsedExpr, funcs: FuncResolver, rootOldSelf: Binding, options = KUBERNETES_CHECKER_OPTIONS) {
    this.#source = source;
    this.#parsed = parsed;
    this.#funcs = funcs;
    this.#rootOldSelf = rootOldSelf;
    this.#options = options;
  }

  /** The 0-based source offset cel-go reports a node at. */
  offset(e: Expr): number {
    const pos = this.#position(e);
    const macro = this.#parsed.sourceInfo?.macroCalls[String(e.id)];
    const inner = macro?.exprKind.case === 'callExpr' ? macro.exprKind.value.args[0] : undefined;
    return inner === undefined ? pos : this.#position(inner);
  }

  #position(e: Expr): number {
    return this.#parsed.sourceInfo?.positions[String(e.id)] ?? 0;
  }

  #report(offset: number, message: string): void {
    this.issues.push({ offset, message });
  }

  /** The final type of a checked node's type: bound parameters replaced, free ones `dyn`. */
  resultType(t: CelType): CelType {
    return substitute(this.#mapping, t, true);
  }

  check(e: Expr | undefined, scope: Scope): CelType {
    if (e === undefined) return ERROR;
    const t = this.#checkNode(e, scope);
    this.#types.set(String(e.id), t);
    return t;
  }

  /** The final type of a checked node (bound parameters replaced, free ones `dyn`), `undefined` if not checked. */
  typeOf(e: Expr): CelType | undefined {
    const t = this.#types.get(String(e.id));
    return t === undefined ? undefined : substitute(this.#mapping, t, true);
  }

  #checkNode(e: Expr, scope: Scope): CelType {
    const k = e.exprKind;
    switch (k.case) {
      case 'constExpr':
        return CONSTANT_TYPES[k.value.constantKind.case ?? ''] ?? ERROR;
      case 'identExpr':
        return this.ident(e, k.value.name, scope);
      case 'selectExpr':
        return this.select(e, k.value, scope);
      case 'callExpr':
        return this.call(e, k.value, scope);
      case 'listExpr':
        return listOf(this.#join(k.value.elements.map((el) => [el, this.check(el, scope)] as const)));
      case 'structExpr':
        return this.struct(e, k.value, scope);
      case 'comprehensionExpr':
        return this.comprehension(k.value, scope);
      default:
        return ERROR;
    }
  }

  ident(e: Expr, name: string, scope: Scope): CelType {
    const binding = scope.get(name);
    if (binding !== undefined) {
      if (binding === this.#rootOldSelf) this.usesOldSelf = true;
      return binding.type;
    }
    const typeIdent = TYPE_IDENTS.get(name);
    if (typeIdent !== undefined) return typeIdent;
    this.#report(this.offset(e), `undeclared reference to '${name}' (in container '')`);
    return ERROR;
  }

  select(e: Expr, sel: ExprKind<'selectExpr'>, scope: Scope): CelType {
    const operand = substitute(this.#mapping, this.check(sel.operand, scope), false);
    const isOptional = operand.k === 'opaque' && operand.name === 'optional_type';
    const target = isOptional ? (operand.params[0] ?? DYN) : operand;
    const field = this.#selectField(e, target, sel.field);
    if (sel.testOnly) return BOOL;
    return isOptional ? optionalOf(field) : field;
  }

  #selectField(e: Expr, target: CelType, field: string): CelType {
    switch (target.k) {
      case 'object': {
        const t = target.field(field);
        if (t === undefined) this.#report(this.offset(e), `undefined field '${field}'`);
        return t ?? ERROR;
      }
      case 'map':
        return target.value;
      case 'param':
        isAssignable(this.#mapping, DYN, target);
        return DYN;
      case 'dyn':
        return DYN;
      case 'error':
        return ERROR;
      default:
        this.#report(this.offset(e), `type '${formatCelType(target)}' does not support field selection`);
        return DYN;
    }
  }

  call(e: Expr, call: ExprKind<'callExpr'>, scope: Scope): CelType {
    if (call.function === OPTIONAL_SELECT || call.function === OPTIONAL_INDEX) return optionalAccess(this.#context, e, call, scope);
    if (call.function === OPTIONAL_LIST || call.function === OPTIONAL_MAP) return optionalLiteral(this.#context, call, scope);
    const args = call.args.map((a) => this.check(a, scope));
    const qualified = qualifiedName(call.target);
    const namespaced = qualified === undefined || scope.has(qualified.split('.')[0] ?? '') ? undefined : `${qualified}.${call.function}`;
    if (namespaced !== undefined && this.#funcs.find(namespaced) !== undefined) {
      // A namespaced function (`optional.of(x)`, `sets.contains(a, b)`): the target is its name.
      return this.#resolve(e, call, namespaced, undefined, args);
    }
    const target = call.target === undefined ? undefined : this.check(call.target, scope);
    if (IDENT.test(call.function) && this.#funcs.find(call.function) === undefined) {
      this.#report(callOffset(this.#source, e, call, (x) => this.#position(x)), `undeclared reference to '${call.function}' (in container '')`);
      return ERROR;
    }
    const macroJoin = this.#macroJoin(call, args, scope);
    if (macroJoin !== undefined) return macroJoin;
    return this.#resolve(e, call, call.function, target, args);
  }

  /**
   * A `&&`, `||` or `?:` a macro's expansion made around its predicate (`all`, `exists`, `exists_one`, `filter`):
   * as cel-go reports it, the predicate must be a `bool` (`expected type 'bool' but found 'int'` at the predicate).
   */
  #macroJoin(call: ExprKind<'callExpr'>, args: readonly CelType[], scope: Scope): CelType | undefined {
    if (!MACRO_JOINS.has(call.function)) return undefined;
    const isAccumulator = (a: Expr | undefined) => a?.exprKind.case === 'identExpr' && ACCUMULATORS.has(a.exprKind.value.name) && scope.has(a.exprKind.value.name);
    const accumulator = call.args.findIndex(isAccumulator);
    if (accumulator < 0) return undefined;
    const predicate = call.function === '_?_:_' ? 0 : 1 - accumulator;
    const predicateExpr = call.args[predicate];
    if (predicateExpr !== undefined) this.#assertType(predicateExpr, BOOL, args[predicate] ?? ERROR);
    if (call.function !== '_?_:_') return BOOL;
    const [, whenTrue = ERROR, whenFalse = ERROR] = args;
    return isAssignable(this.#mapping, whenTrue, whenFalse) ? mostGeneral(whenTrue, whenFalse) : whenFalse;
  }

  #resolve(e: Expr, call: ExprKind<'callExpr'>, name: string, target: CelType | undefined, args: readonly CelType[]): CelType {
    const overloads = this.#options.decls.get(name);
    if (overloads === undefined) return ERROR;
    const argTypes = (target === undefined ? args : [target, ...args]).map((t) => substitute(this.#mapping, t, false));
    // An argument of a type the checker could not tell leaves the result untold too (cel-go would know it).
    if (argTypes.some((t) => t.k === 'error')) return ERROR;
    let result: CelType | undefined;
    for (const overload of overloads) {
      if (overload.member !== (target !== undefined) || overload.params.length !== argTypes.length) continue;
      const fresh = this.#instantiate(overload);
      if (!isAssignableList(this.#mapping, argTypes, fresh.params)) continue;
      const found = substitute(this.#mapping, fresh.result, false);
      result = result === undefined ? found : result.k === 'dyn' || isExactType(found, result) ? result : DYN;
    }
    if (result !== undefined) return result;
    const shown = argTypes.map((t) => formatCelType(substitute(this.#mapping, t, true)));
    const signature = target === undefined ? `(${shown.join(', ')})` : `${shown[0]}.(${shown.slice(1).join(', ')})`;
    this.#report(callOffset(this.#source, e, call, (x) => this.#position(x)), `found no matching overload for '${name}' applied to '${signature}'`);
    return ERROR;
  }

  /** The overload with its type parameters replaced by fresh type variables. */
  #instantiate(o: Overload): Overload {
    const names = new Set<string>();
    for (const p of o.params) typeParams(p, names);
    typeParams(o.result, names);
    if (names.size === 0) return o;
    const fresh = new TypeMapping();
    for (const n of names) fresh.add(param(n), this.#newTypeVar());
    return { member: o.member, params: o.params.map((p) => substitute(fresh, p, false)), result: substitute(fresh, o.result, false) };
  }

  #newTypeVar(): CelType {
    return param(`_var${this.#freeTypeVars++}`);
  }

  /** The joined type of literal elements (`joinTypes`): the most general one, or a mismatch at the element. */
  #join(elements: ReadonlyArray<readonly [Expr, CelType]>): CelType {
    let joined: CelType | undefined;
    for (const [el, t] of elements) {
      if (joined === undefined) joined = t;
      else if (isAssignable(this.#mapping, joined, t)) joined = mostGeneral(joined, t);
      else if (!this.#options.homogeneousAggregateLiterals) joined = DYN;
      else {
        this.#report(this.offset(el), `expected type '${formatCelType(joined)}' but found '${formatCelType(t)}'`);
        joined = ERROR;
      }
    }
    return joined ?? this.#newTypeVar();
  }

  struct(e: Expr, s: ExprKind<'structExpr'>, scope: Scope): CelType {
    if (s.messageName !== '') {
      // No message types are declared in Kubernetes' environments.
      const brace = this.#source.indexOf('{', this.offset(e));
      const message = TYPE_IDENTS.has(s.messageName) ? `'${s.messageName}' is not a message type` : `undeclared reference to '${s.messageName}' (in container '')`;
      this.#report(brace < 0 ? this.offset(e) : brace, message);
      for (const entry of s.entries) this.check(entry.value, scope);
      return ERROR;
    }
    const keys: Array<readonly [Expr, CelType]> = [];
    const values: Array<readonly [Expr, CelType]> = [];
    for (const entry of s.entries) {
      if (entry.keyKind.case === 'mapKey') keys.push([entry.keyKind.value, this.check(entry.keyKind.value, scope)]);
      if (entry.value !== undefined) values.push([entry.value, this.check(entry.value, scope)]);
    }
    if (keys.length === 0) return mapOf(this.#newTypeVar(), this.#newTypeVar());
    return mapOf(this.#join(keys), this.#join(values));
  }

  comprehension(c: ExprKind<'comprehensionExpr'>, scope: Scope): CelType {
    const range = substitute(this.#mapping, this.check(c.iterRange, scope), false);
    const accu = this.check(c.accuInit, scope);
    const [first, second] = this.#iterationTypes(c, range);
    const loop = new Map(scope).set(c.accuVar, { type: accu }).set(c.iterVar, { type: first });
    if (c.iterVar2 !== '') loop.set(c.iterVar2, { type: second });
    if (c.loopCondition !== undefined) this.#assertType(c.loopCondition, BOOL, this.check(c.loopCondition, loop));
    if (c.loopStep !== undefined) this.#assertType(c.loopStep, accu, this.check(c.loopStep, loop));
    return this.check(c.result, new Map(scope).set(c.accuVar, { type: accu }));
  }

  /** The types of the iteration variables: a list's elements (index and element), a map's keys (key and value). */
  #iterationTypes(c: ExprKind<'comprehensionExpr'>, range: CelType): readonly [CelType, CelType] {
    const twoVars = c.iterVar2 !== '';
    switch (range.k) {
      case 'list':
        return twoVars ? [INT, range.elem] : [range.elem, DYN];
      case 'map':
        return [range.key, range.value];
      case 'param':
        isAssignable(this.#mapping, DYN, range);
        return [DYN, DYN];
      case 'dyn':
        return [DYN, DYN];
      case 'error':
        return [ERROR, ERROR];
      default:
        if (c.iterRange !== undefined) {
          this.#report(this.offset(c.iterRange), `expression of type '${formatCelType(range)}' cannot be range of a comprehension (must be list, map, or dynamic)`);
        }
        return [ERROR, ERROR];
    }
  }

  #assertType(e: Expr, expected: CelType, found: CelType): void {
    if (!isAssignable(this.#mapping, expected, found)) {
      this.#report(this.offset(e), `expected type '${formatCelType(expected)}' but found '${formatCelType(substitute(this.#mapping, found, false))}'`);
    }
  }
}

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** `a.b.c` of an identifier and field selections, else `undefined`. */
function qualifiedName(e: Expr | undefined): string | undefined {
  if (e === undefined) return undefined;
  const k = e.exprKind;
  if (k.case === 'identExpr') return k.value.name;
  if (k.case !== 'selectExpr' || k.value.testOnly) return undefined;
  const operand = qualifiedName(k.value.operand);
  return operand === undefined ? undefined : `${operand}.${k.value.field}`;
}

/**
 * Checks a parsed expression (and its `source`) where `self` (and `oldSelf`) have type `self`. The declared
 * variables are `self` and `oldSelf` only; comprehension variables are scoped to their macro. With
 * `optionalOldSelf`, `oldSelf` is an optional of that type.
 */
export function checkRule(source: string, parsed: ParsedExpr, self: CelType, funcs: FuncResolver, optionalOldSelf = false): CheckResult {
  const oldSelf: Binding = { type: optionalOldSelf ? optionalOf(self) : self };
  const checker = new Checker(source, parsed, funcs, oldSelf);
  const scope: Scope = new Map([
    ['self', { type: self }],
    ['oldSelf', oldSelf],
  ]);
  const resultType = checker.resultType(checker.check(parsed.expr, scope));
  return { issues: checker.issues, usesOldSelf: checker.usesOldSelf, resultType, typeOf: (e) => checker.typeOf(e) };
}
