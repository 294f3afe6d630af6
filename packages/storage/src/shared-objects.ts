/**
 * Shared read-only objects: what a storage hands out for a read made with `readOnly: true` (see `GetOptions`,
 * `ListOptions`). Such an object is deep-frozen once and then handed to every reader of the same revision without
 * a copy; since it can never change, anything derived from it alone (its encoded bytes) can be kept and reused for
 * as long as the object lives.
 * @module
 */
import { deepFreeze } from './cacher/freeze.js';

/** Objects deep-frozen by {@link shareObject}: the only ones {@link isSharedObject} vouches for. */
const shared = new WeakSet<object>();

/**
 * Deep-freezes `obj` (see the watch cache's `deepFreeze`) and records it as shared: from now on it is immutable
 * (a write throws a TypeError in strict code) and may be handed to any number of readers. Returns `obj`.
 */
export function shareObject<T extends object>(obj: T): T {
  deepFreeze(obj);
  shared.add(obj);
  return obj;
}

/**
 * Whether `value` was shared by {@link shareObject}: a deep-frozen object that nothing can have changed since. A
 * copy of it, or any object built from it, is not shared.
 */
export function isSharedObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null && shared.has(value);
}
