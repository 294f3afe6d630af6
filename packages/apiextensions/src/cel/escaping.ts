/**
 * Property names as CEL rules see them (`Escape` in k8s.io/apiserver `pkg/cel`): a name that is a CEL reserved word
 * becomes `__<word>__` (`self.__namespace__`), and in other names `__` becomes `__underscores__`, `.` `__dot__`,
 * `-` `__dash__` and `/` `__slash__` (`self.x__dash__prop`). A name that starts with a digit or holds any other
 * character than ASCII letters, digits and `_.-/` has no CEL name: the field is not visible to rules.
 *
 * @module
 */

/** CEL's reserved words (cel-spec's `RESERVED`, with `namespace`, heavily used in Kubernetes): no identifier may be one. */
export const CEL_RESERVED_WORDS: ReadonlySet<string> = new Set([
  'true', 'false', 'null', 'in', 'as', 'break', 'const', 'continue', 'else', 'for', 'function', 'if', 'import', 'let', 'loop',
  'package', 'namespace', 'return', 'var', 'void', 'while',
]);

/** What is escaped, and the characters that cannot be (leftmost first: `__` before a single `_`). */
const EXPAND = /__|[-./]|[^a-zA-Z0-9\-./_]/g;
const ESCAPES: Readonly<Record<string, string>> = { __: '__underscores__', '.': '__dot__', '-': '__dash__', '/': '__slash__' };

/** The CEL name of property `name`, or `undefined` when it has none. */
export function escapeProperty(name: string): string | undefined {
  const first = name.charCodeAt(0);
  if (name === '' || (first >= 48 && first <= 57)) return undefined;
  if (CEL_RESERVED_WORDS.has(name)) return `__${name}__`;
  let escapable = true;
  const escaped = name.replace(EXPAND, (s) => {
    const replacement = ESCAPES[s];
    if (replacement === undefined) escapable = false;
    return replacement ?? '';
  });
  return escapable ? escaped : undefined;
}
