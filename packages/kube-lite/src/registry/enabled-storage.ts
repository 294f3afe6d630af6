/**
 * How a `RESTStorageProvider` honours the `APIResourceConfigSource`, as kube-apiserver's providers do: storage is
 * built only for enabled resources (`if ResourceEnabled(gv.WithResource(r)) { storage[r] = …; storage[r+"/status"] = … }`),
 * a version left without resources is dropped, and a group left without versions is not installed.
 */
import type { Storage } from '@apiserver/registry';
import type { GroupVersion } from '@apiserver/runtime';
import type { APIGroupInfo, ResourceStorageMap } from '@apiserver/server';
import type { APIResourceConfigSource } from '../server/api-resource-config.js';

/** Builds the storage of one resource: its own path and its subresource paths (`deployments`, `deployments/status`, …). */
export type ResourceStorageBuilder = () => Readonly<Record<string, Storage>>;

const resourceOf = (path: string): string => path.split('/', 1)[0] ?? path;

/** Runs the builders of the enabled resources of one group-version and merges their paths. */
export function enabledResourceStorage(source: APIResourceConfigSource, gv: GroupVersion, builders: Readonly<Record<string, ResourceStorageBuilder>>): Record<string, Storage> {
  const storage: Record<string, Storage> = {};
  for (const [resource, build] of Object.entries(builders)) {
    if (source.resourceEnabled({ group: gv.group, version: gv.version, resource })) Object.assign(storage, build());
  }
  return storage;
}

/** The storage map without the paths of disabled resources (a disabled resource takes its subresources with it). */
export function withoutDisabledResources(source: APIResourceConfigSource, gv: GroupVersion, storage: ResourceStorageMap): ResourceStorageMap {
  const enabled = (path: string): boolean => source.resourceEnabled({ group: gv.group, version: gv.version, resource: resourceOf(path) });
  if (storage instanceof Map) return new Map([...storage].filter(([path]) => enabled(path)));
  return Object.fromEntries(Object.entries(storage).filter(([path]) => enabled(path)));
}

const isEmpty = (storage: ResourceStorageMap): boolean => (storage instanceof Map ? storage.size === 0 : Object.keys(storage).length === 0);

/** The part of an `APIGroupInfo` that is not the versions. */
export type GroupInfoRest = Omit<APIGroupInfo, 'prioritizedVersions' | 'versionedResourcesStorageMap'>;

/**
 * An `APIGroupInfo` of the versions (in priority order) that kept resources; with none it has no versions, and the
 * server does not install the group ("API group is not enabled, skipping" upstream).
 */
export function groupInfoOf(versions: ReadonlyArray<{ readonly gv: GroupVersion; readonly storage: ResourceStorageMap }>, rest: GroupInfoRest): APIGroupInfo {
  const served = versions.filter((v) => !isEmpty(v.storage));
  return {
    ...rest,
    prioritizedVersions: served.map((v) => v.gv),
    versionedResourcesStorageMap: Object.fromEntries(served.map((v) => [v.gv.version, v.storage])),
  };
}

/** Applies the config to a whole `APIGroupInfo`: disabled resources and emptied versions removed. */
export function enabledGroupInfo(source: APIResourceConfigSource, info: APIGroupInfo): APIGroupInfo {
  const { prioritizedVersions, versionedResourcesStorageMap, ...rest } = info;
  const versions = prioritizedVersions.map((gv) => ({ gv, storage: withoutDisabledResources(source, gv, versionedResourcesStorageMap[gv.version] ?? {}) }));
  return groupInfoOf(versions, rest);
}

/** Whether the group has at least one version to install. */
export function hasServedVersions(info: APIGroupInfo): boolean {
  return info.prioritizedVersions.some((gv) => {
    const storage = info.versionedResourcesStorageMap[gv.version];
    return storage !== undefined && !isEmpty(storage);
  });
}
