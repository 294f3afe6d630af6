/**
 * Go's text forms of decoded YAML values, for the messages Go writes about them: `%#v` (as in yaml.v2's
 * `invalid map key: map[interface {}]interface {}{"a":1}`) and `strconv.FormatFloat(f, 'g', -1, 32)` (how
 * sigs.k8s.io/yaml turns a float map key into a string).
 */

const namedEscapes: Record<string, string> = { '\x07': '\\a', '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\v': '\\v', '"': '\\"', '\\': '\\\\' };

/**
 * `strconv.Quote`: a double-quoted Go string literal (control characters as `\xHH`; U+0080–U+00A0 and U+00AD, which
 * Go does not print either, as `\u00XX`; other runes as they are).
 */
export function goQuote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const code = ch.codePointAt(0) ?? 0;
    const named = namedEscapes[ch];
    if (named !== undefined) out += named;
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else if ((code >= 0x80 && code <= 0xa0) || code === 0xad) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += ch;
  }
  return `${out}"`;
}

/** Mantissa digits and decimal exponent of a finite, non-zero number printed with `precision` digits (shortest when undefined). */
function decimalParts(v: number, precision?: number): { digits: string; exp: number } {
  const [mantissa = '', exponent = '0'] = Math.abs(v).toExponential(precision === undefined ? undefined : precision - 1).split('e');
  return { digits: mantissa.replace('.', '').replace(/0+$/, '') || '0', exp: Number(exponent) };
}

/** Go's `%g` layout of decimal digits: exponent form below 1e-4 and from 1e6 (`eprec` 6 for shortest output). */
function layoutG(negative: boolean, digits: string, exp: number): string {
  const sign = negative ? '-' : '';
  if (exp < -4 || exp >= 6) {
    const mantissa = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    return `${sign}${mantissa}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  }
  if (exp < 0) return `${sign}0.${'0'.repeat(-exp - 1)}${digits}`;
  if (digits.length <= exp + 1) return `${sign}${digits}${'0'.repeat(exp + 1 - digits.length)}`;
  return `${sign}${digits.slice(0, exp + 1)}.${digits.slice(exp + 1)}`;
}

/** `strconv.FormatFloat(f, 'g', -1, bits)`: the shortest digits that read back to the same float32/float64. */
export function goFormatFloat(v: number, bits: 32 | 64 = 64): string {
  if (Number.isNaN(v)) return 'NaN';
  if (!Number.isFinite(v)) return v > 0 ? '+Inf' : '-Inf';
  if (v === 0) return Object.is(v, -0) ? '-0' : '0';
  if (bits === 64) {
    const { digits, exp } = decimalParts(v);
    return layoutG(v < 0, digits, exp);
  }
  const single = Math.fround(v);
  for (let precision = 1; precision < 9; precision++) {
    if (Math.fround(Number(single.toPrecision(precision))) === single) {
      const { digits, exp } = decimalParts(single, precision);
      return layoutG(single < 0, digits, exp);
    }
  }
  const { digits, exp } = decimalParts(single, 9);
  return layoutG(single < 0, digits, exp);
}

/** Go's `%#v` of an element inside a collection (`interface {}(nil)` for null). */
function goSyntaxElement(value: unknown): string {
  return value === null || value === undefined ? 'interface {}(nil)' : goSyntax(value);
}

/** Go's `%#v` of an element of a JSON-decoded collection (`interface {}(nil)` for null). */
function goSyntaxJSONElement(value: unknown): string {
  return value === null || value === undefined ? 'interface {}(nil)' : goSyntaxJSON(value);
}

/**
 * Go's `%#v` of a value JSON decodes into `interface{}` (integers as int64, other numbers as float64, as
 * Kubernetes' unstructured decoding keeps them): `<nil>`, quoted strings, `[]interface {}{…}` and
 * `map[string]interface {}{"a":1}` (keys sorted, as fmt prints maps).
 */
export function goSyntaxJSON(value: unknown): string {
  if (Array.isArray(value)) return `[]interface {}{${value.map(goSyntaxJSONElement).join(', ')}}`;
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    const entries = Object.keys(record)
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
      .map((k) => `${goQuote(k)}:${goSyntaxJSONElement(record[k])}`);
    return `map[string]interface {}{${entries.join(', ')}}`;
  }
  return goSyntax(value);
}

/**
 * Go's `%#v` of a value yaml.v2 decodes into `interface{}`: `<nil>`, quoted strings, numbers, bools,
 * `[]interface {}{…}` and `map[interface {}]interface {}{…}` (keys sorted, as fmt prints maps).
 */
export function goSyntax(value: unknown): string {
  if (value === null || value === undefined) return '<nil>';
  if (typeof value === 'string') return goQuote(value);
  if (typeof value === 'number') return Number.isInteger(value) && Math.abs(value) < 1e21 ? String(value) : goFormatFloat(value);
  if (typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) return `[]interface {}{${value.map(goSyntaxElement).join(', ')}}`;
  if (typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((k) => `${goQuote(k)}:${goSyntaxElement((value as Record<string, unknown>)[k])}`);
    return `map[interface {}]interface {}{${entries.join(', ')}}`;
  }
  return String(value);
}
