/**
 * Go's `base64.StdEncoding.Decode`, which encoding/json runs on the text of a `[]byte` field: the standard alphabet
 * with `=` padding, line breaks (`\n`, `\r`) skipped anywhere, non-zero trailing bits allowed, and the error
 * `illegal base64 data at input byte N` at the byte where the decoder stops (a bad character, misplaced padding,
 * text after the padding, or the start of an unfinished group of four).
 */

const NEWLINE = 0x0a;
const RETURN = 0x0d;
const PAD = 0x3d;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const IN_ALPHABET = new Uint8Array(256);
for (const c of ALPHABET) IN_ALPHABET[c.charCodeAt(0)] = 1;

/** Text the decoder reads without a step: groups of four alphabet characters, the last padded. */
const PLAIN = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function skipBreaks(src: Uint8Array, at: number): number {
  let i = at;
  while (i < src.length && (src[i] === NEWLINE || src[i] === RETURN)) i++;
  return i;
}

/** One group of four (Go's `decodeQuantum`): where the next group starts, or the byte offset of the error. */
function quantum(src: Uint8Array, start: number): { next: number; error?: number } {
  let si = start;
  for (let j = 0; j < 4; j++) {
    if (si === src.length) return j === 0 ? { next: si } : { next: si, error: si - j };
    const c = src[si] as number;
    si++;
    if (IN_ALPHABET[c] === 1) continue;
    if (c === NEWLINE || c === RETURN) {
      j--;
      continue;
    }
    if (c !== PAD || j < 2) return { next: si, error: si - 1 };
    if (j === 2) {
      si = skipBreaks(src, si);
      if (si === src.length) return { next: si, error: src.length };
      if (src[si] !== PAD) return { next: si, error: si - 1 };
      si++;
    }
    si = skipBreaks(src, si);
    return si < src.length ? { next: si, error: si } : { next: si };
  }
  return { next: si };
}

/** Go's error for base64 text it cannot decode, or undefined when it decodes. */
export function goBase64Error(text: string): string | undefined {
  if (PLAIN.test(text)) return undefined;
  const src = Buffer.from(text, 'utf8');
  for (let si = 0; si < src.length; ) {
    const step = quantum(src, si);
    if (step.error !== undefined) return `illegal base64 data at input byte ${step.error}`;
    si = step.next;
  }
  return undefined;
}

/** The text Go writes back for base64 it decodes (line breaks gone, trailing bits cleared), or undefined. */
export function canonicalBase64(text: string): string | undefined {
  if (goBase64Error(text) !== undefined) return undefined;
  return Buffer.from(text.replace(/[\r\n]/g, ''), 'base64').toString('base64');
}
