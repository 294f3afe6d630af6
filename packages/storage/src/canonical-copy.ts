/**
 * What `JSON.parse(canonicalJSON(value))` gives, built in one walk without the text: a fresh copy of a plain JSON
 * value whose object keys are in the canonical (sorted) order. `JSON.stringify` of the copy is then the canonical
 * text itself, so a create encodes and gets its decoded object from one walk instead of a canonicalizing walk and a
 * copying one.
 * @module
 */
import { copyNumber, NOT_PLAIN_JSON, omitted } from './json-copy.js';

function keysSorted(keys: readonly string[]): boolean {
  for (let i = 1; i < keys.length; i++) if ((keys[i - 1] as string) > (keys[i] as string)) return false;
  return true;
}

function copyArray(value: readonly unknown[]): unknown[] | typeof NOT_PLAIN_JSON {
  if (Object.getPrototypeOf(value) !== Array.prototype || typeof (value as { toJSON?: unknown }).toJSON === 'function') return NOT_PLAIN_JSON;
  const out = new Array<unknown>(value.length);
  for (let i = 0; i < value.length; i++) {
    const v = value[i];
    // JSON writes a hole, undefined, a function or a symbol in an array as null.
    const c = omitted(v) ? null : canonicalCopy(v);
    if (c === NOT_PLAIN_JSON) return NOT_PLAIN_JSON;
    out[i] = c;
  }
  return out;
}

function copyObject(value: Record<string, unknown>): Record<string, unknown> | typeof NOT_PLAIN_JSON {
  const proto = Object.getPrototypeOf(value);
  if ((proto !== Object.prototype && proto !== null) || typeof value['toJSON'] === 'function') return NOT_PLAIN_JSON;
  const keys = Object.keys(value);
  if (!keysSorted(keys)) keys.sort();
  const out: Record<string, unknown> = {};
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    const v = value[key];
    // JSON leaves out members holding undefined, a function or a symbol.
    if (omitted(v)) continue;
    const c = canonicalCopy(v);
    if (c === NOT_PLAIN_JSON) return NOT_PLAIN_JSON;
    // JSON.parse makes `__proto__` an own property; assigning it would set the copy's prototype instead.
    if (key === '__proto__') Object.defineProperty(out, key, { value: c, enumerable: true, writable: true, configurable: true });
    else out[key] = c;
  }
  return out;
}

/**
 * `JSON.parse(canonicalJSON(value))` for a value of strings, booleans, null, numbers, plain or null-prototype
 * objects (no toJSON) and plain arrays: object keys sorted, -0 as 0, non-finite numbers as null, members holding
 * undefined, functions or symbols left out, such items (and holes) null. Anything else gives
 * {@link NOT_PLAIN_JSON}: the caller then canonicalizes and goes through the text.
 */
export function canonicalCopy(value: unknown): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return copyNumber(value);
    case 'object':
      if (value === null) return null;
      return Array.isArray(value) ? copyArray(value) : copyObject(value as Record<string, unknown>);
    default:
      return NOT_PLAIN_JSON;
  }
}
