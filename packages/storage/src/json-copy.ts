/**
 * What JSON.parse(JSON.stringify(value)) gives, built without the text: a fresh copy of a value made only of
 * what JSON writes as it is ({@link jsonCopy}); and the same with object keys in the canonical (sorted) order,
 * what `JSON.parse(canonicalJSON(value))` gives ({@link canonicalCopy}), so that a create encodes and gets its
 * decoded object from one walk instead of a canonicalizing walk and a copying one.
 * @module
 */

/** Returned by {@link jsonCopy} for a value JSON would write differently from how it is held. */
export const NOT_PLAIN_JSON: unique symbol = Symbol('not plain JSON');

/** Whether JSON writes no value for `v` (it leaves the member out, or writes null in an array). */
function omitted(v: unknown): boolean {
  return v === undefined || typeof v === 'function' || typeof v === 'symbol';
}

function copyNumber(n: number): number | null {
  if (!Number.isFinite(n)) return null;
  // JSON writes -0 as 0.
  return n === 0 ? 0 : n;
}

/** Whether `keys` are in the canonical (ascending code unit) order. */
export function keysSorted(keys: readonly string[]): boolean {
  for (let i = 1; i < keys.length; i++) if ((keys[i - 1] as string) > (keys[i] as string)) return false;
  return true;
}

function copyArray(value: readonly unknown[], sortKeys: boolean): unknown[] | typeof NOT_PLAIN_JSON {
  if (Object.getPrototypeOf(value) !== Array.prototype || typeof (value as { toJSON?: unknown }).toJSON === 'function') return NOT_PLAIN_JSON;
  const out = new Array<unknown>(value.length);
  for (let i = 0; i < value.length; i++) {
    const v = value[i];
    // JSON writes a hole, undefined, a function or a symbol in an array as null.
    const c = omitted(v) ? null : copyValue(v, sortKeys);
    if (c === NOT_PLAIN_JSON) return NOT_PLAIN_JSON;
    out[i] = c;
  }
  return out;
}

function copyObject(value: Record<string, unknown>, sortKeys: boolean): Record<string, unknown> | typeof NOT_PLAIN_JSON {
  const proto = Object.getPrototypeOf(value);
  if ((proto !== Object.prototype && proto !== null) || typeof value['toJSON'] === 'function') return NOT_PLAIN_JSON;
  const keys = Object.keys(value);
  if (sortKeys && !keysSorted(keys)) keys.sort();
  const out: Record<string, unknown> = {};
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    const v = value[key];
    // JSON leaves out members holding undefined, a function or a symbol.
    if (omitted(v)) continue;
    const c = copyValue(v, sortKeys);
    if (c === NOT_PLAIN_JSON) return NOT_PLAIN_JSON;
    // JSON.parse makes `__proto__` an own property; assigning it would set the copy's prototype instead.
    if (key === '__proto__') Object.defineProperty(out, key, { value: c, enumerable: true, writable: true, configurable: true });
    else out[key] = c;
  }
  return out;
}

function copyValue(value: unknown, sortKeys: boolean): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return copyNumber(value);
    case 'object':
      if (value === null) return null;
      return Array.isArray(value) ? copyArray(value, sortKeys) : copyObject(value as Record<string, unknown>, sortKeys);
    default:
      return NOT_PLAIN_JSON;
  }
}

/**
 * `JSON.parse(JSON.stringify(value))` for a value of strings, booleans, null, numbers, plain objects (no toJSON)
 * and plain arrays: keys in the same order, -0 as 0, non-finite numbers as null, members holding undefined,
 * functions or symbols left out, such items (and holes) null. Anything else (a top-level undefined, function,
 * symbol or bigint, other objects, toJSON) gives {@link NOT_PLAIN_JSON}: the caller then goes through the text.
 */
export function jsonCopy(value: unknown): unknown {
  return copyValue(value, false);
}

/**
 * `JSON.parse(canonicalJSON(value))`: {@link jsonCopy} with object keys sorted. Anything else gives
 * {@link NOT_PLAIN_JSON}: the caller then canonicalizes and goes through the text.
 */
export function canonicalCopy(value: unknown): unknown {
  return copyValue(value, true);
}
