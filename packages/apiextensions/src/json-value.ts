/**
 * Helpers for unstructured JSON values (what `json.Unmarshal` into `interface{}` gives in Go):
 * the JSON type name of a value, deep equality and deep copy.
 *
 * @module
 */

/** An unstructured JSON object. */
export type JSONObject = Record<string, unknown>;

/** Whether `v` is a JSON object (not null, not an array). */
export function isJSONObject(v: unknown): v is JSONObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * The OpenAPI type of a decoded JSON value: `string`, `boolean`, `integer` (a whole number, as Go
 * decodes `1` to int64), `number`, `array`, `object`, or `null`.
 */
export function jsonTypeOf(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (Array.isArray(v)) return 'array';
  switch (typeof v) {
    case 'string':
      return 'string';
    case 'boolean':
      return 'boolean';
    case 'number':
      return Number.isInteger(v) ? 'integer' : 'number';
    case 'bigint':
      return 'integer';
    default:
      return 'object';
  }
}

/** Deep equality of two JSON values (`reflect.DeepEqual` on decoded JSON). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]));
  }
  if (isJSONObject(a) && isJSONObject(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k) && jsonEqual(a[k], b[k]));
  }
  return false;
}

/** A deep copy of a JSON value (`runtime.DeepCopyJSONValue`). */
export function deepCopyJSON<T>(v: T): T {
  if (Array.isArray(v)) return v.map(deepCopyJSON) as T;
  if (isJSONObject(v)) {
    const out: JSONObject = {};
    for (const [k, x] of Object.entries(v)) out[k] = deepCopyJSON(x);
    return out as T;
  }
  return v;
}
