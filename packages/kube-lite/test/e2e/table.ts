/**
 * Parses kubectl's human-readable tables (tabwriter output: left-aligned columns separated by at least
 * three spaces, header names may contain single spaces) into rows keyed by header.
 */

/** One printed table: its headers in order and its rows as header → cell text. */
export interface PrintedTable {
  readonly headers: readonly string[];
  readonly rows: ReadonlyArray<Readonly<Record<string, string>>>;
}

function columnStarts(header: string): Array<{ name: string; start: number }> {
  const columns: Array<{ name: string; start: number }> = [];
  for (const m of header.matchAll(/\S+(?: \S+)*/g)) columns.push({ name: m[0], start: m.index });
  return columns;
}

function parseOne(lines: readonly string[]): PrintedTable {
  const [header = '', ...body] = lines;
  const columns = columnStarts(header);
  const rows = body.map((line) => {
    const row: Record<string, string> = {};
    columns.forEach((col, i) => {
      const end = columns[i + 1]?.start ?? line.length;
      row[col.name] = line.slice(col.start, i + 1 < columns.length ? end : undefined).trim();
    });
    return row;
  });
  return { headers: columns.map((c) => c.name), rows };
}

/** Parses every table in `stdout` (tables are separated by blank lines, as `kubectl get all` prints them). */
export function parseTables(stdout: string): PrintedTable[] {
  const tables: PrintedTable[] = [];
  let block: string[] = [];
  for (const line of `${stdout}\n`.split('\n')) {
    if (line.trim() === '') {
      if (block.length > 0) tables.push(parseOne(block));
      block = [];
    } else {
      block.push(line.replace(/\s+$/, ''));
    }
  }
  return tables;
}

/** Parses the single table of `stdout` (an empty table when there is none). */
export function parseTable(stdout: string): PrintedTable {
  return parseTables(stdout)[0] ?? { headers: [], rows: [] };
}

/** The row whose `column` (default NAME) equals `value`, or undefined. */
export function rowOf(table: PrintedTable, value: string, column = 'NAME'): Readonly<Record<string, string>> | undefined {
  return table.rows.find((r) => r[column] === value);
}
