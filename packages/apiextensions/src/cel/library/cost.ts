/**
 * The runtime cost of one function call, as cel-go's `CostTracker.costCall` and Kubernetes'
 * `library.CostEstimator.CallCost` (`k8s.io/apiserver/pkg/cel/library/cost.go`) charge it: most
 * calls cost 1; string and list work costs by size (`StringTraversalCostFactor` 0.1 per character,
 * `RegexStringLengthCostFactor` 0.25 per regex character; cel-go's sets extension charges 1 plus the
 * product of the list sizes, twice that for `sets.equivalent`; an authorization `check()` 350,000, `fieldSelector`/`labelSelector`
 * by their selector's length, the other authz builders and accessors 1). Sizes are what cel-go's `Sizer` reports
 * (characters of a string, bytes, elements of a list or map; 1 for anything else).
 *
 * @module
 */
import { type CelValue, isCelList, isCelMap } from '@bufbuild/cel';

const STRING_TRAVERSAL = 0.1;
const REGEX_LENGTH = 0.25;

/** The `Sizer` size of a value. */
export function actualSize(v: CelValue | undefined): number {
  if (typeof v === 'string') {
    let n = 0;
    for (const _ of v) n++;
    return n;
  }
  if (v instanceof Uint8Array) return v.length;
  if (isCelList(v) || isCelMap(v)) return v.size;
  return 1;
}

const isText = (v: CelValue | undefined): boolean => typeof v === 'string' || v instanceof Uint8Array;
const traverse = (v: CelValue | undefined, factor = STRING_TRAVERSAL): number => Math.ceil(actualSize(v) * factor);

/** `traversalCost`: a walk over a value, strings by their length. */
function traversalCost(v: CelValue): number {
  if (isText(v)) return Math.floor(actualSize(v) * STRING_TRAVERSAL);
  if (isCelList(v)) {
    let cost = 0;
    for (const e of v) cost += traversalCost(e as CelValue);
    return cost;
  }
  if (isCelMap(v)) {
    let cost = 0;
    for (const [k, e] of v.entries()) cost += traversalCost(k as CelValue) + traversalCost(e as CelValue);
    return cost;
  }
  return 1;
}

const regexCost = (s: CelValue | undefined, re: CelValue | undefined): number =>
  Math.ceil((1 + actualSize(s)) * STRING_TRAVERSAL) * traverse(re, REGEX_LENGTH);

/** Equality and string/bytes ordering walk the shorter operand. */
const shorterOperand = (args: readonly CelValue[]): number => Math.ceil(Math.min(actualSize(args[0]), actualSize(args[1])) * STRING_TRAVERSAL);
const comparisonCost = (args: readonly CelValue[]): number => (isText(args[0]) && isText(args[1]) ? shorterOperand(args) : 1);

/** Calls whose cost depends on their operands (`args` holds the target first for a method). */
const SIZED: Readonly<Record<string, (args: readonly CelValue[], result: CelValue) => number>> = {
  startsWith: (a) => traverse(a[0]),
  endsWith: (a) => traverse(a[0]),
  bytes: (a) => (isText(a[0]) ? traverse(a[0]) : 1),
  string: (a) => (a[0] instanceof Uint8Array ? traverse(a[0]) : 1),
  '@in': (a) => actualSize(a[1]),
  _lt_: comparisonCost,
  '_==_': shorterOperand,
  '_!=_': shorterOperand,
  '_+_': (a) => (isText(a[0]) && isText(a[1]) ? Math.ceil((actualSize(a[0]) + actualSize(a[1])) * STRING_TRAVERSAL) : 1),
  matches: (a) => regexCost(a[0], a[1]),
  contains: (a) => (isText(a[0]) ? traverse(a[0]) * traverse(a[1]) : 1),
  isSorted: (a) => traversalCost(a[0] as CelValue),
  sum: (a) => traversalCost(a[0] as CelValue),
  max: (a) => traversalCost(a[0] as CelValue),
  min: (a) => traversalCost(a[0] as CelValue),
  indexOf: (a) => traversalCost(a[0] as CelValue),
  lastIndexOf: (a) => traversalCost(a[0] as CelValue),
  url: (a) => traverse(a[0]),
  lowerAscii: (a) => traverse(a[0]),
  upperAscii: (a) => traverse(a[0]),
  substring: (a) => traverse(a[0]),
  trim: (a) => traverse(a[0]),
  replace: (a) => traverse(a[0], 2 * STRING_TRAVERSAL),
  split: (a) => traverse(a[0], 2 * STRING_TRAVERSAL),
  join: (_a, result) => traverse(result, 2 * STRING_TRAVERSAL),
  find: (a) => regexCost(a[0], a[1]),
  findAll: (a) => regexCost(a[0], a[1]),
  cidr: (a) => traverse(a[0]),
  isIP: (a) => traverse(a[0]),
  'ip.isCanonical': (a) => traverse(a[0]),
  isCIDR: (a) => traverse(a[0]),
  ip: (a) => (typeof a[0] === 'string' ? traverse(a[0]) : 1),
  quantity: (a) => traverse(a[0]),
  isQuantity: (a) => traverse(a[0]),
  'sets.contains': (a) => 1 + actualSize(a[0]) * actualSize(a[1]),
  'sets.equivalent': (a) => 1 + 2 * actualSize(a[0]) * actualSize(a[1]),
  'sets.intersects': (a) => 1 + actualSize(a[0]) * actualSize(a[1]),
};

const ORDERING = new Set(['_<_', '_<=_', '_>_', '_>=_']);

/** An authorization `check()` (upstream: fixed so that an expression can make only two of them). */
export const AUTHZ_CHECK_COST = 350_000;

/**
 * Parsing a selector of `length` characters (upstream `selectorCostEstimate`): a list (10), a traversal (0.1 per
 * character) and a requirement (a list and a struct, 50) per two characters, each rounded up.
 */
export function selectorParseCost(length: number): number {
  return 10 + Math.ceil(length * 0.1) + Math.ceil(Math.ceil(length * 0.5) * 50);
}

/** The cost of a call of `name` with `args` (target first) that returned `result`. */
export function callCost(name: string, args: readonly CelValue[], result: CelValue): number {
  if (name === 'check') return AUTHZ_CHECK_COST;
  if (name === 'fieldSelector' || name === 'labelSelector') return args.length >= 2 ? selectorParseCost(actualSize(args[1])) : 1;
  const sized = SIZED[ORDERING.has(name) ? '_lt_' : name];
  return sized === undefined ? 1 : sized(args, result);
}
