/**
 * Readers for the plain-JSON objects the registry stores: a field is whatever the client sent, so every
 * reader checks the type and falls back to "absent" instead of trusting a cast.
 * @module
 */

/** A JSON object (record of fields). */
export type JSONRecord = Record<string, unknown>;

/** Whether `v` is a JSON object (not an array, not null). */
export function isRecord(v: unknown): v is JSONRecord {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The object field `key` of `parent`, or undefined. */
export function recordAt(parent: unknown, key: string): JSONRecord | undefined {
  if (!isRecord(parent)) return undefined;
  const v = parent[key];
  return isRecord(v) ? v : undefined;
}

/** The object field `key` of `parent`, created empty when absent or not an object. */
export function ensureRecord(parent: JSONRecord, key: string): JSONRecord {
  const v = parent[key];
  if (isRecord(v)) return v;
  const created: JSONRecord = {};
  parent[key] = created;
  return created;
}

/** The object items of the array field `key` of `parent` (non-objects skipped). */
export function recordsAt(parent: unknown, key: string): JSONRecord[] {
  if (!isRecord(parent)) return [];
  const v = parent[key];
  return Array.isArray(v) ? v.filter(isRecord) : [];
}

/** The string field `key` of `parent`, or `fallback`. */
export function stringAt(parent: unknown, key: string, fallback = ''): string {
  if (!isRecord(parent)) return fallback;
  const v = parent[key];
  return typeof v === 'string' ? v : fallback;
}

/** The number field `key` of `parent`, or undefined. */
export function numberAt(parent: unknown, key: string): number | undefined {
  if (!isRecord(parent)) return undefined;
  const v = parent[key];
  return typeof v === 'number' ? v : undefined;
}

/** The string items of the array field `key` of `parent`. */
export function stringsAt(parent: unknown, key: string): string[] {
  if (!isRecord(parent)) return [];
  const v = parent[key];
  return Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [];
}

/** The string-to-string map field `key` of `parent` (non-string values skipped), or undefined when absent. */
export function stringMapAt(parent: unknown, key: string): Record<string, string> | undefined {
  const m = recordAt(parent, key);
  if (m === undefined) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(m)) if (typeof v === 'string') out[k] = v;
  return out;
}

/** The entries of a string map field (`data`, `labels`), non-string values skipped. */
export function stringEntries(parent: unknown, key: string): [string, string][] {
  const map = recordAt(parent, key);
  if (map === undefined) return [];
  return Object.entries(map).filter((e): e is [string, string] => typeof e[1] === 'string');
}

/** Whether `v` is an integer number. */
export function isInteger(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v);
}
