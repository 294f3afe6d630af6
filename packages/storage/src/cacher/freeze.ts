/**
 * Read-only sharing of cached objects: the watch cache freezes every object once, so one object per event can be
 * handed to all watchers (upstream shares one object per event among all cacheWatchers, read-only by convention).
 * @module
 */

/**
 * Freezes `value` and everything reachable from it, in place, and returns it. Already frozen objects are taken
 * as deeply frozen (the cache only freezes deeply), so re-freezing a copy that shares frozen parts is cheap.
 * Typed arrays and ArrayBuffers cannot be frozen and are left as they are.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return value;
  Object.freeze(value);
  for (const key of Reflect.ownKeys(value)) deepFreeze(Reflect.get(value, key));
  return value;
}
