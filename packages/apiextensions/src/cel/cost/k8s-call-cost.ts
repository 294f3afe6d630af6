/**
 * The Kubernetes libraries' estimates (`library.CostEstimator.EstimateCallCost` in
 * k8s.io/apiserver/pkg/cel/library/cost.go), chosen by function name before cel-go's own: list
 * and string traversals, regex finds, `replace`, `split`, `join`, IP/CIDR and quantity calls,
 * the authorizer's fixed costs and its selectors' parse. `undefined` leaves the call to cel-go's estimate.
 *
 * @module
 */
import type { CallContext, CallEstimate, CallNode } from './call-node.js';
import { add, byFactor, fixed, MAX_UINT64, multiply, type Range, REGEX_LENGTH, STRING_TRAVERSAL, UNKNOWN } from './estimate.js';

const ONE = fixed(1);

/** `sizeEstimate`: the node's computed size, else its declared size by path, else unknown. */
export function sizeEstimate(node: CallNode, ctx: CallContext): Range {
  if (node.size === 'unsure') {
    ctx.unsure('a size our typing cannot tell');
    return UNKNOWN;
  }
  return node.size ?? ctx.estimateSize(node.path) ?? UNKNOWN;
}

/** `listElementNode`: the items of a list (by path when the list has one), or `undefined` for a non-list. */
function listElement(list: CallNode, ctx: CallContext): CallNode | undefined {
  const t = list.type;
  if (t.k === 'unknown' || t.k === 'dyn') ctx.unsure('a list function on an untyped target');
  if (t.k === 'list') return { type: t.elem, path: list.path === undefined ? undefined : [...list.path, '@items'], size: undefined };
  if (t.k === 'map') return { type: t.key, path: list.path === undefined ? undefined : [...list.path, '@items'], size: undefined };
  return undefined;
}

function traversal(target: CallNode, ctx: CallContext): CallEstimate {
  const el = listElement(target, ctx);
  if (el === undefined) return { cost: byFactor(sizeEstimate(target, ctx), STRING_TRAVERSAL) };
  let elCost = ONE;
  if (el.type.k === 'string' || el.type.k === 'bytes') elCost = add(elCost, byFactor(sizeEstimate(el, ctx), STRING_TRAVERSAL));
  return { cost: multiply(sizeEstimate(target, ctx), elCost) };
}

const ceilDiv = (a: bigint, b: bigint): bigint => BigInt(Math.ceil(Number(a) / Number(b)));

/**
 * One bound of `replace`'s result: with an empty search string every position is replaced (`length + 1` times,
 * the string kept); when the replacement does not change the length the string is kept as is; otherwise the
 * string is cut into as many pieces of `pieceSize` as fit, each replaced.
 */
function replacedBound(length: bigint, pieceSize: bigint, keepsLength: boolean): { count: bigint; retained: bigint } {
  if (pieceSize === 0n) return { count: length < MAX_UINT64 ? length + 1n : length, retained: length };
  return keepsLength ? { count: 0n, retained: length } : { count: ceilDiv(length, pieceSize), retained: 0n };
}

function replaceEstimate(target: CallNode, args: readonly CallNode[], ctx: CallContext): CallEstimate {
  const sz = sizeEstimate(target, ctx);
  const toReplace = sizeEstimate(args[0] as CallNode, ctx);
  const replaceWith = sizeEstimate(args[1] as CallNode, ctx);
  const longest = replacedBound(sz.max, toReplace.min, replaceWith.max <= toReplace.min);
  const shortest = replacedBound(sz.min, toReplace.max, toReplace.max <= replaceWith.min);
  const count = { min: shortest.count, max: longest.count };
  const size = add(multiply(count, replaceWith), { min: shortest.retained, max: longest.retained });
  return { cost: byFactor(sz, 2 * STRING_TRAVERSAL), resultSize: size };
}

function joinEstimate(target: CallNode, args: readonly CallNode[], ctx: CallContext): CallEstimate {
  let sz: Range = { min: 0n, max: 0n };
  const listSize = sizeEstimate(target, ctx);
  const el = listElement(target, ctx);
  if (el !== undefined) sz = multiply(listSize, sizeEstimate(el, ctx));
  const sep = args[0];
  if (sep !== undefined) {
    const separators = { min: listSize.min > 0n ? listSize.min - 1n : 0n, max: listSize.max > 0n ? listSize.max - 1n : 0n };
    sz = add(sz, multiply(sizeEstimate(sep, ctx), separators));
  }
  return { cost: byFactor(sz, STRING_TRAVERSAL), resultSize: sz };
}

