/**
 * `resource.Quantity` as its CEL library sees it: besides the exact value, Go keeps a quantity
 * either as an `int64Amount` (an int64 times a power of ten, what `ParseQuantity`'s fast path
 * makes for up to 18 digits) or as an arbitrary-precision decimal, and `isInteger()`/`asInteger()`
 * answer from that representation (`quantity("1000m").isInteger()` is false, a decimal never is an
 * integer). Parsing reuses `@apiserver/runtime`'s `parseQuantity` for the value (nano round-up,
 * binary cap) and adds the fast-path choice; addition follows `int64Amount.Add`'s overflow fallback.
 *
 * @module
 */
import { parseQuantity, quantityError } from '@apiserver/runtime';

/** A quantity's value `value × 10^scale` and whether Go holds it as an `int64Amount`. */
export interface GoQuantity {
  readonly value: bigint;
  readonly scale: number;
  readonly int64: boolean;
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const MAX_INT64_FACTORS = 18;
const NANO = -9;
const DECIMAL_EXPONENTS: Readonly<Record<string, number>> = { '': 0, n: -9, u: -6, m: -3, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const BINARY_EXPONENTS: Readonly<Record<string, number>> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };
const PARTS = /^([+-]?)(\d*)(?:\.(\d*))?(.*)$/;

const fitsInt64 = (v: bigint): boolean => v >= INT64_MIN && v <= INT64_MAX;
const pow10 = (n: number): bigint => 10n ** BigInt(n);

/** The `int64Amount` `ParseQuantity`'s fast path makes of `text`, if it takes that path. */
function fastPath(text: string): GoQuantity | undefined {
  const m = PARTS.exec(text);
  if (m === null) return undefined;
  const [, sign = '', rawNum = '', denom = '', suffix = ''] = m;
  const num = rawNum.replace(/^0+/, '') || '0';
  const negative = sign === '-';
  const binary = BINARY_EXPONENTS[suffix];
  if (binary !== undefined) {
    if (denom !== '') return undefined;
    const precision = 15 - num.length - Math.trunc((binary * 3) / 10) - 1;
    const value = BigInt(num) << BigInt(binary);
    if (precision < 0 || !fitsInt64(value)) return undefined;
    return { value: negative ? -value : value, scale: 0, int64: true };
  }
  const exponent = /^[eE][+-]?\d+$/.test(suffix) ? Number(suffix.slice(1)) : DECIMAL_EXPONENTS[suffix];
  if (exponent === undefined) return undefined;
  const scale = exponent - denom.length;
  if (MAX_INT64_FACTORS - (num.length + denom.length) < 0 || scale < NANO) return undefined;
  const value = BigInt(num + denom);
  return { value: negative ? -value : value, scale, int64: true };
}

/** Parses `text` as `resource.ParseQuantity` does; throws Go's error text when it is no quantity. */
export function parseGoQuantity(text: string): GoQuantity {
  const parsed = text === text.trim() ? parseQuantity(text) : undefined;
  if (parsed === undefined) throw new Error(quantityError(text.trim()) ?? quantityError('') ?? 'invalid quantity');
  if (text === '0') return { value: 0n, scale: 0, int64: true };
  return fastPath(text) ?? { value: parsed.digits, scale: parsed.exp10, int64: false };
}

/** A quantity of a whole number, as `resource.NewQuantity` makes it. */
export function goQuantityOfInt(n: bigint): GoQuantity {
  return { value: n, scale: 0, int64: true };
}

/** Both values at the smaller scale. */
function aligned(a: GoQuantity, b: GoQuantity): [bigint, bigint, number] {
  const scale = Math.min(a.scale, b.scale);
  return [a.value * pow10(a.scale - scale), b.value * pow10(b.scale - scale), scale];
}

/** `Cmp`: -1, 0 or 1. */
export function compareGoQuantity(a: GoQuantity, b: GoQuantity): number {
  const [x, y] = aligned(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** `Add`: exact; an `int64Amount` stays one unless the sum (or the rescaling) overflows int64. */
export function addGoQuantity(a: GoQuantity, b: GoQuantity): GoQuantity {
  if (a.int64 && b.int64) {
    if (b.value === 0n) return a;
    if (a.value === 0n) return b;
    const scale = Math.min(a.scale, b.scale);
    const x = a.value * pow10(a.scale - scale);
    const y = b.value * pow10(b.scale - scale);
    if (fitsInt64(x) && fitsInt64(y) && fitsInt64(x + y)) return { value: x + y, scale, int64: true };
  }
  const [x, y, scale] = aligned(a, b);
  return { value: x + y, scale, int64: false };
}

/** `Sub`. */
export function subGoQuantity(a: GoQuantity, b: GoQuantity): GoQuantity {
  return addGoQuantity(a, { ...b, value: -b.value });
}

/** `AsInt64`: the value when Go holds an `int64Amount` of a whole number that fits an int64. */
export function goQuantityAsInt64(q: GoQuantity): bigint | undefined {
  if (!q.int64 || q.scale < 0) return undefined;
  const v = q.value * pow10(q.scale);
  return fitsInt64(v) ? v : undefined;
}

/** `AsApproximateFloat64`. */
export function goQuantityAsFloat(q: GoQuantity): number {
  const base = Number(q.value);
  return q.scale === 0 ? base : base * Number(`1e${q.scale}`);
}

/** `Sign`. */
export function goQuantitySign(q: GoQuantity): bigint {
  return q.value > 0n ? 1n : q.value < 0n ? -1n : 0n;
}

/** A text equal for equal values whatever their representation (`1k`, `1000`, `1e3`). */
export function goQuantityKey(q: GoQuantity): string {
  if (q.value === 0n) return '0';
  let value = q.value;
  let scale = q.scale;
  while (value % 10n === 0n) {
    value /= 10n;
    scale += 1;
  }
  return `${value}e${scale}`;
}
