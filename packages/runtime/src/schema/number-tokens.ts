/**
 * Number tokens of a JSON text that JSON.parse cannot hold as Go would read them: with a fraction or an exponent
 * (`1.0` and `1e2` read as the integers 1 and 100, which Go refuses for an integer field) or with more than 15
 * digits (past 2^53 a double rounds: 9007199254740993 reads as …992). Node 20's JSON.parse does not give the
 * source text of a value, so one linear scan finds whether a body has any (normal bodies have none); only then a
 * second scan collects them with the path of JSON field names and array indices leading to each.
 */

/** Index just after the string token starting at `start` (a `"`), in a JSON text already known to be valid. */
function endOfString(text: string, start: number): number {
  let from = start + 1;
  for (;;) {
    const quote = text.indexOf('"', from);
    if (quote < 0) return text.length;
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === 92) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}

function isNumberChar(c: number): boolean {
  return (c >= 48 && c <= 57) || c === 45 || c === 43 || c === 46 || c === 101 || c === 69;
}

/** Index just after the number token starting at `start`. */
function endOfNumber(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length && isNumberChar(text.charCodeAt(i))) i++;
  return i;
}

/** Whether a number token may read differently in JavaScript than in Go: a fraction, an exponent or > 15 digits. */
export function isInexactToken(token: string): boolean {
  let digits = 0;
  for (let i = 0; i < token.length; i++) {
    const c = token.charCodeAt(i);
    if (c === 46 || c === 101 || c === 69) return true;
    if (c !== 45) digits++;
  }
  return digits > 15;
}

/** Whether a valid JSON text holds any number token for which {@link isInexactToken} holds (one linear scan). */
export function hasInexactNumbers(text: string): boolean {
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 34) i = endOfString(text, i);
    else if (c === 45 || (c >= 48 && c <= 57)) {
      const end = endOfNumber(text, i);
      if (isInexactToken(text.slice(i, end))) return true;
      i = end;
    } else i++;
  }
  return false;
}

/** A number token and the path to it (field names and array indices from the root). */
export interface NumberToken {
  readonly path: readonly (string | number)[];
  readonly token: string;
}

interface Frame {
  readonly array: boolean;
  index: number;
  key: string;
}

const pathOf = (stack: readonly Frame[]): (string | number)[] => stack.map((f) => (f.array ? f.index : f.key));

/**
 * The inexact number tokens of a valid JSON text with their paths, in text order (each occurrence of a duplicated
 * field, as Go decodes each). Iterative: nesting is bounded by the parser's depth limit, not the call stack.
 */
export function inexactNumberTokens(text: string): NumberToken[] {
  const found: NumberToken[] = [];
  const stack: Frame[] = [];
  let expectKey = false;
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      const end = endOfString(text, i);
      const top = stack.at(-1);
      if (expectKey && top !== undefined) {
        top.key = JSON.parse(text.slice(i, end)) as string;
        expectKey = false;
      }
      i = end;
      continue;
    }
    if (c === 45 || (c >= 48 && c <= 57)) {
      const end = endOfNumber(text, i);
      const token = text.slice(i, end);
      if (isInexactToken(token)) found.push({ path: pathOf(stack), token });
      i = end;
      continue;
    }
    if (c === 123 || c === 91) {
      stack.push({ array: c === 91, index: 0, key: '' });
      expectKey = c === 123;
    } else if (c === 125 || c === 93) stack.pop();
    else if (c === 44) {
      const top = stack.at(-1);
      if (top?.array === true) top.index++;
      else expectKey = true;
    }
    i++;
  }
  return found;
}
