/**
 * Named capture groups rewritten as plain groups: Go's `regexp/syntax` accepts the same name on
 * two groups (`(?P<x>a)|(?P<x>b)`), RE2JS refuses it, and only the groups' names differ.
 *
 * @module
 */

// `(?P<name>` or `(?<name>`, with Go's capture-name alphabet ([A-Za-z0-9_]+); sticky: tried at one index.
const NAMED_GROUP = /\(\?P?<[A-Za-z0-9_]+>/y;

/** The index just past the character class that opens at `start` (a `[`), or the pattern's end. */
function classEnd(pattern: string, start: number): number {
  let i = start + 1;
  if (pattern[i] === '^') i++;
  if (pattern[i] === ']') i++; // a leading `]` is a literal
  while (i < pattern.length && pattern[i] !== ']') {
    if (pattern[i] === '\\') i += 2;
    else if (pattern.startsWith('[:', i) && pattern.indexOf(':]', i + 2) >= 0) i = pattern.indexOf(':]', i + 2) + 2;
    else i++;
  }
  return Math.min(i + 1, pattern.length);
}

/** The index just past the escape at `start` (a `\`): `\Q…\E` quotes everything up to `\E`. */
function escapeEnd(pattern: string, start: number): number {
  if (pattern[start + 1] !== 'Q') return start + 2;
  const end = pattern.indexOf('\\E', start + 2);
  return end < 0 ? pattern.length : end + 2;
}

/**
 * `pattern` with each named group `(?P<name>` or `(?<name>` replaced by `(`, outside escapes,
 * `\Q…\E` quotes and character classes: the same groups, numbered the same, without names.
 */
export function withoutCaptureNames(pattern: string): string {
  let out = '';
  let i = 0;
  while (i < pattern.length) {
    let next = i + 1;
    let text: string | undefined;
    if (pattern[i] === '\\') next = escapeEnd(pattern, i);
    else if (pattern[i] === '[') next = classEnd(pattern, i);
    else if (pattern[i] === '(') {
      NAMED_GROUP.lastIndex = i;
      const named = NAMED_GROUP.exec(pattern);
      if (named !== null) [next, text] = [i + named[0].length, '('];
    }
    out += text ?? pattern.slice(i, next);
    i = next;
  }
  return out;
}
