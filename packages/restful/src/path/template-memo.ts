/**
 * A bounded memo of compiled path templates. The API installer builds the same templates many times over (the
 * web service root `/` once per route, each resource's item path once per verb): compiling each distinct
 * template once spares start-up hundreds of regular expression compilations. The compiled values are frozen
 * and their regular expressions carry no `g`/`y` flag (exec and test keep no state), so one value serves every
 * route. Templates come from registered routes only (custom resources included), so the memo is bounded: when it
 * holds {@link TEMPLATE_MEMO_LIMIT} entries it starts over.
 */

/** Entries a memo holds before it is emptied. */
export const TEMPLATE_MEMO_LIMIT = 4096;

/** Wraps `compile` (a pure function of the template that throws on bad input) with a bounded memo. */
export function memoizeTemplate<T>(compile: (template: string) => T): (template: string) => T {
  const memo = new Map<string, T>();
  return (template) => {
    const known = memo.get(template);
    if (known !== undefined) return known;
    const compiled = compile(template);
    if (memo.size >= TEMPLATE_MEMO_LIMIT) memo.clear();
    memo.set(template, compiled);
    return compiled;
  };
}
