import { goQuote } from '@apiserver/runtime';

/** What klog writes for the value of a key without one. */
export const MISSING_VALUE = '(MISSING)';

/** klog's severity letters. */
export const SEVERITY_CHAR = { info: 'I', warning: 'W', error: 'E' } as const;

function two(n: number): string {
  return n < 10 ? `0${n}` : `${n}`;
}

/**
 * klog's header `Lmmdd hh:mm:ss.uuuuuu threadid file:line] ` in local time, the process ID right-aligned in 7
 * characters; `epochMillis` may carry a fraction (microseconds).
 */
export function klogHeader(severity: keyof typeof SEVERITY_CHAR, epochMillis: number, pid: number, fileLine: string): string {
  const d = new Date(Math.floor(epochMillis));
  const micros = Math.floor(epochMillis * 1000) % 1_000_000;
  return (
    `${SEVERITY_CHAR[severity]}${two(d.getMonth() + 1)}${two(d.getDate())} ` +
    `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}.${String(micros).padStart(6, '0')} ` +
    `${String(pid).padStart(7, ' ')} ${fileLine}] `
  );
}

/** klog's multi-line value: `=<`, each line indented with a tab, then ` >` on a line of its own. */
function multiLine(value: string): string {
  const body = value.endsWith('\n') ? value.slice(0, -1) : value;
  return `=<\n${body
    .split('\n')
    .map((line) => `\t${line}`)
    .join('\n')}\n >`;
}

function stringValue(value: string, quote: boolean): string {
  if (value.includes('\n')) return multiLine(value);
  return `=${quote ? goQuote(value) : value}`;
}

/** Whether `value` has a `toString` of its own (Go's `fmt.Stringer`: ObjectRef, Duration, URL, …). */
function isStringer(value: object): boolean {
  return !Array.isArray(value) && typeof value.toString === 'function' && value.toString !== Object.prototype.toString;
}

function nonStringValue(value: unknown): string {
  if (value === null || value === undefined) return '<nil>';
  if (typeof value === 'object') return JSON.stringify(value) ?? '<nil>';
  return String(value);
}

/**
 * One ` key=value` of klog's text format: strings, errors (their message) and stringers quoted as Go's
 * `strconv.Quote`, values with line breaks as a `=<`…` >` block, numbers and booleans as they are, `<nil>` for
 * `null`/`undefined`, other objects as JSON (where Go would print `%+v`).
 */
export function formatPair(key: unknown, value: unknown): string {
  const k = String(key);
  if (typeof value === 'string') return ` ${k}${stringValue(value, true)}`;
  if (value instanceof Error) return ` ${k}${stringValue(value.message, true)}`;
  if (value instanceof Uint8Array) return ` ${k}${stringValue(Buffer.from(value).toString('utf8'), true)}`;
  if (typeof value === 'object' && value !== null && isStringer(value)) return ` ${k}${stringValue(String(value), true)}`;
  return ` ${k}${stringValue(nonStringValue(value), false)}`;
}

/** klog's `KVListFormat`: every pair with a leading space; a key without value gets `(MISSING)`. */
export function formatPairs(keysAndValues: readonly unknown[]): string {
  let out = '';
  for (let i = 0; i < keysAndValues.length; i += 2) {
    out += formatPair(keysAndValues[i], i + 1 < keysAndValues.length ? keysAndValues[i + 1] : MISSING_VALUE);
  }
  return out;
}

/** The body of a structured text line after the header: the quoted message, ` err="…"` if any, then the pairs. */
export function structuredText(message: string, err: unknown, keysAndValues: readonly unknown[]): string {
  const errPair = err === undefined || err === null ? '' : formatPair('err', err instanceof Error ? err : String(err));
  return `${goQuote(message)}${errPair}${formatPairs(keysAndValues)}`;
}
