/** Go's encoding/json HTML escaping, applied to JSON text JavaScript wrote. */

const GO_ESCAPED = /[<>&\u2028\u2029]/;

/** Escapes `<`, `>`, `&`, U+2028 and U+2029 the way Go's encoding/json does by default. */
export function escapeGoJSON(text: string): string {
  if (!GO_ESCAPED.test(text)) return text;
  return text.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
