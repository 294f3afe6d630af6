/**
 * Read-only requests: a handler that only encodes what a `get` or `list` returns marks its request context, and a
 * registry Store then reads shared, deep-frozen objects from storage (`readOnly` reads, `isSharedObject`) instead
 * of private copies, so that the encoded bytes of those objects can be reused between requests. Code that wraps a
 * Store keeps working: a wrapper building new objects hands out unshared ones, and one changing the returned
 * objects in place throws (they are frozen) instead of corrupting what other requests read.
 * @module
 */
import type { RequestContext } from './types.js';

const readOnly = new WeakSet<RequestContext>();

/**
 * Marks `ctx` as read-only: whatever a registry reads for this request is only encoded, never changed, so it may
 * be a shared object. Copies of the context (`{ ...ctx }`) are not marked. Returns `ctx`.
 */
export function acceptSharedObjects<C extends RequestContext>(ctx: C): C {
  readOnly.add(ctx);
  return ctx;
}

/** Whether {@link acceptSharedObjects} marked `ctx`. */
export function acceptsSharedObjects(ctx: RequestContext): boolean {
  return readOnly.has(ctx);
}
