/**
 * Exact comparison of two resource quantities in their string form (apimachinery's `Quantity.Cmp`, which
 * `Semantic.DeepEqual` uses): `1`, `1000m`, `1e3m` and `0.001k` are the same quantity, `1Ki` is `1024`.
 * @module
 */

const DECIMAL_SUFFIX_EXPONENT: Readonly<Record<string, number>> = { n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const BINARY_SUFFIX_EXPONENT: Readonly<Record<string, number>> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };
const QUANTITY = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+)|(Ki|Mi|Gi|Ti|Pi|Ei|[numkMGTPE]))?$/;
/** Exponent differences past this compare as unequal (no valid quantity is that far from another equal one). */
const MAX_EXPONENT_GAP = 1000;

/** A quantity as `digits × 10^exp10` (binary suffixes folded into the digits), or undefined when unparsable. */
interface ExactQuantity {
  readonly digits: bigint;
  readonly exp10: number;
}

function parseQuantity(text: string): ExactQuantity | undefined {
  const m = QUANTITY.exec(text);
  if (m === null) return undefined;
  const [, sign = '', whole = '', fraction = '', exponent, suffix = ''] = m;
  if (whole === '' && fraction === '') return undefined;
  const exp = exponent === undefined ? 0 : Number(exponent);
  if (!Number.isSafeInteger(exp)) return undefined;
  let digits = BigInt(`${whole}${fraction}` || '0');
  if (sign === '-') digits = -digits;
  const binary = BINARY_SUFFIX_EXPONENT[suffix];
  if (binary !== undefined) return { digits: digits << BigInt(binary), exp10: -fraction.length };
  return { digits, exp10: exp + (DECIMAL_SUFFIX_EXPONENT[suffix] ?? 0) - fraction.length };
}

function quantityText(v: unknown): string | undefined {
  if (typeof v === 'string') return v.trim();
  return typeof v === 'number' && Number.isFinite(v) ? String(v) : undefined;
}

/**
 * True when `a` and `b` are the same quantity. Values that do not parse as quantities are equal only when they
 * are the same string.
 */
export function quantitiesEqual(a: unknown, b: unknown): boolean {
  const ta = quantityText(a);
  const tb = quantityText(b);
  if (ta === undefined || tb === undefined) return a === b;
  if (ta === tb) return true;
  const qa = parseQuantity(ta);
  const qb = parseQuantity(tb);
  if (qa === undefined || qb === undefined) return false;
  if (qa.digits === 0n || qb.digits === 0n) return qa.digits === qb.digits;
  const gap = qa.exp10 - qb.exp10;
  if (Math.abs(gap) > MAX_EXPONENT_GAP) return false;
  return gap >= 0 ? qa.digits * 10n ** BigInt(gap) === qb.digits : qa.digits === qb.digits * 10n ** BigInt(-gap);
}
