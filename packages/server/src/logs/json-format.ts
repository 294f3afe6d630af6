/** A value as component-base's JSON format writes it: errors as their message, bigints as numbers. */
function jsonValue(value: unknown): string {
  if (value instanceof Error) return JSON.stringify(value.message);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number' && !Number.isFinite(value)) return JSON.stringify(String(value));
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)) ?? 'null';
}

/** The fields of one JSON log line. */
export interface JSONLine {
  /** Milliseconds since the epoch, with a fraction. */
  readonly ts: number;
  /** `dir/file:line`, when known. */
  readonly caller: string | undefined;
  /** The message. */
  readonly msg: string;
  /** The verbosity of an info line; absent on error lines. */
  readonly v: number | undefined;
  /** The error of an error line. */
  readonly err: unknown;
  /** The key/value pairs. */
  readonly keysAndValues: readonly unknown[];
}

/**
 * component-base's JSON line (zap with zapr): `ts`, `caller`, `msg`, `v` (info lines), the pairs in order, then
 * `err` (error lines). Keys are written as given (a repeated key appears twice, as zap does); a key without value
 * is dropped, as zapr drops it.
 */
export function jsonLine(line: JSONLine): string {
  let out = `{"ts":${line.ts}`;
  if (line.caller !== undefined) out += `,"caller":${JSON.stringify(line.caller)}`;
  out += `,"msg":${JSON.stringify(line.msg)}`;
  if (line.v !== undefined) out += `,"v":${line.v}`;
  const kv = line.keysAndValues;
  for (let i = 0; i + 1 < kv.length; i += 2) out += `,${JSON.stringify(String(kv[i]))}:${jsonValue(kv[i + 1])}`;
  if (line.err !== undefined && line.err !== null) out += `,"err":${jsonValue(line.err instanceof Error ? line.err : String(line.err))}`;
  return `${out}}`;
}
