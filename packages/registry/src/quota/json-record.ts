/**
 * The JSON object test the quota evaluators and the LimitRanger share when reading objects held as JSON.
 * @module
 */

/** A JSON object. */
export type JSONRecord = Record<string, unknown>;

/** Whether `v` is a JSON object (not null, not an array). */
export function isRecord(v: unknown): v is JSONRecord {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** `parent[key]` when it is a JSON object, else an empty one. */
export function recordAt(parent: unknown, key: string): JSONRecord {
  const v = isRecord(parent) ? parent[key] : undefined;
  return isRecord(v) ? v : {};
}
