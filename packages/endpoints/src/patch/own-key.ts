/** Writing a decoded JSON key onto a plain object without invoking the `__proto__` accessor. */

/** Sets `obj[key] = value` as an own, enumerable data property (a `__proto__` key stays a key, never a prototype). */
export function setOwn(obj: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
  else obj[key] = value;
}


/** `obj[key]` when it is an own property (a `__proto__` key never reads the prototype). */
export function getOwn(obj: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(obj, key) ? obj[key] : undefined;
}
