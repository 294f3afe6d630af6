/** Thrown by {@link parseGoDuration} with Go's `time.ParseDuration` message. */
export class DurationParseError extends Error {
  /** Creates the error. */
  constructor(message: string) {
    super(message);
    this.name = 'DurationParseError';
  }
}

const unitMillis: Readonly<Record<string, number>> = {
  ns: 1e-6,
  us: 1e-3,
  'µs': 1e-3,
  'μs': 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

/**
 * Parses a Go duration string (`300ms`, `1.5h`, `2h45m`, `-1s`) into milliseconds, as
 * `time.ParseDuration`. Throws {@link DurationParseError} with Go's wording.
 */
export function parseGoDuration(text: string): number {
  const quoted = JSON.stringify(text);
  let rest = text;
  let sign = 1;
  if (rest.startsWith('-') || rest.startsWith('+')) {
    if (rest.startsWith('-')) sign = -1;
    rest = rest.slice(1);
  }
  if (rest === '0') return 0;
  if (rest === '') throw new DurationParseError(`time: invalid duration ${quoted}`);
  let total = 0;
  while (rest !== '') {
    const number = /^(\d*)(\.\d*)?/.exec(rest);
    const digits = number?.[0] ?? '';
    if (digits === '' || digits === '.') throw new DurationParseError(`time: invalid duration ${quoted}`);
    rest = rest.slice(digits.length);
    const unit = /^[^\d.]*/.exec(rest)?.[0] ?? '';
    if (unit === '') throw new DurationParseError(`time: missing unit in duration ${quoted}`);
    const millis = unitMillis[unit];
    if (millis === undefined) throw new DurationParseError(`time: unknown unit ${JSON.stringify(unit)} in duration ${quoted}`);
    rest = rest.slice(unit.length);
    total += Number(digits) * millis;
  }
  return sign * total;
}
