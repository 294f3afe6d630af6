/**
 * Exact comparison of two resource quantities in their string form (apimachinery's `Quantity.Cmp`, which
 * `Semantic.DeepEqual` uses): `1`, `1000m`, `1e3m` and `0.001k` are the same quantity, `1Ki` is `1024`.
 * @module
 */
import { parseQuantity } from './quantity.js';

/** Exponent differences past this compare as unequal (no valid quantity is that far from another equal one). */
const MAX_EXPONENT_GAP = 1000;

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
