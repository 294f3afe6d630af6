/**
 * Small helpers the in-process controllers share for writing through registry storage: an UpdatedObjectInfo that
 * applies a change to a copy of the live object, a NotFound-tolerant await, an existence check and the Active
 * namespace lookup.
 * @module
 */
import { type ApiObject, defaultUpdatedObjectInfo, type Getter, type UpdatedObjectInfo } from '@apiserver/registry';
import { isNotFound } from '@apiserver/runtime';

/** An update that applies `fn` to a copy of the live object (retried by the store on conflicts with the new live object). */
export function mutatedObjectInfo(fn: (obj: ApiObject) => void): UpdatedObjectInfo {
  return defaultUpdatedObjectInfo(undefined, (_ctx, _new, old) => {
    if (old === undefined) return undefined;
    const copy = structuredClone(old);
    fn(copy);
    return copy;
  });
}

/** `p`'s value, or undefined when it rejects with a NotFound error. */
export async function ignoreNotFound<T>(p: Promise<T>): Promise<T | undefined> {
  try {
    return await p;
  } catch (err) {
    if (isNotFound(err)) return undefined;
    throw err;
  }
}

/** Whether `get` finds its object: false when it rejects with a NotFound error, its other errors thrown. */
export async function exists(get: () => Promise<unknown>): Promise<boolean> {
  try {
    await get();
    return true;
  } catch (err) {
    if (isNotFound(err)) return false;
    throw err;
  }
}

/**
 * The namespace `name` when it exists, is Active and is not being deleted: what the controllers that fill every
 * namespace (service accounts, root CA) look at first, skipping the others (their writes bypass admission, which
 * refuses creates in a terminating namespace).
 */
export async function activeNamespace(namespaces: Getter, name: string): Promise<ApiObject | undefined> {
  const ns = await ignoreNotFound(namespaces.get({}, name));
  if (ns === undefined || ns.metadata.deletionTimestamp !== undefined) return undefined;
  const status = ns.status;
  const phase = typeof status === 'object' && status !== null ? (status as { phase?: unknown }).phase : undefined;
  return phase === 'Active' ? ns : undefined;
}
