/**
 * Own-property helpers for objects keyed by user data (map keys, JSON field names): an assignment `out[key] = v`
 * with the key `__proto__` sets the prototype instead of a property, and a lookup `props[key]` finds inherited
 * members such as `constructor` or `toString`.
 */

/** Sets `key` as an own enumerable property, also when the key is `__proto__` (as JSON.parse creates it). */
export function setOwnProperty(obj: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  else obj[key] = value;
}

/** The own property `key` of `obj`; undefined when it has none (inherited members do not count). */
export function ownProperty<T>(obj: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(obj, key) ? obj[key] : undefined;
}
