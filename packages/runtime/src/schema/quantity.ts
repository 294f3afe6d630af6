/**
 * Resource quantities as apimachinery's `resource.Quantity` reads and writes them: `ParseQuantity` (decimal, SI and
 * binary suffixes, exponents; non-zero values rounded up to a whole nano; binary values capped at 2^63-1) and the
 * canonical form `Quantity.String()` writes (`0.5` → `500m`, `1000m` → `1`, `1024Mi` → `1Gi`, `1e3` stays `1e3`).
 * Exact: the value is kept as a big integer times a power of ten.
 * @module
 */

/** How a quantity prints: the format its suffix chose. */
export type QuantityFormat = 'DecimalSI' | 'BinarySI' | 'DecimalExponent';

/** A parsed quantity: `digits × 10^exp10`, with the format its suffix asked for. */
export interface ParsedQuantity {
  /** The value's digits (signed). */
  readonly digits: bigint;
  /** The power of ten they are scaled by. */
  readonly exp10: number;
  /** The format `String()` writes. */
  readonly format: QuantityFormat;
}

const DECIMAL_SUFFIXES: Readonly<Record<string, number>> = { n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const BINARY_SUFFIXES: Readonly<Record<string, number>> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };
const DECIMAL_SUFFIX_OF: ReadonlyMap<number, string> = new Map(Object.entries(DECIMAL_SUFFIXES).map(([s, e]) => [e, s]));
const BINARY_SUFFIX_OF: ReadonlyMap<number, string> = new Map(Object.entries(BINARY_SUFFIXES).map(([s, e]) => [e / 10, s]));
const QUANTITY = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+)|(Ki|Mi|Gi|Ti|Pi|Ei|[numkMGTPE]))?$/;
const MAX_INT64 = 2n ** 63n - 1n;
/** Exponents beyond this are refused (Go's exponent is an int32; nothing real comes near). */
const MAX_EXPONENT = 1_000_000;

/** apimachinery's `ErrFormatWrong` text. */
export const QUANTITY_FORMAT_ERROR = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
const GO_QUANTITY_FORMAT = /^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$/;

/**
 * Why Go's `ParseQuantity` refuses `text` (`ErrFormatWrong`, `ErrNumeric` or `ErrSuffix`), or undefined when it is a
 * quantity.
 */
export function quantityError(text: string): string | undefined {
  if (parseQuantity(text) !== undefined) return undefined;
  const m = GO_QUANTITY_FORMAT.exec(text.trim());
  if (m === null) return QUANTITY_FORMAT_ERROR;
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(m[1] ?? '')) return "unable to parse quantity's numeric part";
  return "unable to parse quantity's suffix";
}

/** Rounds `digits × 10^exp10` away from zero to a whole nano, as `ParseQuantity` does with non-zero values. */
function roundUpToNano(digits: bigint, exp10: number): { digits: bigint; exp10: number } {
  if (exp10 >= -9 || digits === 0n) return { digits, exp10 };
  const divisor = 10n ** BigInt(-9 - exp10);
  const negative = digits < 0n;
  const magnitude = negative ? -digits : digits;
  const rounded = (magnitude + divisor - 1n) / divisor;
  return { digits: negative ? -rounded : rounded, exp10: -9 };
}

/** Parses a quantity's text; undefined when it is not one. */
export function parseQuantity(text: string): ParsedQuantity | undefined {
  const m = QUANTITY.exec(text.trim());
  if (m === null) return undefined;
  const [, sign = '', whole = '', fraction = '', exponent, suffix = ''] = m;
  if (whole === '' && fraction === '') return undefined;
  const exp = exponent === undefined ? 0 : Number(exponent);
  if (!Number.isSafeInteger(exp) || Math.abs(exp) > MAX_EXPONENT) return undefined;
  let digits = BigInt(`${whole}${fraction}` || '0');
  if (sign === '-') digits = -digits;
  const binary = BINARY_SUFFIXES[suffix];
  if (binary !== undefined) {
    const value = roundUpToNano(digits << BigInt(binary), -fraction.length);
    const magnitude = value.digits < 0n ? -value.digits : value.digits;
    const scale = 10n ** BigInt(-value.exp10);
    if (magnitude > MAX_INT64 * scale) return { digits: value.digits < 0n ? -MAX_INT64 : MAX_INT64, exp10: 0, format: 'BinarySI' };
    // A binary quantity below one prints as a decimal one.
    return { ...value, format: magnitude !== 0n && magnitude < scale ? 'DecimalSI' : 'BinarySI' };
  }
  const value = roundUpToNano(digits, exp + (DECIMAL_SUFFIXES[suffix] ?? 0) - fraction.length);
  return { ...value, format: exponent === undefined ? 'DecimalSI' : 'DecimalExponent' };
}

/** `digits × 10^exp10` with the trailing zeros folded into the exponent, the exponent then lowered to a multiple of 3. */
function canonicalDecimal(digits: bigint, exp10: number): { mantissa: bigint; exponent: number } {
  let mantissa = digits;
  let exponent = exp10;
  while (mantissa % 10n === 0n) {
    mantissa /= 10n;
    exponent += 1;
  }
  const rest = ((exponent % 3) + 3) % 3;
  return { mantissa: mantissa * 10n ** BigInt(rest), exponent: exponent - rest };
}

/** The whole value of `digits × 10^exp10`, or undefined when it has a fraction. */
function wholeValue(digits: bigint, exp10: number): bigint | undefined {
  if (exp10 >= 0) return digits * 10n ** BigInt(exp10);
  const divisor = 10n ** BigInt(-exp10);
  return digits % divisor === 0n ? digits / divisor : undefined;
}

/** The text `Quantity.String()` writes for a parsed quantity (`CanonicalizeBytes`). */
export function formatQuantity(q: ParsedQuantity): string {
  if (q.digits === 0n) return '0';
  if (q.format === 'BinarySI') {
    const whole = wholeValue(q.digits, q.exp10);
    if (whole !== undefined && (whole <= -1024n || whole >= 1024n)) {
      let amount = whole;
      let power = 0;
      while (amount % 1024n === 0n && BINARY_SUFFIX_OF.has(power + 1)) {
        amount /= 1024n;
        power += 1;
      }
      return `${amount}${BINARY_SUFFIX_OF.get(power) ?? ''}`;
    }
  }
  const { mantissa, exponent } = canonicalDecimal(q.digits, q.exp10);
  if (q.format === 'DecimalExponent') return exponent === 0 ? `${mantissa}` : `${mantissa}e${exponent}`;
  const suffix = DECIMAL_SUFFIX_OF.get(exponent);
  // Past E (10^18) no SI suffix exists: the exponent is written instead.
  return suffix === undefined ? `${mantissa}e${exponent}` : `${mantissa}${suffix}`;
}

/**
 * The canonical text of a quantity given as a string or a JSON number (as Go's `UnmarshalJSON` accepts both), or
 * undefined when the value is not a quantity.
 */
export function canonicalQuantity(value: unknown): string | undefined {
  const text = typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;
  if (text === undefined) return undefined;
  const parsed = parseQuantity(text);
  return parsed === undefined ? undefined : formatQuantity(parsed);
}
