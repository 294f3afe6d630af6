/**
 * The group-versions a server knows, against which `--runtime-config` keys are checked (k8s
 * `resourceconfig.GroupVersionRegistry`, which kube-apiserver answers from its scheme).
 */
import type { GroupVersion, Scheme } from '@apiserver/runtime';
import { newBuiltinScheme } from '@apiserver/runtime/apis';

/** Answers whether a group or group-version is known (k8s `resourceconfig.GroupVersionRegistry`). */
export interface GroupVersionRegistry {
  /** Whether any version of the group is known (`''` is the core group). */
  isGroupRegistered(group: string): boolean;
  /** Whether the group-version is known. */
  isVersionRegistered(gv: GroupVersion): boolean;
  /** Every known group-version, in registration order. */
  prioritizedVersionsAllGroups(): readonly GroupVersion[];
}

// metav1's own group holds WatchEvent and the options kinds but serves no resources.
const META_GROUP = 'meta.k8s.io';

/**
 * The group-versions of a scheme that serve resources: those `addMetaToGroupVersion` registered `WatchEvent` into,
 * as Go's `metav1.AddToGroupVersion` does for every served group-version.
 */
export function schemeGroupVersionRegistry(scheme: Scheme): GroupVersionRegistry {
  const versions = scheme.knownKinds().filter((k) => k.kind === 'WatchEvent' && k.group !== META_GROUP).map((k) => ({ group: k.group, version: k.version }));
  const groups = new Set(versions.map((v) => v.group));
  return {
    isGroupRegistered: (group) => groups.has(group),
    isVersionRegistered: (gv) => versions.some((v) => v.group === gv.group && v.version === gv.version),
    prioritizedVersionsAllGroups: () => versions,
  };
}

let builtin: GroupVersionRegistry | undefined;

/** The registry of `@apiserver/runtime`'s built-in scheme: every group-version kube-lite can serve. */
export function builtinGroupVersionRegistry(): GroupVersionRegistry {
  builtin ??= schemeGroupVersionRegistry(newBuiltinScheme());
  return builtin;
}

/** The group-versions the servers of kube-lite's chain serve themselves: the aggregator's and the apiextensions server's. */
export const CHAIN_GROUP_VERSIONS: readonly GroupVersion[] = [
  { group: 'apiregistration.k8s.io', version: 'v1' },
  { group: 'apiextensions.k8s.io', version: 'v1' },
];

/**
 * `registry` plus the chain's own group-versions, as kube-apiserver's combined scheme knows them, so that
 * `--runtime-config` may name them (`apiextensions.k8s.io/v1=false`) and `api/all=false` turns them off.
 */
export function withChainGroupVersions(registry: GroupVersionRegistry): GroupVersionRegistry {
  const extra = CHAIN_GROUP_VERSIONS.filter((gv) => !registry.isVersionRegistered(gv));
  return {
    isGroupRegistered: (group) => registry.isGroupRegistered(group) || extra.some((gv) => gv.group === group),
    isVersionRegistered: (gv) => registry.isVersionRegistered(gv) || extra.some((v) => v.group === gv.group && v.version === gv.version),
    prioritizedVersionsAllGroups: () => [...registry.prioritizedVersionsAllGroups(), ...extra],
  };
}
