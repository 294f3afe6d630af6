/**
 * Readers for the plain-JSON objects the registry stores: a field holds whatever the client sent, so each
 * reader checks the type and answers "absent" rather than trusting a cast.
 * @module
 */

/** A JSON object. */
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

/** The string items of the array field `key` of `parent` (non-strings skipped). */
export function stringsAt(parent: unknown, key: string): string[] {
  if (!isRecord(parent)) return [];
  const v = parent[key];
  return Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [];
}

/** The entries of a string map field (`data`, `labels`), non-string values skipped. */
export function stringEntries(parent: unknown, key: string): [string, string][] {
  const map = recordAt(parent, key);
  if (map === undefined) return [];
  return Object.entries(map).filter((e): e is [string, string] => typeof e[1] === 'string');
}
