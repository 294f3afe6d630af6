/**
 * The static cost estimate of a parsed rule (cel-go's `checker.Cost` with Kubernetes' size
 * estimator, as `cel.Compile` in apiextensions-apiserver runs it): every node costs as cel-go
 * charges it (identifiers and field selections 1, literals 0, list/map/message literals 10/30/40,
 * `has()` 0), calls cost their arguments plus the call's own estimate, and a comprehension costs
 * its range, its initial value and result, plus the range's size times the cost of one loop
 * condition and step. Sizes come from literals, from results cel-go computes (concatenations,
 * `replace`, `split`…) and from the schema by the node's field path (`self.spec.items.@items`).
 *
 * @module
 */
import type { parse } from '@bufbuild/cel';
import { constantTypeName } from '../constant-type.js';
import type { CallContext, CallEstimate, CallNode, EntrySize } from './call-node.js';
import { celGoCallEstimate, setsCallEstimate } from './celgo-call-cost.js';
import type { DeclType } from './decl-type.js';
import { add, fixed, multiply, type Range, sum, UNKNOWN, union, ZERO } from './estimate.js';
import { callResult, type ExprType, fromDecl, isScalar, isTypeName, UNKNOWN_TYPE } from './expr-type.js';
import { kubernetesCallEstimate } from './k8s-call-cost.js';

type Expr = NonNullable<ReturnType<typeof parse>['expr']>;
type Kind<C> = Extract<Expr['exprKind'], { case: C }>['value'];

const SELECT_AND_IDENT = fixed(1);
const LIST_CREATE = fixed(10);
const MAP_CREATE = fixed(30);
const STRUCT_CREATE = fixed(40);
/** `PresenceTestHasCost(false)`: Kubernetes keeps `has()` free. */
const PRESENCE_TEST = ZERO;
const ACCUMULATORS = new Set(['@result', '__result__']);

interface LocalVar {
  readonly path: readonly string[] | undefined;
  readonly size: Range | undefined;
  readonly entry: EntrySize | undefined;
  readonly type: ExprType;
}

/** The outcome of an estimate: the cost range, and why it cannot be claimed as upstream's when it cannot. */
export interface CostEstimateResult {
  readonly min: bigint;
  readonly max: bigint;
  /** Set when the estimate depended on types our inference does not know. */
  readonly unsure?: string;
}

/** The walk over one expression (`coster`). */
class Coster implements CallContext {
  readonly #paths = new Map<string, readonly string[]>();
  readonly #sizes = new Map<string, Range>();
  readonly #entries = new Map<string, EntrySize>();
  readonly #types = new Map<string, ExprType>();
  readonly #locals = new Map<string, LocalVar[]>();
  readonly #root: DeclType;
  readonly #variables: ReadonlyMap<string, ExprType>;
  reason: string | undefined;

  constructor(root: DeclType, variables: ReadonlyMap<string, ExprType>) {
    this.#root = root;
    this.#variables = variables;
  }

  unsure(reason: string): void {
    this.reason ??= reason;
  }

  /** The Kubernetes size estimator (`sizeEstimator.EstimateSize`): the declared bound at a path from a variable. */
  estimateSize(path: readonly string[] | undefined): Range | undefined {
    if (path === undefined || path.length === 0) return undefined;
    let node: DeclType | undefined = this.#root;
    for (const name of path.slice(1)) {
      if (name === '@items' || name === '@values') node = node.elem;
      else if (name === '@keys') node = node.key;
      else node = node.fields?.get(name);
      if (node === undefined) return undefined;
    }
    return { min: 0n, max: BigInt(node.maxElements) };
  }

  cost(e: Expr | undefined): Range {
    if (e === undefined) return ZERO;
    const k = e.exprKind;
    switch (k.case) {
      case 'constExpr':
        this.#types.set(key(e), constType(k.value.constantKind.case));
        return ZERO;
      case 'identExpr':
        return this.ident(e, k.value.name);
      case 'selectExpr':
        return this.select(e, k.value);
      case 'callExpr':
        return this.call(e, k.value);
      case 'listExpr':
        return this.createList(e, k.value);
      case 'structExpr':
        return this.createStruct(e, k.value);
      case 'comprehensionExpr':
        return this.comprehension(e, k.value);
      default:
        return ZERO;
    }
  }

