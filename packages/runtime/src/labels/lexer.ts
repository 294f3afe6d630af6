/**
 * The label-selector lexer (`labels.Lexer`): identifiers, the keywords `in`/`notin` and the
 * operator symbols `= == != ! ( ) , > <`, separated by spaces, tabs and newlines.
 *
 * @module
 */

/** A token kind of the selector grammar. */
export type TokenKind =
  | 'error'
  | 'eos'
  | ')'
  | ','
  | '!'
  | '=='
  | '='
  | '>'
  | 'identifier'
  | 'in'
  | '<'
  | '!='
  | 'notin'
  | '(';

/** A scanned token and its literal text. */
export interface ScannedItem {
  /** The token kind. */
  readonly tok: TokenKind;
  /** The literal text (for `error`, the error message). */
  readonly literal: string;
}

const KEYWORDS: Readonly<Record<string, TokenKind>> = {
  ')': ')',
  ',': ',',
  '!': '!',
  '==': '==',
  '=': '=',
  '>': '>',
  in: 'in',
  '<': '<',
  '!=': '!=',
  notin: 'notin',
  '(': '(',
};

const keyword = (s: string): TokenKind | undefined => (Object.hasOwn(KEYWORDS, s) ? KEYWORDS[s] : undefined);
const isWhitespace = (ch: string): boolean => ch === ' ' || ch === '\t' || ch === '\r' || ch === '\n';
const isSpecialSymbol = (ch: string): boolean => '=!(),><'.includes(ch) && ch.length === 1;

/** Tokenizes a selector string. A NUL character ends the input, as in Go. */
export class Lexer {
  readonly #s: string;
  #pos = 0;

  /** Creates a lexer over `s`. */
  constructor(s: string) {
    this.#s = s;
  }

  #read(): string {
    if (this.#pos < this.#s.length) return this.#s[this.#pos++]!;
    return '\0';
  }

  #unread(): void {
    this.#pos--;
  }

  #scanIdOrKeyword(): ScannedItem {
    // One slice of the input, not a string grown a character at a time: selectors may be as long as a request
    // line (1 MiB of header), and per-character concatenation made long identifiers cost mostly garbage collection.
    const start = this.#pos;
    let end = start;
    for (; end < this.#s.length; end++) {
      const ch = this.#s[end]!;
      if (ch === '\0' || isSpecialSymbol(ch) || isWhitespace(ch)) break;
    }
    // A NUL ends the identifier and is consumed, as Go's read of it is.
    this.#pos = end < this.#s.length && this.#s[end] === '\0' ? end + 1 : end;
    const buffer = this.#s.slice(start, end);
    return { tok: keyword(buffer) ?? 'identifier', literal: buffer };
  }

  #scanSpecialSymbol(): ScannedItem {
    let last: ScannedItem | undefined;
    let buffer = '';
    for (;;) {
      const ch = this.#read();
      if (ch === '\0') break;
      if (!isSpecialSymbol(ch)) {
        this.#unread();
        break;
      }
      buffer += ch;
      const tok = keyword(buffer);
      if (tok !== undefined) last = { tok, literal: buffer };
      else if (last !== undefined) {
        this.#unread();
        break;
      }
    }
    return last ?? { tok: 'error', literal: `error expected: keyword found '${buffer}'` };
  }

  /** Returns the next token (`eos` at the end). */
  lex(): ScannedItem {
    let ch = this.#read();
    while (isWhitespace(ch)) ch = this.#read();
    if (ch === '\0') return { tok: 'eos', literal: '' };
    this.#unread();
    return isSpecialSymbol(ch) ? this.#scanSpecialSymbol() : this.#scanIdOrKeyword();
  }
}
