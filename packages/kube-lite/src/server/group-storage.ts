/** Finding resource storage inside installed `APIGroupInfo`s. */
import type { Storage } from '@apiserver/registry';
import type { APIGroupInfo, ResourceStorageMap } from '@apiserver/server';

function entries(map: ResourceStorageMap): [string, Storage][] {
  return map instanceof Map ? [...map.entries()] : Object.entries(map);
}

/** Each resource path and storage of `version` of `group`, where that group-version is installed. */
export function versionStorages(groups: readonly APIGroupInfo[], group: string, version: string): [string, Storage][] {
  const map = groups.find((info) => info.prioritizedVersions[0]?.group === group)?.versionedResourcesStorageMap[version];
  return map === undefined ? [] : entries(map);
}

/** The storage of `resource` (or `resource/subresource`) in the preferred version of `group`, if served. */
export function storageOf(groups: readonly APIGroupInfo[], group: string, resource: string): Storage | undefined {
  for (const info of groups) {
    const preferred = info.prioritizedVersions[0];
    if (preferred?.group !== group) continue;
    const map = info.versionedResourcesStorageMap[preferred.version];
    if (map === undefined) continue;
    return entries(map).find(([path]) => path === resource)?.[1];
  }
  return undefined;
}

/** Every top-level resource (no subresources) of each group's preferred version, with its group. */
export function topLevelResources(groups: readonly APIGroupInfo[]): { group: string; resource: string; storage: Storage }[] {
  const out: { group: string; resource: string; storage: Storage }[] = [];
  for (const info of groups) {
    const preferred = info.prioritizedVersions[0];
    const map = preferred === undefined ? undefined : info.versionedResourcesStorageMap[preferred.version];
    if (preferred === undefined || map === undefined) continue;
    for (const [path, storage] of entries(map)) if (!path.includes('/')) out.push({ group: preferred.group, resource: path, storage });
  }
  return out;
}
