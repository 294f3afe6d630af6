/**
 * CronJob schedules as the cron library upstream validates them with (robfig/cron v3 `ParseStandard`): five
 * fields (minute, hour, day of month, month, day of week) of comma-separated `*`, `?`, numbers, names (`jan`,
 * `sun`), ranges and steps; the descriptors `@yearly`, `@annually`, `@monthly`, `@weekly`, `@daily`,
 * `@midnight`, `@hourly` and `@every <duration>`; an optional `TZ=`/`CRON_TZ=` prefix. Only checked, never run.
 * @module
 */
import { goQuote } from '@apiserver/runtime';
import { goDurationError } from './go-duration.js';
import { isKnownTimeZone } from './time-zone.js';

interface Bounds {
  readonly min: number;
  readonly max: number;
  readonly names?: Readonly<Record<string, number>>;
}

const MONTHS = Object.fromEntries(['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'].map((m, i) => [m, i + 1]));
const DAYS = Object.fromEntries(['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'].map((d, i) => [d, i]));
const FIELDS: readonly Bounds[] = [
  { min: 0, max: 59 },
  { min: 0, max: 23 },
  { min: 1, max: 31 },
  { min: 1, max: 12, names: MONTHS },
  { min: 0, max: 6, names: DAYS },
];
const DESCRIPTORS = new Set(['@yearly', '@annually', '@monthly', '@weekly', '@daily', '@midnight', '@hourly']);
const MAX_INT64 = 9223372036854775807n;

class ScheduleError extends Error {}

/** Go's `strconv.Atoi` with cron's wording for failures and negative numbers. */
function atoi(expr: string): number {
  if (!/^[+-]?\d+$/.test(expr)) throw new ScheduleError(`failed to parse int from ${expr}: strconv.Atoi: parsing ${goQuote(expr)}: invalid syntax`);
  const n = BigInt(expr);
  if (n > MAX_INT64 || n < -MAX_INT64 - 1n) throw new ScheduleError(`failed to parse int from ${expr}: strconv.Atoi: parsing ${goQuote(expr)}: value out of range`);
  if (n < 0n) throw new ScheduleError(`negative number (${n}) not allowed: ${expr}`);
  return Number(n);
}

function intOrName(expr: string, bounds: Bounds): number {
  return bounds.names?.[expr.toLowerCase()] ?? atoi(expr);
}

/** One range expression: `*`, `?`, `n`, `n-m`, each optionally `/step`. */
function checkRange(expr: string, bounds: Bounds): void {
  const rangeAndStep = expr.split('/');
  const lowAndHigh = (rangeAndStep[0] ?? '').split('-');
  let start = bounds.min;
  let end = bounds.max;
  if (lowAndHigh[0] !== '*' && lowAndHigh[0] !== '?') {
    start = intOrName(lowAndHigh[0] ?? '', bounds);
    if (lowAndHigh.length > 2) throw new ScheduleError(`too many hyphens: ${expr}`);
    end = lowAndHigh.length === 2 ? intOrName(lowAndHigh[1] ?? '', bounds) : start;
  }
  let step = 1;
  if (rangeAndStep.length > 2) throw new ScheduleError(`too many slashes: ${expr}`);
  if (rangeAndStep.length === 2) {
    step = atoi(rangeAndStep[1] ?? '');
    if (lowAndHigh.length === 1) end = bounds.max;
  }
  if (start < bounds.min) throw new ScheduleError(`beginning of range (${start}) below minimum (${bounds.min}): ${expr}`);
  if (end > bounds.max) throw new ScheduleError(`end of range (${end}) above maximum (${bounds.max}): ${expr}`);
  if (start > end) throw new ScheduleError(`beginning of range (${start}) beyond end of range (${end}): ${expr}`);
  if (step === 0) throw new ScheduleError(`step of range should be a positive number: ${expr}`);
}

function checkDescriptor(spec: string): void {
  if (DESCRIPTORS.has(spec)) return;
  if (spec.startsWith('@every ')) {
    const err = goDurationError(spec.slice('@every '.length));
    if (err !== undefined) throw new ScheduleError(`failed to parse duration ${spec}: ${err}`);
    return;
  }
  throw new ScheduleError(`unrecognized descriptor: ${spec}`);
}

/** Strips a `TZ=<zone> `/`CRON_TZ=<zone> ` prefix after checking the zone. */
function withoutTimeZone(spec: string): string {
  if (!spec.startsWith('TZ=') && !spec.startsWith('CRON_TZ=')) return spec;
  const space = spec.indexOf(' ');
  const zone = spec.slice(spec.indexOf('=') + 1, space < 0 ? undefined : space);
  if (!isKnownTimeZone(zone)) throw new ScheduleError(`provided bad location ${zone}: unknown time zone ${zone}`);
  return space < 0 ? '' : spec.slice(space).trim();
}

function checkSchedule(schedule: string): void {
  if (schedule === '') throw new ScheduleError('empty spec string');
  const spec = withoutTimeZone(schedule);
  if (spec.startsWith('@')) {
    checkDescriptor(spec);
    return;
  }
  const fields = spec.split(/\s+/).filter((f) => f !== '');
  if (fields.length !== FIELDS.length) throw new ScheduleError(`expected exactly ${FIELDS.length} fields, found ${fields.length}: [${fields.join(' ')}]`);
  fields.forEach((field, i) => {
    const bounds = FIELDS[i] as Bounds;
    for (const expr of field.split(',').filter((e) => e !== '')) checkRange(expr, bounds);
  });
}

/** The parse error of a standard cron schedule, as the cron library words it; undefined when it parses. */
export function cronScheduleError(schedule: string): string | undefined {
  try {
    checkSchedule(schedule);
    return undefined;
  } catch (e) {
    if (e instanceof ScheduleError) return e.message;
    throw e;
  }
}
