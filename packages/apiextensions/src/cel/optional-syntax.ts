/**
 * CEL's optional syntax (cel-go's `OptionalTypes`, which Kubernetes enables) rewritten into calls `@bufbuild/cel`
 * 0.6 can parse, before parsing: `x.?f` becomes `x.__opt_select__("f")` and `x[?i]` becomes `x.__opt_index__(i)`,
 * both members of the same postfix chain as before, so precedence is kept; a list or map literal with optional
 * elements or entries (`[?a, b]`, `{?k: v}`) is wrapped in a call naming their positions. The rewrite works on tokens (string
 * literals and comments are left alone) and keeps a map from each offset of the rewritten text to the original
 * one, so that errors point into what was written. Text without `.?` or `[?` is returned as it is.
 *
 * @module
 */

/** The function `x.?f` becomes (a member of `x`, the field name its argument). */
export const OPTIONAL_SELECT = '__opt_select__';
/** The function `x[?i]` becomes (a member of `x`, the index its argument). */
export const OPTIONAL_INDEX = '__opt_index__';
/** The function a list literal with optional elements becomes: `[?a, b]` is `__opt_list__([a, b], [0])`. */
export const OPTIONAL_LIST = '__opt_list__';
/** The function a map literal with optional entries becomes: `{?k: v}` is `__opt_map__({k: v}, [0])`. */
export const OPTIONAL_MAP = '__opt_map__';

/** The rewritten text and the way back to original offsets. */
export interface OptionalSyntaxRewrite {
  readonly source: string;
  /** The offset in the original text of an offset in the rewritten one. */
  readonly toOriginal: (offset: number) => number;
}

const IDENT_START = /[A-Za-z_]/;
const IDENT_PART = /[A-Za-z0-9_]/;
const SPACE = /\s/;

/** The end (exclusive) of the string literal starting at `i` (after any `r`/`b` prefix), or `i` when there is none. */
function stringEnd(s: string, i: number): number {
  let j = i;
  let raw = false;
  while (j < s.length && /[rRbB]/.test(s.charAt(j)) && j - i < 2) {
    if (/[rR]/.test(s.charAt(j))) raw = true;
    j++;
  }
  const quote = s.charAt(j);
  if (quote !== '"' && quote !== "'") return i;
  const triple = s.startsWith(quote.repeat(3), j);
  const close = triple ? quote.repeat(3) : quote;
  let k = j + close.length;
  while (k < s.length && !s.startsWith(close, k)) {
    if (!triple && s.charAt(k) === '\n') return k;
    k += !raw && s.charAt(k) === '\\' ? 2 : 1;
  }
  return Math.min(s.length, k + close.length);
}

/** The end of the identifier starting at `i`. */
function identEnd(s: string, i: number): number {
  let j = i + 1;
  while (j < s.length && IDENT_PART.test(s.charAt(j))) j++;
  return j;
}

