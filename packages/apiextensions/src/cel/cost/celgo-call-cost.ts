/**
 * cel-go's own call estimates (`coster.functionCost` in checker/cost.go), chosen by overload: size
 * dependent for string and bytes work (`startsWith`, `contains`, `matches`, concatenation,
 * ordering and equality), list membership, and the short-circuit and conditional operators; 1 for
 * everything else. The overload is told from the operand types our inference gives; where they
 * are unknown or `dyn` (cel-go would then weigh several overloads) the estimate is marked unsure.
 *
 * @module
 */
import type { CallContext, CallEstimate, CallNode, EntrySize } from './call-node.js';
import { add, byFactor, fixed, multiply, type Range, REGEX_LENGTH, STRING_TRAVERSAL, smaller, union } from './estimate.js';
import { isUnsure } from './expr-type.js';
import { sizeEstimate } from './k8s-call-cost.js';

const ONE = fixed(1);
const ORDERING = new Set(['_<_', '_<=_', '_>_', '_>=_']);
const isText = (n: CallNode | undefined): boolean => n?.type.k === 'string' || n?.type.k === 'bytes';

/** The operand whose type picks the overload: the first one our typing knows. */
function typed(nodes: readonly (CallNode | undefined)[], ctx: CallContext, what: string): CallNode | undefined {
  const known = nodes.find((n) => n !== undefined && !isUnsure(n.type));
  if (known === undefined) ctx.unsure(`${what} of untyped operands`);
  return known;
}

function unionEntry(a: EntrySize | undefined, b: EntrySize | undefined): EntrySize | undefined {
  if (a === undefined || b === undefined) return undefined;
  return { container: a.container, key: union(a.key, b.key), val: union(a.val, b.val) };
}

function equality(args: readonly CallNode[], ctx: CallContext): CallEstimate {
  const lhs = sizeEstimate(args[0] as CallNode, ctx);
  const rhs = sizeEstimate(args[1] as CallNode, ctx);
  const smallestMax = smaller(lhs.max, rhs.max);
  return { cost: byFactor({ min: smallestMax > 0n ? 1n : 0n, max: smallestMax }, STRING_TRAVERSAL) };
}

function concatenation(args: readonly CallNode[], ctx: CallContext): CallEstimate {
  const first = typed(args, ctx, 'concatenation');
  const lhs = args[0] as CallNode;
  const rhs = args[1] as CallNode;
  if (first === undefined || !(isText(first) || first.type.k === 'list')) return { cost: ONE };
  const resultSize = add(sizeEstimate(lhs, ctx), sizeEstimate(rhs, ctx));
  const entry = unionEntry(lhs.entry, rhs.entry);
  if (first.type.k === 'list') return { cost: ONE, resultSize, ...(entry === undefined ? {} : { entry }) };
  return { cost: byFactor(resultSize, STRING_TRAVERSAL), resultSize };
}

function conditional(args: readonly CallNode[], argCosts: readonly Range[], ctx: CallContext): CallEstimate {
  const size = union(sizeEstimate(args[1] as CallNode, ctx), sizeEstimate(args[2] as CallNode, ctx));
  const entry = unionEntry(args[1]?.entry, args[2]?.entry);
  const cost = add(argCosts[0] as Range, union(argCosts[1] as Range, argCosts[2] as Range));
  return { cost, resultSize: size, ...(entry === undefined ? {} : { entry }) };
}

function stringMethod(name: string, target: CallNode, args: readonly CallNode[], ctx: CallContext): CallEstimate | undefined {
  if (isUnsure(target.type)) ctx.unsure(`${name} on an untyped target`);
  if (target.type.k !== 'string') return undefined;
  const arg = args[0] as CallNode;
  switch (name) {
    case 'startsWith':
    case 'endsWith':
      return { cost: byFactor(sizeEstimate(arg, ctx), STRING_TRAVERSAL) };
    case 'contains':
      return { cost: multiply(byFactor(sizeEstimate(target, ctx), STRING_TRAVERSAL), byFactor(sizeEstimate(arg, ctx), STRING_TRAVERSAL)) };
    case 'matches': {
      const strCost = byFactor(add(sizeEstimate(target, ctx), ONE), STRING_TRAVERSAL);
      return { cost: multiply(strCost, byFactor(sizeEstimate(arg, ctx), REGEX_LENGTH)) };
    }
    case 'format':
      return { cost: byFactor(sizeEstimate(target, ctx), STRING_TRAVERSAL) };
    default:
      return undefined;
  }
}

