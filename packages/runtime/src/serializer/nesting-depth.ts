/**
 * The nesting limit of decoded request data. Go's encoding/json (and sigs.k8s.io/json, yaml.v2) stop at 10 000
 * levels; Go's stacks grow, JavaScript's do not, and the recursive steps after decoding (patches, managed fields,
 * validation, deep copies) overflow the stack a little over 1 000 levels. So bodies nest at most
 * {@link MAX_NESTING_DEPTH} levels, rejected at decode time with Go's message instead of a 500 later.
 */
import { goJSONSyntaxError } from './go-json-syntax.js';

/** Deepest nesting of arrays and objects accepted in decoded request data (Go: 10 000; see the module note). */
export const MAX_NESTING_DEPTH = 512;

/** The offset of the first `{`/`[` opening a level deeper than `max` in JSON text (strings skipped), or -1. */
export function tooDeepAt(text: string, max = MAX_NESTING_DEPTH): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // Skip the string: to the next unescaped quote.
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c) i++;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return i;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return -1;
}

/**
 * Whether `text` holds more than `max` opening brackets (`{` and `[`, strings included): a text nests at most as
 * deep as it has openings, and most bodies are far from the limit, so the character scan of {@link tooDeepAt} is
 * left for the others. Counted with indexOf, which is native.
 */
function manyOpenings(text: string, max: number): boolean {
  if (text.length <= max) return false;
  let n = 0;
  for (const c of ['{', '[']) {
    for (let i = text.indexOf(c); i >= 0; i = text.indexOf(c, i + 1)) if (++n > max) return true;
  }
  return false;
}

/**
 * JSON.parse with the nesting limit; a deeper text is a SyntaxError with Go's `exceeded max depth` message, an
 * invalid one a SyntaxError with Go's message for it ({@link parseJSON}).
 */
export function parseJSONLimited(text: string, max = MAX_NESTING_DEPTH): unknown {
  const at = manyOpenings(text, max) ? tooDeepAt(text, max) : -1;
  if (at >= 0) throw new SyntaxError(`invalid character '${text.charAt(at)}' exceeded max depth`);
  return parseJSON(text);
}

/**
 * JSON.parse whose SyntaxError carries the message Go's encoding/json gives for the text (`invalid character 'x'
 * looking for beginning of value`, `unexpected end of JSON input`…), found only once the text is rejected.
 */
export function parseJSON(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    if (!(err instanceof SyntaxError)) throw err;
    throw new SyntaxError(goJSONSyntaxError(text) ?? err.message, { cause: err });
  }
}

/** Whether a decoded value (from YAML or protobuf) nests deeper than `max`; iterative, so any depth is safe. */
export function nestsDeeperThan(value: unknown, max = MAX_NESTING_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const [v, depth] = top;
    if (typeof v !== 'object' || v === null) continue;
    if (depth + 1 > max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
  }
  return false;
}
