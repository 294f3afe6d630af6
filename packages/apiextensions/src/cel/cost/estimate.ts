/**
 * Cost and size ranges as cel-go's static estimator keeps them (`checker.CostEstimate`,
 * `checker.SizeEstimate`): unsigned 64-bit bounds whose sums and products saturate at
 * 2^64-1 instead of overflowing, and cost factors applied in double precision and rounded up.
 *
 * @module
 */

/** 2^64-1, cel-go's `math.MaxUint64`: an unknown upper bound. */
export const MAX_UINT64 = 2n ** 64n - 1n;
const TWO_TO_64 = 2 ** 64;

/** A `[min, max]` range of costs or sizes. */
export interface Range {
  readonly min: bigint;
  readonly max: bigint;
}

/** `FixedCostEstimate(n)` / `FixedSizeEstimate(n)`. */
export const fixed = (n: bigint | number): Range => ({ min: BigInt(n), max: BigInt(n) });
/** The zero range. */
export const ZERO: Range = fixed(0);
/** `UnknownSizeEstimate()`: anything from 0 to 2^64-1. */
export const UNKNOWN: Range = { min: 0n, max: MAX_UINT64 };

/** The smaller of two bounds (`Math.min` takes no bigints). */
export function smaller(a: bigint, b: bigint): bigint {
  if (b < a) return b;
  return a;
}
/** The larger of two bounds. */
export function larger(a: bigint, b: bigint): bigint {
  if (b > a) return b;
  return a;
}
/** `x`, or 2^64-1 when it passes it (cel-go's and Kubernetes' overflow guards). */
export const saturated = (x: bigint): bigint => smaller(x, MAX_UINT64);
const addSat = (x: bigint, y: bigint): bigint => saturated(x + y);
const mulSat = (x: bigint, y: bigint): bigint => saturated(x * y);

/** `multiplyByCostFactor`: `x * factor` in double precision, rounded up, saturating. */
function mulFactor(x: bigint, factor: number): bigint {
  const xf = Number(x);
  if (xf > 0 && factor > 0 && xf > Number(MAX_UINT64) / factor) return MAX_UINT64;
  const ceil = Math.ceil(xf * factor);
  return ceil >= TWO_TO_64 ? MAX_UINT64 : BigInt(ceil);
}

/** `Add`. */
export const add = (a: Range, b: Range): Range => ({ min: addSat(a.min, b.min), max: addSat(a.max, b.max) });
/** `Multiply` (and `MultiplyByCost`). */
export const multiply = (a: Range, b: Range): Range => ({ min: mulSat(a.min, b.min), max: mulSat(a.max, b.max) });
/** `MultiplyByCostFactor`. */
export const byFactor = (a: Range, factor: number): Range => ({ min: mulFactor(a.min, factor), max: mulFactor(a.max, factor) });
/** `Union`: the range covering both. */
export const union = (a: Range, b: Range): Range => ({ min: smaller(a.min, b.min), max: larger(a.max, b.max) });
/** The sum of ranges. */
export const sum = (ranges: readonly Range[]): Range => ranges.reduce(add, ZERO);

/** `common.StringTraversalCostFactor`. */
export const STRING_TRAVERSAL = 0.1;
/** `common.RegexStringLengthCostFactor`. */
export const REGEX_LENGTH = 0.25;
