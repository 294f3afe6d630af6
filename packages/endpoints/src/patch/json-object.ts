/**
 * The one test the patch decoders and appliers share: is a decoded JSON value an object (what Go's
 * `map[string]interface{}` holds), not null, an array or a scalar.
 *
 * @module
 */

/** A decoded JSON object. */
export type JSONObject = Record<string, unknown>;

/** Whether `v` is a JSON object: not null, not an array, not a scalar. */
export function isJSONObject(v: unknown): v is JSONObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
