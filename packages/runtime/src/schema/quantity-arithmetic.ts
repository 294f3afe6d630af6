/**
 * Arithmetic on parsed quantities (apimachinery's `Quantity.Add`, `Sub`, `Cmp`, `Sign`, `MilliValue`): exact, on
 * `digits × 10^exp10` brought to a common exponent. A sum or difference keeps the first operand's format unless
 * that operand is zero, when it takes the second one's (as Go's `Add` does), so `0 + 1Gi` prints `1Gi`.
 * @module
 */
import type { ParsedQuantity, QuantityFormat } from './quantity.js';

/** A zero quantity in `format` (Go's `resource.Quantity{Format: f}`). */
export function zeroQuantity(format: QuantityFormat = 'DecimalSI'): ParsedQuantity {
  return { digits: 0n, exp10: 0, format };
}

/** `a` and `b` as digits at their common (smaller) exponent. */
function aligned(a: ParsedQuantity, b: ParsedQuantity): { x: bigint; y: bigint; exp10: number } {
  const exp10 = Math.min(a.exp10, b.exp10);
  return { x: a.digits * 10n ** BigInt(a.exp10 - exp10), y: b.digits * 10n ** BigInt(b.exp10 - exp10), exp10 };
}

function resultFormat(a: ParsedQuantity, b: ParsedQuantity): QuantityFormat {
  return a.digits === 0n ? b.format : a.format;
}

/** `a + b`. */
export function addQuantities(a: ParsedQuantity, b: ParsedQuantity): ParsedQuantity {
  const { x, y, exp10 } = aligned(a, b);
  return { digits: x + y, exp10, format: resultFormat(a, b) };
}

/** `a - b`. */
export function subtractQuantities(a: ParsedQuantity, b: ParsedQuantity): ParsedQuantity {
  const { x, y, exp10 } = aligned(a, b);
  return { digits: x - y, exp10, format: resultFormat(a, b) };
}

/** -1, 0 or 1 as `a` is less than, equal to or greater than `b` (`Quantity.Cmp`). */
export function compareQuantities(a: ParsedQuantity, b: ParsedQuantity): -1 | 0 | 1 {
  const { x, y } = aligned(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** -1, 0 or 1 with the sign of `q` (`Quantity.Sign`). */
export function quantitySign(q: ParsedQuantity): -1 | 0 | 1 {
  return q.digits < 0n ? -1 : q.digits > 0n ? 1 : 0;
}

/** `q` in thousandths, rounded up (away from zero for negatives, as `MilliValue` does). */
export function quantityMilliValue(q: ParsedQuantity): bigint {
  const shift = q.exp10 + 3;
  if (shift >= 0) return q.digits * 10n ** BigInt(shift);
  const divisor = 10n ** BigInt(-shift);
  const magnitude = q.digits < 0n ? -q.digits : q.digits;
  const rounded = (magnitude + divisor - 1n) / divisor;
  return q.digits < 0n ? -rounded : rounded;
}