/** The end of the number starting at `i` (`12`, `0x1f`, `1u`, `1.5`, `2e-3`: a `.` needs a digit after it). */
function numberEnd(s: string, i: number): number {
  const m = /^(?:0[xX][0-9a-fA-F]+|[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?)[uU]?/.exec(s.slice(i));
  return i + (m?.[0].length ?? 1);
}

/** Whether an index `[` after a token of this kind opens an index (else a list literal). */
const ENDS_OPERAND = new Set(['ident', 'literal', ')', ']', '}']);

/** An open bracket: what it opened, where its text starts in the output, and the optional entries of a literal. */
interface Bracket {
  readonly kind: 'optional-index' | 'index' | 'list' | 'map' | 'other';
  readonly outStart: number;
  entry: number;
  readonly optional: number[];
}

/** The output being built, with the original offset of each of its characters. */
class Output {
  text = '';
  readonly origin: number[] = [];

  emit(text: string, at: number): void {
    this.text += text;
    for (let n = 0; n < text.length; n++) this.origin.push(at);
  }

  insert(position: number, text: string): void {
    this.text = this.text.slice(0, position) + text + this.text.slice(position);
    this.origin.splice(position, 0, ...Array.from({ length: text.length }, () => this.origin[position] ?? 0));
  }
}

/** Rewrites the optional syntax of `source` (see the module comment). */
export function rewriteOptionalSyntax(source: string): OptionalSyntaxRewrite {
  if (!/[.[{,]\s*\?/.test(source)) return { source, toOriginal: (o) => o };
  const out = new Output();
  const copy = (from: number, to: number) => {
    for (let n = from; n < to; n++) out.emit(source.charAt(n), n);
  };
  const afterSpace = (from: number) => {
    let j = from;
    while (j < source.length && SPACE.test(source.charAt(j))) j++;
    return j;
  };
  const brackets: Bracket[] = [];
  const open = (kind: Bracket['kind']) => brackets.push({ kind, outStart: out.text.length, entry: 0, optional: [] });
  let last = '';
  let i = 0;
  while (i < source.length) {
    const c = source.charAt(i);
    if (c === '/' && source.charAt(i + 1) === '/') {
      const end = source.indexOf('\n', i);
      const stop = end < 0 ? source.length : end;
      copy(i, stop);
      i = stop;
      continue;
    }
    const strEnd = /["'rRbB]/.test(c) ? stringEnd(source, i) : i;
    if (strEnd > i) {
      copy(i, strEnd);
      i = strEnd;
      last = 'literal';
      continue;
    }
    if (IDENT_START.test(c) || /[0-9]/.test(c)) {
      const end = /[0-9]/.test(c) ? numberEnd(source, i) : identEnd(source, i);
      copy(i, end);
      i = end;
      last = /[0-9]/.test(c) ? 'literal' : 'ident';
      continue;
    }
    if (c === '.' && source.charAt(afterSpace(i + 1)) === '?') {
      const nameStart = afterSpace(afterSpace(i + 1) + 1);
      const nameEnd = IDENT_START.test(source.charAt(nameStart)) ? identEnd(source, nameStart) : nameStart;
      if (nameEnd > nameStart) {
        out.emit(`.${OPTIONAL_SELECT}("${source.slice(nameStart, nameEnd)}")`, i);
        i = nameEnd;
        last = ')';
        continue;
      }
    }
    const top = brackets[brackets.length - 1];
    if (c === '?' && (top?.kind === 'list' || top?.kind === 'map') && (last === '[' || last === '{' || last === ',')) {
      // An optional element of a list literal or entry of a map literal: kept if present.
      top.optional.push(top.entry);
      i++;
      continue;
    }
    if (c === '[') {
      const q = afterSpace(i + 1);
      const index = ENDS_OPERAND.has(last);
      const optional = index && source.charAt(q) === '?';
      open(optional ? 'optional-index' : index ? 'index' : 'list');
      if (optional) out.emit(`.${OPTIONAL_INDEX}(`, i);
      else copy(i, i + 1);
      i = optional ? q + 1 : i + 1;
      last = '[';
      continue;
    }
    if (c === '{') open(last === 'ident' ? 'other' : 'map');
    if (c === '(') open('other');
    if (c === ',' && top !== undefined) top.entry++;
    if (c === ']' || c === '}' || c === ')') {
      const closed = brackets.pop();
      if (closed?.kind === 'optional-index') {
        out.emit(')', i);
        i++;
        last = ')';
        continue;
      }
      if (closed !== undefined && closed.optional.length > 0) {
        out.emit(`${c}, [${closed.optional.join(', ')}])`, i);
        out.insert(closed.outStart, closed.kind === 'list' ? `${OPTIONAL_LIST}(` : `${OPTIONAL_MAP}(`);
        i++;
        last = ')';
        continue;
      }
    }
    copy(i, i + 1);
    if (!SPACE.test(c)) last = c;
    i++;
  }
  return { source: out.text, toOriginal: (o) => out.origin[o] ?? source.length };
}