  ident(e: Expr, name: string): Range {
    const local = this.peek(name);
    if (local !== undefined) {
      if (local.path !== undefined) this.#paths.set(key(e), local.path);
      this.#types.set(key(e), local.type);
    } else {
      this.#paths.set(key(e), [name]);
      const declared = this.#variables.get(name);
      this.#types.set(key(e), declared ?? (isTypeName(name) ? { k: 'type' } : UNKNOWN_TYPE));
    }
    return SELECT_AND_IDENT;
  }

  select(e: Expr, sel: Kind<'selectExpr'>): Range {
    if (sel.testOnly) {
      this.#types.set(key(e), { k: 'bool' });
      return add(PRESENCE_TEST, this.cost(sel.operand));
    }
    const operandCost = this.cost(sel.operand);
    const operand = this.typeOf(sel.operand);
    let fieldType: ExprType = UNKNOWN_TYPE;
    let cost = operandCost;
    if (operand.k === 'object') {
      const field = operand.decl.fields?.get(sel.field);
      if (field === undefined) this.unsure(`field '${sel.field}' is not declared`);
      else fieldType = fromDecl(field);
      cost = add(cost, SELECT_AND_IDENT);
    } else if (operand.k === 'map') {
      fieldType = operand.value;
      cost = add(cost, SELECT_AND_IDENT);
    } else if (operand.k === 'dyn') {
      fieldType = { k: 'dyn' };
    } else {
      this.unsure('a field selection on an untyped operand');
    }
    this.#types.set(key(e), fieldType);
    const base = this.pathOf(sel.operand);
    if (base !== undefined) this.#paths.set(key(e), [...base, sel.field]);
    return cost;
  }

