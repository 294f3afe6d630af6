/**
 * `discoveryEntry`: the `APIResource` of one storage path for `/api/v1` and `/apis/<g>/<v>` (installer.go end of
 * registerResourceHandlers, §2.6).
 */
import { createHash } from 'node:crypto';
import type { APIResource } from '@apiserver/runtime';
import { type Action, connectMethodVerb, discoveryVerbOf } from './action.js';
import type { ResourceInfo } from './resource-info.js';

/** `discovery.StorageVersionHash`: base64 of the first 8 bytes of sha256("<group>/<version>/<kind>"). */
export function storageVersionHash(group: string, version: string, kind: string): string {
  return createHash('sha256').update(`${group}/${version}/${kind}`).digest().subarray(0, 8).toString('base64');
}

/** The sorted discovery verbs of a resource's actions (CONNECT methods mapped through GET→get, POST→create, …). */
export function discoveryVerbs(actions: readonly Action[], connectMethods: readonly string[]): string[] {
  const verbs = new Set<string>();
  for (const action of actions) {
    if (action.verb !== 'CONNECT') verbs.add(discoveryVerbOf[action.verb]);
    else for (const m of connectMethods) if (connectMethodVerb[m] !== undefined) verbs.add(connectMethodVerb[m]);
  }
  return [...verbs].sort();
}

/** Builds the APIResource of one storage path. */
export function discoveryEntry(info: ResourceInfo, actions: readonly Action[]): APIResource {
  const { caps } = info;
  const isSub = info.parts.subresource !== '';
  const overridden = caps.groupVersionKindProvider !== undefined;
  // installer.go: KindProvider overrides the kind, then GroupVersionKindProvider overrides group, version and kind.
  const kind = overridden ? info.gvk.kind : (caps.kindProvider?.kind() ?? info.gvk.kind);
  const storageVersion = caps.storageVersionProvider?.storageVersion();
  const shortNames = caps.shortNamesProvider?.shortNames() ?? [];
  const categories = caps.categoriesProvider?.categories() ?? [];
  const resource: APIResource = {
    name: info.path,
    singularName: isSub ? '' : (caps.singularNameProvider?.getSingularName() ?? ''),
    namespaced: info.scope.namespaced,
    ...(overridden && info.gvk.group !== '' ? { group: info.gvk.group } : {}),
    ...(overridden ? { version: info.gvk.version } : {}),
    kind,
    verbs: discoveryVerbs(actions, caps.connecter?.connectMethods() ?? []),
    ...(shortNames.length > 0 ? { shortNames } : {}),
    ...(categories.length > 0 ? { categories } : {}),
    ...(storageVersion === undefined
      ? {}
      : { storageVersionHash: storageVersionHash(storageVersion.group, storageVersion.version, storageVersion.kind) }),
  };
  return resource;
}
