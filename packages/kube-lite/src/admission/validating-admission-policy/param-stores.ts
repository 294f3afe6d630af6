/**
 * kube-lite's param stores (what upstream's REST mapper + param informers give): a paramKind names a served
 * built-in resource of that group, version and kind, or a served version of a custom resource (any served version,
 * its objects converted to it); its objects are read from that resource's storage on each request.
 * @module
 */
import { isGetter, isLister, isScoper, type Storage } from '@apiserver/registry';
import { isNotFound } from '@apiserver/runtime';
import type { APIGroupInfo } from '@apiserver/server';
import type { CustomResourceSource } from '../../server/controller-hooks.js';
import { versionStorages } from '../../server/group-storage.js';
import type { ParamStore, ParamStoreResolver } from './params.js';

function builtInStorage(groups: readonly APIGroupInfo[], group: string, version: string, kind: string): Storage | undefined {
  return versionStorages(groups, group, version).find(([path, storage]) => !path.includes('/') && storage.newObject().kind === kind)?.[1];
}

function storeOver(storage: Storage): ParamStore | undefined {
  if (!isGetter(storage) || !isLister(storage)) return undefined;
  return {
    namespaced: isScoper(storage) && storage.namespaceScoped(),
    async get(namespace, name) {
      try {
        return await storage.get({ namespace }, name, {});
      } catch (err) {
        if (isNotFound(err)) return undefined;
        throw err;
      }
    },
    async list(namespace, selector) {
      return (await storage.list({ namespace }, { labelSelector: selector })).items;
    },
  };
}

/** Resolves paramKinds among `groups` and the custom resources served now. */
export function servedParamStores(groups: readonly APIGroupInfo[], customResources: () => CustomResourceSource | undefined): ParamStoreResolver {
  return (group, version, kind) => {
    const builtIn = builtInStorage(groups, group, version, kind);
    if (builtIn !== undefined) return storeOver(builtIn);
    const source = customResources();
    const store = source?.servedVersionStore?.(group, version, kind) ?? source?.servedResources().find((r) => r.group === group && r.version === version && r.kind === kind)?.storage;
    return store === undefined ? undefined : storeOver(store);
  };
}
