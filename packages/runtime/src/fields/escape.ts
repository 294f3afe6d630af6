/**
 * Escaping of field-selector values (`fields.EscapeValue` / `UnescapeValue`): `\`, `,` and
 * `=` are written `\\`, `\,` and `\=`.
 *
 * @module
 */

/** Thrown for a malformed escaped value; the message is upstream's. */
export class FieldSelectorSyntaxError extends Error {
  /** Creates the error. */
  constructor(message: string) {
    super(message);
    this.name = 'FieldSelectorSyntaxError';
  }
}

/** Escapes a literal value for use in a field selector. */
export function escapeFieldValue(s: string): string {
  return s.replace(/[\\,=]/g, (c) => `\\${c}`);
}

/**
 * Unescapes a field-selector value. An unknown escape throws `invalid field selector:
 * invalid escape sequence: \x`; a bare `,` or `=` throws `… unescaped character in value: 61`
 * (upstream prints the rune's number).
 */
export function unescapeFieldValue(s: string): string {
  if (!/[\\,=]/.test(s)) return s;
  let out = '';
  let inSlash = false;
  for (const c of s) {
    if (inSlash) {
      if (c !== '\\' && c !== ',' && c !== '=') {
        throw new FieldSelectorSyntaxError(`invalid field selector: invalid escape sequence: \\${c}`);
      }
      out += c;
      inSlash = false;
    } else if (c === '\\') {
      inSlash = true;
    } else if (c === ',' || c === '=') {
      throw new FieldSelectorSyntaxError(`invalid field selector: unescaped character in value: ${c.codePointAt(0)}`);
    } else {
      out += c;
    }
  }
  if (inSlash) throw new FieldSelectorSyntaxError('invalid field selector: invalid escape sequence: \\');
  return out;
}