function splitEstimate(target: CallNode, args: readonly CallNode[], ctx: CallContext): CallEstimate {
  const sz = sizeEstimate(target, ctx);
  let max = sz.max;
  const limit = args[1]?.constant;
  if (typeof limit === 'bigint') max = BigInt.asUintN(64, limit);
  return { cost: byFactor(sz, 2 * STRING_TRAVERSAL), resultSize: { min: 0n, max } };
}

function findEstimate(target: CallNode, args: readonly CallNode[], ctx: CallContext): CallEstimate {
  const sz = sizeEstimate(target, ctx);
  const strCost = byFactor(add(sz, ONE), STRING_TRAVERSAL);
  const regexCost = byFactor(sizeEstimate(args[0] as CallNode, ctx), REGEX_LENGTH);
  return { cost: multiply(strCost, regexCost), resultSize: { min: 0n, max: sz.max } };
}

const IP_BYTES: Range = { min: 4n, max: 16n };

function containsEstimate(name: string, args: readonly CallNode[], ctx: CallContext): CallEstimate {
  let cost = byFactor(add(IP_BYTES, IP_BYTES), STRING_TRAVERSAL);
  if (name === 'containsCIDR') cost = add(add(cost, byFactor(IP_BYTES, STRING_TRAVERSAL)), ONE);
  const other = args[0] as CallNode;
  if (other.type.k === 'unknown' || other.type.k === 'dyn') ctx.unsure(`${name} of an untyped argument`);
  if (other.type.k === 'string') cost = add(cost, byFactor(sizeEstimate(other, ctx), STRING_TRAVERSAL));
  return { cost };
}

const NOMINAL = new Set([
  'serviceAccount', 'path', 'group', 'resource', 'subresource', 'namespace', 'name', 'allowed', 'reason', 'error', 'errored',
  'masked', 'prefixLength', 'family', 'isUnspecified', 'isLoopback', 'isLinkLocalMulticast', 'isLinkLocalUnicast',
  'sign', 'asInteger', 'isInteger', 'asApproximateFloat', 'isGreaterThan', 'isLessThan', 'compareTo', 'add', 'sub',
]);

/** `selectorCostEstimate`: a list, a traversal and a requirement (list and struct) per two characters of the selector. */
function selectorEstimate(length: Range): CallEstimate {
  const requirements = byFactor(length, 0.5);
  return { cost: add(add(fixed(10), byFactor(length, STRING_TRAVERSAL)), byFactor(requirements, 50)) };
}

/** The Kubernetes estimate of a call of `name`, before the argument costs are added; `undefined` for none. */
export function kubernetesCallEstimate(name: string, target: CallNode | undefined, args: readonly CallNode[], ctx: CallContext): CallEstimate | undefined {
  if (name === 'check') return { cost: fixed(350_000) };
  if (NOMINAL.has(name)) return { cost: ONE };
  switch (name) {
    case 'isSorted':
    case 'sum':
    case 'max':
    case 'min':
    case 'indexOf':
    case 'lastIndexOf':
      return target === undefined ? undefined : traversal(target, ctx);
    case 'fieldSelector':
    case 'labelSelector':
      return args.length === 1 ? selectorEstimate(sizeEstimate(args[0] as CallNode, ctx)) : undefined;
    case 'url':
      return args.length === 1 ? { cost: byFactor(sizeEstimate(args[0] as CallNode, ctx), STRING_TRAVERSAL) } : undefined;
    case 'lowerAscii':
    case 'upperAscii':
    case 'substring':
    case 'trim': {
      if (target === undefined) return undefined;
      const sz = sizeEstimate(target, ctx);
      return { cost: byFactor(sz, STRING_TRAVERSAL), resultSize: sz };
    }
    case 'replace':
      return target !== undefined && args.length >= 2 ? replaceEstimate(target, args, ctx) : undefined;
    case 'split':
      return target === undefined ? undefined : splitEstimate(target, args, ctx);
    case 'join':
      return target === undefined ? undefined : joinEstimate(target, args, ctx);
    case 'find':
    case 'findAll':
      return target !== undefined && args.length >= 1 ? findEstimate(target, args, ctx) : undefined;
    case 'cidr':
    case 'isIP':
    case 'ip.isCanonical':
    case 'isCIDR':
    case 'quantity':
    case 'isQuantity':
      return target === undefined ? undefined : { cost: byFactor(sizeEstimate(args[0] as CallNode, ctx), STRING_TRAVERSAL) };
    case 'ip':
      if (target === undefined) return undefined;
      return args.length >= 1 ? { cost: byFactor(sizeEstimate(args[0] as CallNode, ctx), STRING_TRAVERSAL) } : { cost: ONE };
    case 'containsIP':
    case 'containsCIDR':
      return target !== undefined && args.length >= 1 ? containsEstimate(name, args, ctx) : undefined;
    default:
      return undefined;
  }
}
