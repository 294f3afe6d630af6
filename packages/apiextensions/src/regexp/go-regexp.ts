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
    return this.#re.test(wellFormed(s));
  }

  findString(s: string): string {
    return (this.#re.re2().find(wellFormed(s)) as string | null) ?? '';
  }

  findAllString(s: string, n: number): string[] {
    if (n === 0) return [];
    return (this.#re.re2().findAll(wellFormed(s), n < 0 ? -1 : n) as string[] | null) ?? [];
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

const compiled = new LRUCache<string, GoRegexp | RegexpSyntaxError>(REGEXP_CACHE_SIZE);

/**
 * Compiles `pattern` as Go's `regexp.Compile`: the compiled {@link GoRegexp}, or the
 * {@link RegexpSyntaxError} Go would return, e.g. ``error parsing regexp: missing closing ): `(a` ``.
 * Results are cached (at most {@link REGEXP_CACHE_SIZE} patterns, least recently used dropped).
 */
export function compileGoRegexp(pattern: string): GoRegexp | RegexpSyntaxError {
  let re = compiled.get(pattern);
  if (re === undefined) {
    re = compileUncached(pattern);
    compiled.set(pattern, re);
  }
  return re;
}
