/**
 * Go's `regexp` package as Kubernetes runs user-supplied patterns with it (a CRD schema's
 * `pattern`, CEL's `find`/`findAll`): RE2 syntax, leftmost-first matching, time linear in the
 * input, on the RE2JS engine (`re2js`) rather than JavaScript's backtracking `RegExp`. Compiled
 * patterns, and the syntax errors of invalid ones, are kept in a bounded LRU cache.
 *
 * @module
 */
import { RE2JS, RE2JSException, RE2JSSyntaxException } from 're2js';
import { withoutCaptureNames } from './capture-names.js';
import { LRUCache } from './lru-cache.js';
import { classUnknownToGo } from './unicode-classes.js';

/** How many compiled patterns (or their syntax errors) {@link compileGoRegexp} keeps. */
export const REGEXP_CACHE_SIZE = 1000;

/**
 * The most program instructions the cached patterns may hold together (about 75 bytes each in
 * RE2JS, so some 37 MiB): a pattern larger than this alone is compiled at every use.
 */
export const REGEXP_CACHE_INSTRUCTIONS = 500_000;

/** A pattern's lazy DFA is emptied after a match that left it holding more than this many bytes. */
const RETAINED_DFA_BYTES = 64 * 1024;

/** A regular expression compiled as Go's `regexp.Compile` does (Perl syntax, leftmost-first). */
export interface GoRegexp {
  /** The pattern it was compiled from. */
  readonly source: string;
  /** Go's `MatchString`: whether any part of `s` matches (unanchored). */
  matchString(s: string): boolean;
  /** Go's `FindString`: the leftmost match, or `''` when there is none. */
  findString(s: string): string;
  /**
   * Go's `FindAllString(s, n)`: successive non-overlapping matches, at most `n` of them when
   * `n >= 0` (all when negative); an empty match right after a previous match is skipped.
   */
  findAllString(s: string, n: number): string[];
}

/** A pattern Go's `regexp.Compile` refuses; the message is Go's (`error parsing regexp: …`). */
export class RegexpSyntaxError extends Error {
  override readonly name = 'RegexpSyntaxError';
}

// Go's parser reports these two with the whole expression; RE2JS with none.
const WHOLE_PATTERN_CODES = new Set(['expression nests too deeply', 'expression too large']);
const DUPLICATE_NAME = 'duplicate capture group name';
// A UTF-16 surrogate without its partner: Go's JSON decoding has turned it into U+FFFD.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** `s` as the Go string a JSON decoder would have produced: lone surrogates become U+FFFD. */
function wellFormed(s: string): string {
  return s.replace(LONE_SURROGATE, '\uFFFD');
}

/** Go's `(*syntax.Error).Error()` for a syntax error RE2JS reported. */
function goSyntaxMessage(e: RE2JSSyntaxException, pattern: string): string {
  const code = e.getDescription();
  const expr = e.getPattern() || (WHOLE_PATTERN_CODES.has(code) ? pattern : '');
  return `error parsing regexp: ${code}: \`${expr}\``;
}

class RE2Regexp implements GoRegexp {
  readonly #re: RE2JS;

  constructor(
    readonly source: string,
    re: RE2JS,
  ) {
    this.#re = re;
  }

  matchString(s: string): boolean {
    const matched = this.#re.test(wellFormed(s));
    this.#release();
    return matched;
  }

  findString(s: string): string {
    const found = (this.#re.re2().find(wellFormed(s)) as string | null) ?? '';
    this.#release();
    return found;
  }

  findAllString(s: string, n: number): string[] {
    if (n === 0) return [];
    const found = (this.#re.re2().findAll(wellFormed(s), n < 0 ? -1 : n) as string[] | null) ?? [];
    this.#release();
    return found;
  }

  /**
   * Bounds what a cached pattern keeps between matches: RE2JS's lazy DFA may grow to 8 MiB per
   * pattern on hostile input, and its pooled NFA machines are sized by the program.
   */
  #release(): void {
    const re2 = this.#re.re2();
    const dfa = re2.lazyDFA as (typeof re2.lazyDFA | null);
    if (dfa !== null && dfa.maxMem - dfa.memBudget > RETAINED_DFA_BYTES) dfa.clearCache();
    re2.reset();
  }

  /** The size of the compiled program, in instructions. */
  get instructions(): number {
    return this.#re.programSize();
  }
}

function compileRE2(source: string): RE2JS {
  try {
    return RE2JS.compile(source);
  } catch (e) {
    // Go allows one name on several groups; RE2JS does not. Names are never read here.
    if (!(e instanceof RE2JSSyntaxException && e.getDescription() === DUPLICATE_NAME)) throw e;
    return RE2JS.compile(withoutCaptureNames(source));
  }
}

function compileUncached(pattern: string): GoRegexp | RegexpSyntaxError {
  const source = wellFormed(pattern);
  try {
    const re = compileRE2(source);
    const unknown = classUnknownToGo(source);
    if (unknown !== undefined) return new RegexpSyntaxError(`error parsing regexp: invalid character class range: \`${unknown}\``);
    return new RE2Regexp(pattern, re);
  } catch (e) {
    if (e instanceof RE2JSSyntaxException) return new RegexpSyntaxError(goSyntaxMessage(e, source));
    if (e instanceof RE2JSException) return new RegexpSyntaxError(e.message);
    throw e;
  }
}

const compiled = new LRUCache<string, GoRegexp | RegexpSyntaxError>(REGEXP_CACHE_SIZE, REGEXP_CACHE_INSTRUCTIONS);

/**
 * Compiles `pattern` as Go's `regexp.Compile`: the compiled {@link GoRegexp}, or the
 * {@link RegexpSyntaxError} Go would return, e.g. ``error parsing regexp: missing closing ): `(a` ``.
 * Results are cached: at most {@link REGEXP_CACHE_SIZE} patterns of at most
 * {@link REGEXP_CACHE_INSTRUCTIONS} instructions together, least recently used dropped.
 */
export function compileGoRegexp(pattern: string): GoRegexp | RegexpSyntaxError {
  let re = compiled.get(pattern);
  if (re === undefined) {
    re = compileUncached(pattern);
    compiled.set(pattern, re, re instanceof RE2Regexp ? re.instructions : 1);
  }
  return re;
}
