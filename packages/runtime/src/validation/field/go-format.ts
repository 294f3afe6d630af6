/**
 * Go `fmt` formatting that Kubernetes error messages rely on: `%q` quoting of strings and
 * the rendering of a field error's bad value.
 *
 * @module
 */
import { goFormatFloat } from '../../serializer/go-syntax.js';

const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;

const SHORT_ESCAPES: Readonly<Record<string, string>> = {
  '\x07': '\\a',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\v': '\\v',
  '"': '\\"',
  '\\': '\\\\',
};

function hex(n: number, width: number): string {
  return n.toString(16).padStart(width, '0');
}

function quoteRune(ch: string): string {
  const short = SHORT_ESCAPES[ch];
  if (short !== undefined) return short;
  if (PRINTABLE.test(ch)) return ch;
  const cp = ch.codePointAt(0) ?? 0;
  if (cp < 0x80) return `\\x${hex(cp, 2)}`;
  // A lone surrogate (JSON's "\ud800") is U+FFFD once decoded by Go (and once written as UTF-8), which Go prints.
  if (cp >= 0xd800 && cp <= 0xdfff) return '\ufffd';
  if (cp < 0x10000) return `\\u${hex(cp, 4)}`;
  return `\\U${hex(cp, 8)}`;
}

/** Quotes a string as Go's `strconv.Quote` (`%q`) does: `"a\"b"`, `"\x00"`, `"é"`. */
export function goQuote(s: string): string {
  // The common case (printable ASCII without quotes or backslashes) needs no per-character work.
  if (/^[\x20\x21\x23-\x5b\x5d-\x7e]*$/.test(s)) return `"${s}"`;
  let out = '"';
  for (const ch of s) out += quoteRune(ch);
  return `${out}"`;
}

/** Renders a value as Go's `%v` does for the simple types a JS value maps to. */
export function goValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Error) return value.message;
  if (typeof value === 'object' && value !== null) return JSON.stringify(value) ?? String(value);
  return String(value);
}

/**
 * Go's `%v` (also `%+v`) of a value JSON decoded into `interface{}` with integers kept as int64, as
 * `kjson.UnmarshalStrict` decodes a strategic merge patch: `map[metadata:map[labels:map[a:1]] spec:[x y]]` (map
 * keys sorted, elements separated by spaces, strings unquoted), `<nil>` for null, other numbers as `%g`.
 */
export function goSprintValue(value: unknown): string {
  if (value === null || value === undefined) return '<nil>';
  if (typeof value === 'number') return Number.isInteger(value) && Math.abs(value) < 2 ** 63 ? String(value) : goFormatFloat(value);
  if (Array.isArray(value)) return `[${value.map(goSprintValue).join(' ')}]`;
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return `map[${keys.map((k) => `${k}:${goSprintValue(record[k])}`).join(' ')}]`;
  }
  return String(value);
}

/**
 * Renders a field error's bad value: numbers, booleans and bigints plainly, strings with
 * {@link goQuote}, everything else as JSON (`null`, `["a","b"]`), as `field.Error.ErrorBody`.
 */
export function formatBadValue(value: unknown): string {
  switch (typeof value) {
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(value);
    case 'string':
      return goQuote(value);
    case 'undefined':
      return 'null';
    default:
      return value === null ? 'null' : (JSON.stringify(value) ?? String(value));
  }
}
