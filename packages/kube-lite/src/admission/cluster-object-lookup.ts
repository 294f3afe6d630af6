/**
 * Reading cluster-scoped objects straight from the served storage, as kube-lite's admission plugins do where upstream
 * reads an informer's cache.
 * @module
 */
import type { ApiObject, Getter, Lister } from '@apiserver/registry';
import { isNotFound } from '@apiserver/runtime';

/** A cluster-scoped object by name, undefined when it does not exist (any other failure is the caller's error). */
export function clusterObjectLookup(storage: Getter): (name: string) => Promise<ApiObject | undefined> {
  return async (name) => {
    try {
      return await storage.get({}, name, {});
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  };
}

/** Every object of a cluster-scoped resource. */
export function clusterObjectLister(storage: Lister): () => Promise<readonly ApiObject[]> {
  return async () => (await storage.list({}, {})).items as ApiObject[];
}