function conversion(name: string, arg: CallNode, ctx: CallContext): CallEstimate | undefined {
  if (isUnsure(arg.type)) ctx.unsure(`${name}() of an untyped argument`);
  const sz = sizeEstimate(arg, ctx);
  if (name === 'bytes' && arg.type.k === 'string') return { cost: byFactor(sz, STRING_TRAVERSAL), resultSize: { min: sz.min, max: sz.max * 4n } };
  if (name === 'string' && arg.type.k === 'bytes') return { cost: byFactor(sz, STRING_TRAVERSAL), resultSize: { min: sz.min / 4n, max: sz.max } };
  if (name === 'strings.quote') return { cost: byFactor(sz, STRING_TRAVERSAL), resultSize: { min: sz.min + 2n, max: sz.max * 2n + 2n } };
  return undefined;
}

/**
 * cel-go's estimate of a call without the argument costs (`CallEstimate` before `argCostSum`), or the
 * whole cost for `&&`, `||` and `?:` (`whole: true`), which weigh their arguments themselves.
 */
export function celGoCallEstimate(
  name: string,
  target: CallNode | undefined,
  args: readonly CallNode[],
  argCosts: readonly Range[],
  ctx: CallContext,
): CallEstimate & { whole?: boolean } {
  if (name === '_&&_' || name === '_||_') {
    const lhs = argCosts[0] as Range;
    return { cost: { min: lhs.min, max: add(lhs, argCosts[1] as Range).max }, whole: true };
  }
  if (name === '_?_:_') return { ...conditional(args, argCosts, ctx), whole: true };
  if (name === '_==_' || name === '_!=_') return equality(args, ctx);
  if (name === '_+_' && args.length === 2) return concatenation(args, ctx);
  if (ORDERING.has(name) && args.length === 2) {
    const first = typed(args, ctx, 'ordering');
    return first !== undefined && isText(first) ? equality(args, ctx) : { cost: ONE };
  }
  if (name === '@in' && args.length === 2) {
    const container = args[1] as CallNode;
    if (isUnsure(container.type)) ctx.unsure("'in' on an untyped container");
    return container.type.k === 'list' ? { cost: byFactor(sizeEstimate(container, ctx), 1) } : { cost: ONE };
  }
  if (target !== undefined && args.length === 1 && ['startsWith', 'endsWith', 'contains', 'matches'].includes(name)) {
    return stringMethod(name, target, args, ctx) ?? { cost: ONE };
  }
  if (target !== undefined && name === 'format') return stringMethod(name, target, args, ctx) ?? { cost: ONE };
  if (target === undefined && args.length === 1 && (name === 'bytes' || name === 'string' || name === 'strings.quote')) {
    return conversion(name, args[0] as CallNode, ctx) ?? { cost: ONE };
  }
  return { cost: ONE };
}

/** cel-go's sets extension estimates (`sets.contains`, `sets.intersects`: 1 + m·n; `sets.equivalent`: 1 + 2·m·n). */
export function setsCallEstimate(name: string, args: readonly CallNode[], ctx: CallContext): CallEstimate | undefined {
  const factor = name === 'sets.equivalent' ? 2 : name === 'sets.contains' || name === 'sets.intersects' ? 1 : 0;
  if (factor === 0 || args.length !== 2) return undefined;
  const product = multiply(sizeEstimate(args[0] as CallNode, ctx), sizeEstimate(args[1] as CallNode, ctx));
  return { cost: add(byFactor(product, factor), ONE) };
}

