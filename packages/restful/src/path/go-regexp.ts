/**
 * Compiles a Go (RE2) regular expression written in a route template to a JavaScript
 * RegExp. The common RE2-only syntax is a leading flag group (`(?i)`, `(?s)`, `(?m)`,
 * combinable), which JavaScript spells as flags; other syntax is passed through, and
 * what JavaScript rejects throws (the caller turns it into a RouteTemplateError).
 *
 * Inline flag groups elsewhere in the pattern (`a((?i)b)`) are hoisted to flags of
 * the whole expression: an approximation, documented as a deviation.
 */
export function compileGoRegExp(pattern: string): RegExp {
  let source = pattern;
  let flags = '';
  for (;;) {
    const match = /\(\?([a-zA-Z]+)\)/.exec(source);
    if (match === null) break;
    const letters = match[1] ?? '';
    for (const letter of letters) {
      if (letter !== 'i' && letter !== 's' && letter !== 'm') throw new SyntaxError(`unsupported RE2 flag ${letter}`);
      if (!flags.includes(letter)) flags += letter;
    }
    source = source.slice(0, match.index) + source.slice(match.index + match[0].length);
  }
  return new RegExp(source, flags);
}
