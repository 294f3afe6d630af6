/** A CSV syntax error, worded like Go's `encoding/csv.ParseError`. */
export class CSVParseError extends Error {
  /** 1-based line of the error. */
  readonly line: number;
  /** Creates the error. */
  constructor(line: number, column: number, what: string) {
    super(`parse error on line ${line}, column ${column}: ${what}`);
    this.name = 'CSVParseError';
    this.line = line;
  }
}

/** One CSV record with the line it starts on. */
export interface CSVRecord {
  /** 1-based line number. */
  readonly line: number;
  /** The fields. */
  readonly fields: readonly string[];
}

function parseQuoted(text: string, start: number, lineNo: number, lineStart: number): { value: string; end: number; line: number; lineStart: number } {
  let value = '';
  let i = start + 1;
  let line = lineNo;
  let ls = lineStart;
  for (;;) {
    if (i >= text.length) throw new CSVParseError(lineNo, start - lineStart + 1, 'extraneous or missing " in quoted-field');
    const c = text[i];
    if (c === '"') {
      if (text[i + 1] === '"') {
        value += '"';
        i += 2;
        continue;
      }
      const next = text[i + 1];
      if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r') {
        throw new CSVParseError(line, i - ls + 2, 'extraneous or missing " in quoted-field');
      }
      return { value, end: i + 1, line, lineStart: ls };
    }
    if (c === '\n') {
      line++;
      ls = i + 1;
    }
    value += c;
    i++;
  }
}

/**
 * Reads CSV as Go's `csv.Reader` with `TrimLeadingSpace` and variable field counts: quoted
 * fields with `""` escapes, empty lines skipped. Throws {@link CSVParseError}.
 */
export function readCSV(text: string): CSVRecord[] {
  const records: CSVRecord[] = [];
  let i = 0;
  let line = 1;
  let lineStart = 0;
  while (i < text.length) {
    if (text[i] === '\n' || (text[i] === '\r' && text[i + 1] === '\n')) {
      i += text[i] === '\r' ? 2 : 1;
      line++;
      lineStart = i;
      continue;
    }
    const startLine = line;
    const fields: string[] = [];
    for (;;) {
      while (text[i] === ' ' || text[i] === '\t') i++;
      if (text[i] === '"') {
        const q = parseQuoted(text, i, line, lineStart);
        fields.push(q.value);
        i = q.end;
        line = q.line;
        lineStart = q.lineStart;
      } else {
        let end = i;
        while (end < text.length && text[end] !== ',' && text[end] !== '\n') {
          if (text[end] === '"') throw new CSVParseError(line, end - lineStart + 1, 'bare " in non-quoted field');
          end++;
        }
        fields.push(text.slice(i, end).replace(/\r$/, ''));
        i = end;
      }
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === '\r') i++;
      break;
    }
    records.push({ line: startLine, fields });
    if (text[i] === '\n') {
      i++;
      line++;
      lineStart = i;
    }
  }
  return records;
}
