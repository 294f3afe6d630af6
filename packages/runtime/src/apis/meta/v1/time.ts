/**
 * metav1.Time and MicroTime helpers. On the wire Kubernetes writes RFC 3339 in UTC, with second precision for
 * Time and microsecond precision for MicroTime; it accepts any RFC 3339 input, fractional seconds included.
 */

/** A point in time as protobuf carries it: seconds since the epoch plus nanoseconds. */
export interface Timestamp {
  /** Seconds since 1970-01-01T00:00:00Z. */
  readonly seconds: number;
  /** Nanoseconds within the second, 0..999999999. */
  readonly nanos: number;
}

/** Thrown when a string is not an RFC 3339 date-time. */
export class TimeParseError extends Error {
  /** The rejected input. */
  readonly input: string;
  constructor(input: string) {
    super(`parsing time ${JSON.stringify(input)} as RFC 3339: invalid date-time`);
    this.name = 'TimeParseError';
    this.input = input;
  }
}

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;

/** Parses an RFC 3339 date-time (fractional seconds and offsets accepted) into a Timestamp. */
export function parseTime(input: string): Timestamp {
  const m = RFC3339.exec(input);
  if (m === null) throw new TimeParseError(input);
  const [year, month, day, hour, minute, second] = [1, 2, 3, 4, 5, 6].map((i) => Number(m[i]));
  if (month === undefined || day === undefined || hour === undefined || minute === undefined) {
    throw new TimeParseError(input);
  }
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || (second ?? 0) > 60) {
    throw new TimeParseError(input);
  }
  const millis = Date.UTC(year ?? 0, month - 1, day, hour, minute, second ?? 0);
  if (new Date(millis).getUTCDate() !== day) throw new TimeParseError(input);
  const sign = m[9] === '-' ? -1 : 1;
  const offset = m[8] === undefined ? sign * (Number(m[10]) * 3600 + Number(m[11]) * 60) : 0;
  const nanos = m[7] === undefined ? 0 : Number(m[7].padEnd(9, '0'));
  return { seconds: Math.floor(millis / 1000) - offset, nanos };
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/** The last second {@link isoSeconds} formatted, and its text: writes within one second format it once. */
let lastSecond = Number.NaN;
let lastSecondText = '';

function isoSeconds(seconds: number): string {
  if (seconds !== lastSecond) {
    lastSecondText = new Date(seconds * 1000).toISOString().slice(0, 19);
    lastSecond = seconds;
  }
  return lastSecondText;
}

/** The seconds text {@link formatTime} last wrote, and the Time text it made of it. */
let lastTimeSeconds = '';
let lastTimeText = '';

/** Formats a Timestamp as metav1.Time does: RFC 3339, UTC, whole seconds. */
export function formatTime(ts: Timestamp): string {
  const text = isoSeconds(ts.seconds);
  if (text !== lastTimeSeconds) {
    lastTimeText = `${text}Z`;
    lastTimeSeconds = text;
  }
  return lastTimeText;
}

/** Formats a Timestamp as metav1.MicroTime does: RFC 3339, UTC, six fractional digits. */
export function formatMicroTime(ts: Timestamp): string {
  return `${isoSeconds(ts.seconds)}.${pad(Math.floor(ts.nanos / 1000), 6)}Z`;
}

/** The current time as metav1.Time writes it. */
export function nowTime(clock: () => number = Date.now): string {
  return formatTime({ seconds: Math.floor(clock() / 1000), nanos: 0 });
}

/** The current time as metav1.MicroTime writes it. */
export function nowMicroTime(clock: () => number = Date.now): string {
  const ms = clock();
  return formatMicroTime({ seconds: Math.floor(ms / 1000), nanos: (ms % 1000) * 1_000_000 });
}
