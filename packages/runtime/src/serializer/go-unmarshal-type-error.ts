/**
 * Go encoding/json's `UnmarshalTypeError` texts, for the places where upstream decodes a body into a Go type that
 * the JSON value does not fit (a string field, a `map[string]interface{}`).
 *
 * @module
 */

/** How encoding/json names a JSON value in `UnmarshalTypeError.Value`; undefined for null, which fits anything. */
export function goJSONValueName(value: unknown): 'string' | 'number' | 'bool' | 'array' | 'object' | undefined {
  if (typeof value === 'string') return 'string';
  if (typeof value === 'number') return 'number';
  if (typeof value === 'boolean') return 'bool';
  if (Array.isArray(value)) return 'array';
  if (value !== null && typeof value === 'object') return 'object';
  return undefined;
}

/**
 * `UnmarshalTypeError.Error()`: `json: cannot unmarshal <value> into Go value of type <type>`, or `… into Go struct
 * field <struct>.<field> of type <type>` when the value was read into a struct's field.
 */
export function goUnmarshalTypeError(value: string, type: string, structField?: string): string {
  const into = structField === undefined ? 'Go value' : `Go struct field ${structField}`;
  return `json: cannot unmarshal ${value} into ${into} of type ${type}`;
}
