/**
 * Duplicate-key detection in JSON text, for strict decoding: JSON.parse keeps the last value silently, Go's
 * strict decoder reports `duplicate field "metadata.name"`. Paths use Go's form (`a.b[0].c`).
 */

import { MAX_NESTING_DEPTH as MAX_DEPTH } from './nesting-depth.js';

class DuplicateScanner {
  readonly #text: string;
  #pos = 0;
  readonly found: string[] = [];

  constructor(text: string) {
    this.#text = text;
  }

  #skipSpace(): void {
    while (this.#pos < this.#text.length && ' \t\n\r'.includes(this.#text.charAt(this.#pos))) this.#pos++;
  }

  #string(): string {
    const start = this.#pos;
    this.#pos++;
    while (this.#pos < this.#text.length && this.#text.charAt(this.#pos) !== '"') {
      this.#pos += this.#text.charAt(this.#pos) === '\\' ? 2 : 1;
    }
    this.#pos++;
    return JSON.parse(this.#text.slice(start, this.#pos)) as string;
  }

  #object(path: string, depth: number): void {
    const seen = new Set<string>();
    this.#pos++;
    this.#skipSpace();
    while (this.#pos < this.#text.length && this.#text.charAt(this.#pos) !== '}') {
      const key = this.#string();
      const at = path === '' ? key : `${path}.${key}`;
      if (seen.has(key)) this.found.push(at);
      seen.add(key);
      this.#skipSpace();
      this.#pos++; // ':'
      this.value(at, depth + 1);
      this.#skipSpace();
      if (this.#text.charAt(this.#pos) === ',') this.#pos++;
      this.#skipSpace();
    }
    this.#pos++;
  }

  #array(path: string, depth: number): void {
    this.#pos++;
    this.#skipSpace();
    for (let i = 0; this.#pos < this.#text.length && this.#text.charAt(this.#pos) !== ']'; i++) {
      const before = this.#pos;
      this.value(`${path}[${i}]`, depth + 1);
      if (this.#pos === before) throw new SyntaxError(`invalid JSON at offset ${before}`);
      this.#skipSpace();
      if (this.#text.charAt(this.#pos) === ',') this.#pos++;
      this.#skipSpace();
    }
    this.#pos++;
  }

  /** Scans one value starting at the current position. */
  value(path: string, depth: number): void {
    this.#skipSpace();
    const c = this.#text.charAt(this.#pos);
    if (depth > MAX_DEPTH) throw new RangeError('JSON nesting too deep');
    if (c === '{') this.#object(path, depth);
    else if (c === '[') this.#array(path, depth);
    else if (c === '"') this.#string();
    else while (this.#pos < this.#text.length && !',}] \t\n\r'.includes(this.#text.charAt(this.#pos))) this.#pos++;
  }
}

/** Paths of keys that occur twice in the same object of a JSON text (meant for text JSON.parse accepted). */
export function findDuplicateFields(text: string): string[] {
  const scanner = new DuplicateScanner(text);
  scanner.value('', 0);
  return scanner.found;
}

/** The strict-decoding messages Kubernetes uses for duplicates, e.g. `duplicate field "metadata.name"`. */
export function duplicateFieldMessages(paths: readonly string[]): string[] {
  return paths.map((p) => `duplicate field ${JSON.stringify(p)}`);
}
