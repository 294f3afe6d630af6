/** Characters Go's `strconv.IsPrint` rejects besides the ASCII controls: other controls, formats, separators but space. */
const NON_PRINTABLE = /[\p{C}\p{Z}]/u;

const ESCAPES: Readonly<Record<string, string>> = {
  '\u0007': '\\a',
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

function escapeCodePoint(c: string, code: number): string {
  const named = ESCAPES[c];
  if (named !== undefined) return named;
  if (code < 0x20 || code === 0x7f) return `\\x${hex(code, 2)}`;
  // A lone surrogate is not valid UTF-8: Go would have seen the replacement character.
  if (code >= 0xd800 && code <= 0xdfff) return '\\ufffd';
  if (code === 0x20 || !NON_PRINTABLE.test(c)) return c;
  return code > 0xffff ? `\\U${hex(code, 8)}` : `\\u${hex(code, 4)}`;
}

/**
 * Go's `strconv.Quote`: a double-quoted string with `\a \b \f \n \r \t \v \" \\` escapes, `\xNN` for other ASCII
 * controls and `\uNNNN`/`\UNNNNNNNN` for non-printable code points; printable non-ASCII text stays as it is.
 */
export function goQuote(s: string): string {
  // The common case (printable ASCII without quotes or backslashes) needs no per-character work.
  if (/^[\x20\x21\x23-\x5b\x5d-\x7e]*$/.test(s)) return `"${s}"`;
  let out = '"';
  for (const c of s) out += escapeCodePoint(c, c.codePointAt(0) ?? 0);
  return `${out}"`;
}
