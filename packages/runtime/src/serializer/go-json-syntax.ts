/**
 * The first syntax error of a JSON text as Go's encoding/json reports it (its scanner's `checkValid`): `invalid
 * character 'x' looking for beginning of value`, `unexpected end of JSON input`… Decoders here parse with
 * `JSON.parse`, whose messages are V8's; the server answers with Go's, found by this scan of the rejected text. Like
 * Go's scanner it reads UTF-8 bytes, so a character outside ASCII is named by its first byte.
 * @module
 */
import { goQuote } from './go-syntax.js';

/** What the scanner expects next: the state that reads the next byte. */
type Step = (c: number) => void;

/** Raised inside the scan to stop at the first error, with Go's message. */
class ScanError {
  constructor(readonly message: string) {}
}

const isSpace = (c: number): boolean => c === 0x20 || c === 0x09 || c === 0x0d || c === 0x0a;
const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;
const isHex = (c: number): boolean => isDigit(c) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46);

/**
 * Go's `quoteChar`: a byte in single quotes, as `strconv.Quote(string(rune(c)))` writes it between its double quotes
 * (a byte from 0x80 on is the rune of that number), the quotes themselves special.
 */
export function goQuoteChar(c: number): string {
  if (c === 0x27) return "'\\''";
  if (c === 0x22) return `'"'`;
  return `'${goQuote(String.fromCharCode(c)).slice(1, -1)}'`;
}

/** What is open (Go's parseState, innermost last): what may end a value depends on it. */
const OBJECT_KEY = 0;
const OBJECT_VALUE = 1;
const ARRAY_VALUE = 2;
type Container = typeof OBJECT_KEY | typeof OBJECT_VALUE | typeof ARRAY_VALUE;

/** One scan of a text (Go's `scanner`): `step` reads the next byte; `eof` closes it. */
class Scanner {
  step: Step = (c) => this.beginValue(c);
  readonly #open: Container[] = [];
  #endTop = false;

