/**
 * Compile errors rendered as cel-go's `Issues.String()`: one `ERROR: <input>:<line>:<col>: <msg>`
 * per issue followed by the source line and a caret under the column.
 *
 * @module
 */

/** A compile error at a 0-based offset of the expression source (none: no location, cel-go's `NoLocation`). */
export interface CelIssue {
  readonly offset?: number;
  readonly message: string;
}

function locate(source: string, offset: number): { line: number; column: number; text: string } {
  const lines = source.split('\n');
  let start = 0;
  for (const [i, text] of lines.entries()) {
    if (offset <= start + text.length) return { line: i + 1, column: offset - start + 1, text };
    start += text.length + 1;
  }
  const last = lines.length - 1;
  return { line: last + 1, column: (lines[last]?.length ?? 0) + 1, text: lines[last] ?? '' };
}

/**
 * Renders issues as cel-go does (`ERROR: <input>:1:5: undefined field 'foo'\n | self.foo\n | ....^`); an issue
 * without a location reads `ERROR: <input>:-1:0: <msg>`, without the source line.
 */
export function formatIssues(source: string, issues: readonly CelIssue[]): string {
  return issues
    .map(({ offset, message }) => {
      if (offset === undefined) return `ERROR: <input>:-1:0: ${message}`;
      const { line, column, text } = locate(source, offset);
      return `ERROR: <input>:${line}:${column}: ${message}\n | ${text}\n | ${'.'.repeat(column - 1)}^`;
    })
    .join('\n');
}
