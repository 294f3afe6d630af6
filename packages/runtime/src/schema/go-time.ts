/**
 * Go's `time.Parse` for the two layouts metav1 decodes with: `time.RFC3339` (Time) and `2006-01-02T15:04:05.000000Z07:00`
 * (MicroTime: exactly six fractional digits). What it refuses and how it words the refusal: `parsing time
 * "yesterday" as "2006-01-02T15:04:05Z07:00": cannot parse "yesterday" as "2006"` (the text left where an element
 * failed, and that element of the layout), `parsing time "2024-13-01T00:00:00Z": month out of range`, `…: extra
 * text: "x"`, `…: day out of range`. As Go's parser: `T` and `Z` upper case only, the hour one or two digits, the
 * other fields two, a fraction of any length after the seconds of a Time (a comma too), a zone `Z` or `±hh:mm`.
 */

type Element = 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second' | 'micros' | 'zone';

/** A layout as Go's `nextStdChunk` cuts it: each element with the literal text before it. */
interface Chunk {
  readonly prefix: string;
  readonly element: Element;
  /** The element as the layout writes it, which errors quote. */
  readonly text: string;
}

const DATE_AND_CLOCK: readonly Chunk[] = [
  { prefix: '', element: 'year', text: '2006' },
  { prefix: '-', element: 'month', text: '01' },
  { prefix: '-', element: 'day', text: '02' },
  { prefix: 'T', element: 'hour', text: '15' },
  { prefix: ':', element: 'minute', text: '04' },
  { prefix: ':', element: 'second', text: '05' },
];
const ZONE: Chunk = { prefix: '', element: 'zone', text: 'Z07:00' };

/** A layout: its text and its chunks. */
interface Layout {
  readonly text: string;
  readonly chunks: readonly Chunk[];
}

const RFC3339: Layout = { text: '2006-01-02T15:04:05Z07:00', chunks: [...DATE_AND_CLOCK, ZONE] };
const RFC3339_MICRO: Layout = {
  text: '2006-01-02T15:04:05.000000Z07:00',
  chunks: [...DATE_AND_CLOCK, { prefix: '', element: 'micros', text: '.000000' }, ZONE],
};

/** The time package's `quote`: control and non-ASCII bytes as `\xNN`, `"` and `\` escaped. */
function quote(bytes: string): string {
  let out = '"';
  for (const c of bytes) {
    const code = c.charCodeAt(0);
    if (code >= 0x80 || code < 0x20) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else out += c === '"' || c === '\\' ? `\\${c}` : c;
  }
  return `${out}"`;
}

function isDigit(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  return c >= 0x30 && c <= 0x39;
}

/** Go's `getnum`: one or two digits (two when `fixed`), or undefined. */
function getnum(s: string, fixed: boolean): { n: number; rest: string } | undefined {
  if (!isDigit(s, 0)) return undefined;
  if (!isDigit(s, 1)) return fixed ? undefined : { n: s.charCodeAt(0) - 0x30, rest: s.slice(1) };
  return { n: (s.charCodeAt(0) - 0x30) * 10 + (s.charCodeAt(1) - 0x30), rest: s.slice(2) };
}

/** Go's `atoi`: an optional sign, then digits only. */
function atoi(s: string): number | undefined {
  const m = /^([+-]?)(\d+)$/.exec(s);
  if (m === null) return undefined;
  return m[1] === '-' ? -Number(m[2]) : Number(m[2]);
}