  #fail(c: number, context: string): never {
    throw new ScanError(`invalid character ${goQuoteChar(c)} ${context}`);
  }

  /** Go's `eof`: the text ended; a value still open is `unexpected end of JSON input`. */
  eof(): void {
    if (this.#endTop) return;
    this.step(0x20);
    if (!this.#endTop) throw new ScanError('unexpected end of JSON input');
  }

  beginValue(c: number): void {
    if (isSpace(c)) return;
    switch (c) {
      case 0x7b: // {
        this.#push(c, OBJECT_KEY);
        this.step = (d) => this.beginStringOrEmpty(d);
        return;
      case 0x5b: // [
        this.#push(c, ARRAY_VALUE);
        this.step = (d) => this.beginValueOrEmpty(d);
        return;
      case 0x22: // "
        this.step = (d) => this.inString(d);
        return;
      case 0x2d: // -
        this.step = (d) => this.neg(d);
        return;
      case 0x30: // 0
        this.step = (d) => this.zero(d);
        return;
      case 0x74: // t
        this.#literal('true', 1);
        return;
      case 0x66: // f
        this.#literal('false', 1);
        return;
      case 0x6e: // n
        this.#literal('null', 1);
        return;
    }
    if (c >= 0x31 && c <= 0x39) {
      this.step = (d) => this.integer(d);
      return;
    }
    this.#fail(c, 'looking for beginning of value');
  }

  #push(c: number, container: Container): void {
    this.#open.push(container);
    // Go's maxNestingDepth; request bodies are held to a lower limit before they are parsed (nesting-depth.ts).
    if (this.#open.length > 10_000) this.#fail(c, 'exceeded max depth');
  }

  beginStringOrEmpty(c: number): void {
    if (isSpace(c)) return;
    if (c === 0x7d) {
      this.#open[this.#open.length - 1] = OBJECT_VALUE;
      this.endValue(c);
      return;
    }
    this.beginString(c);
  }

  beginString(c: number): void {
    if (isSpace(c)) return;
    if (c !== 0x22) this.#fail(c, 'looking for beginning of object key string');
    this.step = (d) => this.inString(d);
  }

  beginValueOrEmpty(c: number): void {
    if (isSpace(c)) return;
    if (c === 0x5d) {
      this.endValue(c);
      return;
    }
    this.beginValue(c);
  }

  endValue(c: number): void {
    const top = this.#open.length === 0 ? undefined : this.#open[this.#open.length - 1];
    if (top === undefined) {
      this.#endTop = true;
      this.step = (d) => this.endTop(d);
      this.endTop(c);
      return;
    }
    if (isSpace(c)) {
      this.step = (d) => this.endValue(d);
      return;
    }
    if (top === OBJECT_KEY) {
      if (c !== 0x3a) this.#fail(c, 'after object key');
      this.#open[this.#open.length - 1] = OBJECT_VALUE;
      this.step = (d) => this.beginValue(d);
    } else if (top === OBJECT_VALUE) {
      if (c === 0x2c) {
        this.#open[this.#open.length - 1] = OBJECT_KEY;
        this.step = (d) => this.beginString(d);
      } else if (c === 0x7d) this.#close();
      else this.#fail(c, 'after object key:value pair');
    } else if (c === 0x2c) this.step = (d) => this.beginValue(d);
    else if (c === 0x5d) this.#close();
    else this.#fail(c, 'after array element');
  }

  /** A container closed: the value it was ends (Go's popParseState). */
  #close(): void {
    this.#open.pop();
    if (this.#open.length === 0) {
      this.#endTop = true;
      this.step = (d) => this.endTop(d);
    } else this.step = (d) => this.endValue(d);
  }

  endTop(c: number): void {
    if (!isSpace(c)) this.#fail(c, 'after top-level value');
  }

  inString(c: number): void {
    if (c === 0x22) this.step = (d) => this.endValue(d);
    else if (c === 0x5c) this.step = (d) => this.inStringEscape(d);
    else if (c < 0x20) this.#fail(c, 'in string literal');
  }

  inStringEscape(c: number): void {
    if (c === 0x75) {
      this.#hexDigits(4);
      return;
    }
    // b f n r t \ / "
    if (![0x62, 0x66, 0x6e, 0x72, 0x74, 0x5c, 0x2f, 0x22].includes(c)) this.#fail(c, 'in string escape code');
    this.step = (d) => this.inString(d);
  }

  #hexDigits(left: number): void {
    this.step = (d) => {
      if (!isHex(d)) this.#fail(d, 'in \\u hexadecimal character escape');
      if (left === 1) this.step = (e) => this.inString(e);
      else this.#hexDigits(left - 1);
    };
  }

  neg(c: number): void {
    if (c === 0x30) this.step = (d) => this.zero(d);
    else if (c >= 0x31 && c <= 0x39) this.step = (d) => this.integer(d);
    else this.#fail(c, 'in numeric literal');
  }

  integer(c: number): void {
    if (!isDigit(c)) this.zero(c);
  }

  zero(c: number): void {
    if (c === 0x2e) this.step = (d) => this.dot(d);
    else if (c === 0x65 || c === 0x45) this.step = (d) => this.exponent(d);
    else this.endValue(c);
  }

  dot(c: number): void {
    if (!isDigit(c)) this.#fail(c, 'after decimal point in numeric literal');
    this.step = (d) => this.fraction(d);
  }

  fraction(c: number): void {
    if (c === 0x65 || c === 0x45) this.step = (d) => this.exponent(d);
    else if (!isDigit(c)) this.endValue(c);
  }

  exponent(c: number): void {
    if (c === 0x2b || c === 0x2d) this.step = (d) => this.exponentSign(d);
    else this.exponentSign(c);
  }

  exponentSign(c: number): void {
    if (!isDigit(c)) this.#fail(c, 'in exponent of numeric literal');
    this.step = (d) => {
      if (!isDigit(d)) this.endValue(d);
    };
  }

  /** The rest of `word` from its `at`-th letter (`invalid character 'x' in literal true (expecting 'r')`). */
  #literal(word: string, at: number): void {
    this.step = (d) => {
      const want = word.charCodeAt(at);
      if (d !== want) this.#fail(d, `in literal ${word} (expecting ${goQuoteChar(want)})`);
      if (at + 1 === word.length) this.step = (e) => this.endValue(e);
      else this.#literal(word, at + 1);
    };
  }
}

/**
 * Go's message for the first syntax error of `text` (UTF-8 bytes or a string), or undefined when Go's scanner accepts
 * it. Call it on a text `JSON.parse` rejected, to answer as the Go server would.
 */
export function goJSONSyntaxError(text: Uint8Array | string): string | undefined {
  const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  const scanner = new Scanner();
  try {
    for (const c of bytes) scanner.step(c);
    scanner.eof();
  } catch (err) {
    if (err instanceof ScanError) return err.message;
    throw err;
  }
  return undefined;
}