  call(e: Expr, call: Kind<'callExpr'>): Range {
    if (call.function === 'dyn' && call.args.length === 1) {
      const arg = call.args[0] as Expr;
      const cost = add(fixed(1), this.cost(arg));
      this.copySizes(e, arg);
      this.#types.set(key(e), { k: 'dyn' });
      return cost;
    }
    const name = namespacedName(call, this.#variables, (n) => this.peek(n) !== undefined) ?? call.function;
    const namespaced = name !== call.function;
    const argCosts = call.args.map((a) => this.cost(a));
    const args = call.args.map((a) => this.node(a));
    const target = namespaced || call.target === undefined ? undefined : call.target;
    const targetCost = target === undefined ? ZERO : this.cost(target);
    const targetNode = target === undefined ? undefined : this.node(target);
    const estimate = this.callEstimate(name, targetNode, args, argCosts);
    let resultSize = estimate.resultSize;
    if (name === '_[_]' && call.args[0] !== undefined) {
      const container = call.args[0];
      resultSize = this.entryOf(container)?.val;
      const base = this.pathOf(container);
      const suffix = this.typeOf(container).k === 'map' ? '@values' : '@items';
      if (base !== undefined) this.#paths.set(key(e), [...base, suffix]);
    }
    this.#types.set(key(e), callResult(name, targetNode?.type, args.map((a) => a.type)));
    if (estimate.entry !== undefined) this.#entries.set(key(e), estimate.entry);
    const size = resultSize ?? this.computeSize(e);
    if (size !== undefined && size !== 'unsure') this.#sizes.set(key(e), size);
    return add(targetCost, estimate.cost);
  }

  callEstimate(name: string, target: CallNode | undefined, args: readonly CallNode[], argCosts: readonly Range[]): CallEstimate {
    const argSum = sum(argCosts);
    const own = setsCallEstimate(name, args, this) ?? kubernetesCallEstimate(name, target, args, this);
    if (own !== undefined) return { ...own, cost: add(own.cost, argSum) };
    const celgo = celGoCallEstimate(name, target, args, argCosts, this);
    return celgo.whole === true ? celgo : { ...celgo, cost: add(celgo.cost, argSum) };
  }

  createList(e: Expr, list: Kind<'listExpr'>): Range {
    let cost = ZERO;
    let itemSize: Range = list.elements.length === 0 ? ZERO : { min: UNKNOWN.max, max: 0n };
    let elem: ExprType = UNKNOWN_TYPE;
    for (const el of list.elements) {
      cost = add(cost, this.cost(el));
      itemSize = union(itemSize, this.sizeOrUnknown(el));
      if (elem.k === 'unknown') elem = this.typeOf(el);
    }
    this.#entries.set(key(e), { container: 'list', key: fixed(1), val: itemSize });
    this.#types.set(key(e), { k: 'list', elem });
    return add(cost, LIST_CREATE);
  }

  createStruct(e: Expr, struct: Kind<'structExpr'>): Range {
    let cost = ZERO;
    const isMap = struct.messageName === '';
    let keySize: Range = struct.entries.length === 0 ? ZERO : { min: UNKNOWN.max, max: 0n };
    let valSize = keySize;
    let keyType: ExprType = UNKNOWN_TYPE;
    let valueType: ExprType = UNKNOWN_TYPE;
    for (const entry of struct.entries) {
      if (entry.keyKind.case === 'mapKey') {
        cost = add(cost, this.cost(entry.keyKind.value));
        keySize = union(keySize, this.sizeOrUnknown(entry.keyKind.value));
        if (keyType.k === 'unknown') keyType = this.typeOf(entry.keyKind.value);
      }
      cost = add(cost, this.cost(entry.value));
      if (entry.value !== undefined) {
        valSize = union(valSize, this.sizeOrUnknown(entry.value));
        if (valueType.k === 'unknown') valueType = this.typeOf(entry.value);
      }
    }
    if (!isMap) {
      this.unsure('a message literal');
      return add(cost, STRUCT_CREATE);
    }
    this.#entries.set(key(e), { container: 'map', key: keySize, val: valSize });
    this.#types.set(key(e), { k: 'map', key: keyType, value: valueType });
    return add(cost, MAP_CREATE);
  }

  comprehension(e: Expr, c: Kind<'comprehensionExpr'>): Range {
    let cost = add(this.cost(c.iterRange), this.cost(c.accuInit));
    const range = c.iterRange as Expr;
    const accuInit = c.accuInit as Expr;
    this.push(c.accuVar, this.localOf(accuInit, this.typeOf(accuInit)));
    if (c.iterVar2 !== '') this.unsure('a two-variable comprehension');
    this.push(c.iterVar, this.iterVar(range));
    const loopCost = this.cost(c.loopCondition);
    const stepCost = this.cost(c.loopStep);
    this.pop(c.iterVar);
    cost = add(cost, this.cost(c.result));
    this.pop(c.accuVar);
    const rangeCount = this.sizeOrUnknown(range);
    cost = add(cost, multiply(rangeCount, add(stepCost, loopCost)));
    const accuKind = accuInit.exprKind.case;
    if (accuKind === 'constExpr') {
      const size = this.computeSize(accuInit);
      if (size !== undefined && size !== 'unsure') this.#sizes.set(key(e), size);
      this.#types.set(key(e), this.typeOf(accuInit));
    } else if (accuKind === 'listExpr' || accuKind === 'structExpr') {
      this.#sizes.set(key(e), rangeCount);
      const stepEntry = c.loopStep === undefined ? undefined : this.entryOf(c.loopStep);
      if (stepEntry !== undefined) this.#entries.set(key(e), stepEntry);
      const step = c.loopStep === undefined ? UNKNOWN_TYPE : this.typeOf(c.loopStep);
      this.#types.set(key(e), step.k === 'list' || step.k === 'map' ? step : this.typeOf(accuInit));
    } else {
      this.#types.set(key(e), this.typeOf(c.result));
    }
    return cost;
  }

  /** `pushIterSingle`: a list's items (sized by its entries) or a map's keys. */
  iterVar(range: Expr): LocalVar {
    const entry = this.entryOf(range);
    const rangeType = this.typeOf(range);
    const container = entry?.container ?? (rangeType.k === 'list' ? 'list' : rangeType.k === 'map' ? 'map' : undefined);
    if (container === undefined) this.unsure('a comprehension over an untyped range');
    const base = this.pathOf(range) ?? [];
    const isList = container === 'list';
    const type = rangeType.k === 'list' ? rangeType.elem : rangeType.k === 'map' ? rangeType.key : UNKNOWN_TYPE;
    return { path: [...base, isList ? '@items' : '@keys'], size: isList ? entry?.val : entry?.key, entry: undefined, type };
  }

  localOf(e: Expr, type: ExprType): LocalVar {
    const size = this.computeSize(e);
    return { path: this.pathOf(e), size: size === 'unsure' ? undefined : size, entry: this.entryOf(e), type };
  }

  node(e: Expr): CallNode {
    const path = this.pathOf(e);
    const k = e.exprKind;
    const constant = k.case === 'constExpr' ? k.value.constantKind.value : undefined;
    const entry = this.entryOf(e);
    return {
      type: this.typeOf(e),
      path: path !== undefined && ACCUMULATORS.has(path[0] ?? '') ? undefined : path,
      size: this.computeSize(e),
      ...(constant === undefined ? {} : { constant }),
      ...(entry === undefined ? {} : { entry }),
    };
  }

  /** `computeSize`: a computed size, a literal's, the schema's by path, 1 for scalars, a local's. */
  computeSize(e: Expr): Range | undefined | 'unsure' {
    const known = this.#sizes.get(key(e)) ?? literalSize(e);
    if (known !== undefined) return known;
    const estimated = this.estimateSize(this.pathOf(e));
    if (estimated !== undefined) {
      this.#sizes.set(key(e), estimated);
      return estimated;
    }
    const type = this.typeOf(e);
    if (isScalar(type)) return fixed(1);
    if (e.exprKind.case === 'identExpr') {
      const local = this.peek(e.exprKind.value.name);
      if (local?.size !== undefined) return local.size;
    }
    return type.k === 'unknown' ? 'unsure' : undefined;
  }

  sizeOrUnknown(e: Expr): Range {
    const size = this.computeSize(e);
    if (size === 'unsure') {
      this.unsure('a size our typing cannot tell');
      return UNKNOWN;
    }
    return size ?? UNKNOWN;
  }

  copySizes(dst: Expr, src: Expr): void {
    const size = this.computeSize(src);
    if (size !== undefined && size !== 'unsure') this.#sizes.set(key(dst), size);
    const entry = this.entryOf(src);
    if (entry !== undefined) this.#entries.set(key(dst), entry);
  }

  entryOf(e: Expr): EntrySize | undefined {
    const entry = this.#entries.get(key(e));
    if (entry !== undefined) return entry;
    return e.exprKind.case === 'identExpr' ? this.peek(e.exprKind.value.name)?.entry : undefined;
  }

  pathOf(e: Expr | undefined): readonly string[] | undefined {
    if (e === undefined) return undefined;
    if (e.exprKind.case === 'identExpr') {
      const local = this.peek(e.exprKind.value.name);
      if (local !== undefined) return local.path;
    }
    return this.#paths.get(key(e));
  }

  typeOf(e: Expr | undefined): ExprType {
    return e === undefined ? UNKNOWN_TYPE : (this.#types.get(key(e)) ?? UNKNOWN_TYPE);
  }

  peek(name: string): LocalVar | undefined {
    const stack = this.#locals.get(name);
    return stack?.[stack.length - 1];
  }

  push(name: string, v: LocalVar): void {
    this.#locals.set(name, [...(this.#locals.get(name) ?? []), v]);
  }

  pop(name: string): void {
    this.#locals.set(name, (this.#locals.get(name) ?? []).slice(0, -1));
  }
}

const key = (e: Expr): string => String(e.id);

/** `computeExprSize`: a literal's size (characters, bytes, 1 for other scalars, elements of a list or map literal). */
function literalSize(e: Expr): Range | undefined {
  const k = e.exprKind;
  if (k.case === 'constExpr') {
    const c = k.value.constantKind;
    if (c.case === 'stringValue') return fixed([...c.value].length);
    if (c.case === 'bytesValue') return fixed(c.value.length);
    return c.case === undefined ? undefined : fixed(1);
  }
  if (k.case === 'listExpr') return fixed(k.value.elements.length);
  if (k.case === 'structExpr' && k.value.messageName === '') return fixed(k.value.entries.length);
  return undefined;
}

function constType(kind: string | undefined): ExprType {
  const name = constantTypeName(kind);
  if (name === undefined) return UNKNOWN_TYPE;
  return { k: name === 'null_type' ? 'null' : name };
}

/** `optional.of(x)`, `sets.contains(a, b)`: a call whose target names a function namespace. */
function namespacedName(call: Kind<'callExpr'>, variables: ReadonlyMap<string, ExprType>, isLocal: (name: string) => boolean): string | undefined {
  const t = call.target?.exprKind;
  if (t?.case !== 'identExpr') return undefined;
  const ns = t.value.name;
  if (variables.has(ns) || isLocal(ns)) return undefined;
  return ['optional', 'sets', 'strings', 'format', 'math', 'ip', 'cidr'].includes(ns) ? `${ns}.${call.function}` : undefined;
}

/**
 * Estimates a parsed expression where the variables have the given types and sizes are read from
 * `root` (the declared type every variable path starts at, as Kubernetes' size estimator walks it).
 */
export function estimateCost(e: Expr | undefined, root: DeclType, variables: ReadonlyMap<string, ExprType>): CostEstimateResult {
  const coster = new Coster(root, variables);
  const cost = coster.cost(e);
  return coster.reason === undefined ? { min: cost.min, max: cost.max } : { min: cost.min, max: cost.max, unsure: coster.reason };
}
