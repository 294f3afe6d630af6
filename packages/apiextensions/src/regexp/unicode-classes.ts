/**
 * Unicode class names that RE2JS accepts and Go 1.23's `regexp/syntax` (Kubernetes 1.32's Go, Unicode 15.0)
 * refuses: binary properties (`\p{Emoji}`), the names Go added in 1.25 (`Assigned`, `ASCII`, `LC`, `Cn`) and
 * the scripts of Unicode 16 and 17.
 *
 * @module
 */

const NOT_IN_GO = new Set([
  // Binary properties: Go knows only general categories and scripts.
  'ASCII_Hex_Digit',
  'Alphabetic',
  'Dash',
  'Emoji',
  'Emoji_Component',
  'Emoji_Modifier',
  'Emoji_Modifier_Base',
  'Emoji_Presentation',
  'Extended_Pictographic',
  'Hex_Digit',
  'Lowercase',
  'Math',
  'Quotation_Mark',
  'Terminal_Punctuation',
  'Uppercase',
  'White_Space',
  // Go 1.25's additions.
  'Ascii',
  'Assigned',
  'Cn',
  'LC',
  'Lc',
  // Scripts new in Unicode 16.0 and 17.0.
  'Garay',
  'Gurung_Khema',
  'Kirat_Rai',
  'Ol_Onal',
  'Sunuwar',
  'Todhri',
  'Tulu_Tigalari',
  'Beria_Erfe',
  'Sidetic',
  'Tai_Yo',
  'Tolong_Siki',
]);

/**
 * The first `\p{Name}` or `\P{Name}` (as written, `^` included) of a pattern RE2JS compiled whose name Go 1.23
 * does not know, or `undefined`. The pattern is well-formed, so every `\` starts an escape.
 */
export function classUnknownToGo(pattern: string): string | undefined {
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i] !== '\\') continue;
    const next = pattern[i + 1];
    if (next === 'Q') {
      const end = pattern.indexOf('\\E', i + 2);
      if (end < 0) return undefined;
      i = end + 1;
    } else if ((next === 'p' || next === 'P') && pattern[i + 2] === '{') {
      const close = pattern.indexOf('}', i);
      const seq = pattern.slice(i, close + 1);
      const name = seq.slice(3, -1);
      if (NOT_IN_GO.has(name.startsWith('^') ? name.slice(1) : name)) return seq;
      i = close;
    } else {
      i++;
    }
  }
  return undefined;
}