function daysIn(month: number, year: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** One element's outcome: the text after it, a range error word, or a failure. */
interface Step {
  readonly rest: string;
  readonly range?: string;
  readonly failed?: boolean;
  readonly value?: number;
}

const FAILED: Step = { rest: '', failed: true };

function twoDigits(rest: string, fixed: boolean, limit: number, word: string): Step {
  const got = getnum(rest, fixed);
  if (got === undefined) return FAILED;
  return got.n < limit && got.n >= (word === 'month' ? 1 : 0) ? { rest: got.rest, value: got.n } : { rest: got.rest, value: got.n, range: word };
}

/** Seconds, and for a layout without a fraction any fraction written after them (`stdZeroSecond`). */
function seconds(rest: string, fractionFollows: boolean): Step {
  const got = twoDigits(rest, true, 60, 'second');
  if (got.failed === true || got.range !== undefined) return got;
  const left = got.rest;
  if (fractionFollows || left.length < 2 || (left[0] !== '.' && left[0] !== ',') || !isDigit(left, 1)) return got;
  let n = 2;
  while (n < left.length && isDigit(left, n)) n++;
  return { rest: left.slice(n) };
}

/** Exactly six fractional digits after `.` or `,` (`stdFracSecond0`). */
function micros(rest: string): Step {
  if (rest.length < 7 || (rest[0] !== '.' && rest[0] !== ',')) return FAILED;
  const ns = atoi(rest.slice(1, 7));
  if (ns === undefined) return FAILED;
  return ns < 0 ? { rest: rest.slice(7), range: 'fractional second' } : { rest: rest.slice(7) };
}

/** `Z`, or `±hh:mm` (`stdISO8601ColonTZ`); an offset hour above 24 or minute above 60 is out of range. */
function zone(rest: string): Step {
  if (rest.startsWith('Z')) return { rest: rest.slice(1) };
  if (rest.length < 6 || rest[3] !== ':') return FAILED;
  const hour = getnum(rest.slice(1, 3), true);
  const minute = hour === undefined ? undefined : getnum(rest.slice(4, 6), true);
  let range: string | undefined;
  if (hour !== undefined && hour.n > 24) range = 'time zone offset hour';
  if (minute !== undefined && minute.n > 60) range = 'time zone offset minute';
  const failed = minute === undefined || (rest[0] !== '+' && rest[0] !== '-');
  return { rest: rest.slice(6), ...(range === undefined ? {} : { range }), ...(failed ? { failed } : {}) };
}

function parseElement(chunk: Chunk, rest: string, layout: Layout): Step {
  switch (chunk.element) {
    case 'year': {
      if (rest.length < 4 || !isDigit(rest, 0)) return FAILED;
      const year = atoi(rest.slice(0, 4));
      return year === undefined ? FAILED : { rest: rest.slice(4), value: year };
    }
    case 'month':
      return twoDigits(rest, true, 13, 'month');
    case 'day': {
      const got = getnum(rest, true);
      return got === undefined ? FAILED : { rest: got.rest, value: got.n };
    }
    case 'hour':
      return twoDigits(rest, false, 24, 'hour');
    case 'minute':
      return twoDigits(rest, true, 60, 'minute');
    case 'second':
      return seconds(rest, layout === RFC3339_MICRO);
    case 'micros':
      return micros(rest);
    case 'zone':
      return zone(rest);
  }
}

/** Go's error for `text` as `layout` parses it, or undefined when it parses. */
function parseError(text: string, layout: Layout): string | undefined {
  // Go reads bytes: one character per UTF-8 byte.
  const value = Buffer.from(text, 'utf8').toString('latin1');
  const cannotParse = (rest: string, element: string) =>
    `parsing time ${quote(value)} as ${quote(layout.text)}: cannot parse ${quote(rest)} as ${quote(element)}`;
  let rest = value;
  const fields = new Map<Element, number>();
  for (const chunk of layout.chunks) {
    for (const c of chunk.prefix) {
      if (!rest.startsWith(c)) return cannotParse(rest, chunk.prefix);
      rest = rest.slice(1);
    }
    const step = parseElement(chunk, rest, layout);
    if (step.range !== undefined) return `parsing time ${quote(value)}: ${step.range} out of range`;
    if (step.failed === true) return cannotParse(rest, chunk.text);
    if (step.value !== undefined) fields.set(chunk.element, step.value);
    rest = step.rest;
  }
  if (rest !== '') return `parsing time ${quote(value)}: extra text: ${quote(rest)}`;
  const day = fields.get('day') ?? 0;
  if (day < 1 || day > daysIn(fields.get('month') ?? 0, fields.get('year') ?? 0)) return `parsing time ${quote(value)}: day out of range`;
  return undefined;
}

/**
 * Go's error for text a metav1.Time (`micro` false: RFC 3339) or MicroTime (`micro` true: six fractional digits)
 * field cannot hold, or undefined when `time.Parse` reads it.
 */
export function goTimeParseError(text: string, micro: boolean): string | undefined {
  return parseError(text, micro ? RFC3339_MICRO : RFC3339);
}
