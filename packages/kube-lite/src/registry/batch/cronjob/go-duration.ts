/**
 * Go's `time.ParseDuration` as a check (the `@every <duration>` cron descriptor): a sequence of decimal numbers
 * with units `ns`, `us`, `µs`, `ms`, `s`, `m`, `h`, optionally signed; the error texts are Go's.
 * @module
 */
import { goQuote } from '@apiserver/runtime';

const UNITS = ['ns', 'us', 'µs', 'μs', 'ms', 's', 'm', 'h'];

/** Go's error for `s`, or undefined when `time.ParseDuration(s)` accepts it (overflow is not checked). */
export function goDurationError(s: string): string | undefined {
  const quoted = goQuote(s);
  let rest = s.startsWith('-') || s.startsWith('+') ? s.slice(1) : s;
  if (rest === '0') return undefined;
  if (rest === '') return `time: invalid duration ${quoted}`;
  while (rest !== '') {
    const number = /^(\d*)(\.(\d*))?/.exec(rest);
    const digits = (number?.[1] ?? '') + (number?.[3] ?? '');
    if (number === null || digits === '') return `time: invalid duration ${quoted}`;
    rest = rest.slice(number[0].length);
    const unit = /^[^\d.]*/.exec(rest)?.[0] ?? '';
    if (unit === '') return `time: missing unit in duration ${quoted}`;
    if (!UNITS.includes(unit)) return `time: unknown unit ${goQuote(unit)} in duration ${quoted}`;
    rest = rest.slice(unit.length);
  }
  return undefined;
}
