/**
 * Which API group-versions and resources a server serves (k8s apiserver `pkg/server/storage/resource_config.go`):
 * a version is on or off as a whole, and a resource may be switched on or off on its own, which then wins over its
 * version.
 */
import type { GroupVersion, GroupVersionResource } from '@apiserver/runtime';

/** What a `RESTStorageProvider` asks before building storage (k8s `serverstorage.APIResourceConfigSource`). */
export interface APIResourceConfigSource {
  /** Whether the group-version is enabled as a whole. */
  versionEnabled(gv: GroupVersion): boolean;
  /** Whether the resource is served: its own setting if it has one, else its version's. */
  resourceEnabled(gvr: GroupVersionResource): boolean;
  /** Whether any version or any single resource of the group is enabled (else the group is not installed). */
  anyResourceForGroupEnabled(group: string): boolean;
}

const gvKey = (gv: GroupVersion): string => `${gv.group}/${gv.version}`;
const gvrKey = (gvr: GroupVersionResource): string => `${gvKey(gvr)}/${gvr.resource}`;

/** The mutable enablement table behind an {@link APIResourceConfigSource} (k8s `serverstorage.ResourceConfig`). */
export class ResourceConfig implements APIResourceConfigSource {
  readonly #versions = new Map<string, { gv: GroupVersion; enabled: boolean }>();
  readonly #resources = new Map<string, { gvr: GroupVersionResource; enabled: boolean }>();

  /** Every group-version the table has a setting for. */
  groupVersions(): GroupVersion[] {
    return [...this.#versions.values()].map((v) => v.gv);
  }

  /** Enables the versions; settings of their single resources are dropped (a version setting overrides them). */
  enableVersions(...versions: readonly GroupVersion[]): this {
    for (const v of versions) this.#setVersion(v, true);
    return this;
  }

  /** Disables the versions; settings of their single resources are dropped. */
  disableVersions(...versions: readonly GroupVersion[]): this {
    for (const v of versions) this.#setVersion(v, false);
    return this;
  }

  /** Enables every known version the matcher selects (e.g. `api/ga=true`). */
  enableMatchingVersions(matcher: (gv: GroupVersion) => boolean): this {
    return this.enableVersions(...this.groupVersions().filter(matcher));
  }

  /** Disables every known version the matcher selects (e.g. `api/all=false`). */
  disableMatchingVersions(matcher: (gv: GroupVersion) => boolean): this {
    return this.disableVersions(...this.groupVersions().filter(matcher));
  }

  /** Enables single resources, whatever their version's setting. */
  enableResources(...resources: readonly GroupVersionResource[]): this {
    for (const r of resources) this.#resources.set(gvrKey(r), { gvr: { group: r.group, version: r.version, resource: r.resource }, enabled: true });
    return this;
  }

  /** Disables single resources, whatever their version's setting. */
  disableResources(...resources: readonly GroupVersionResource[]): this {
    for (const r of resources) this.#resources.set(gvrKey(r), { gvr: { group: r.group, version: r.version, resource: r.resource }, enabled: false });
    return this;
  }

  /** Whether the version is enabled (a version without a setting is not). */
  versionEnabled(version: GroupVersion): boolean {
    return this.#versions.get(gvKey(version))?.enabled ?? false;
  }

  /** The resource's own setting, else its version's. */
  resourceEnabled(gvr: GroupVersionResource): boolean {
    return this.#resources.get(gvrKey(gvr))?.enabled ?? this.versionEnabled(gvr);
  }

  /** Whether some version of the group, or some single resource of it, is enabled. */
  anyResourceForGroupEnabled(group: string): boolean {
    for (const v of this.#versions.values()) if (v.gv.group === group && v.enabled) return true;
    for (const r of this.#resources.values()) if (r.gvr.group === group && r.enabled) return true;
    return false;
  }

  #setVersion(version: GroupVersion, enabled: boolean): void {
    const key = gvKey(version);
    this.#versions.set(key, { gv: { group: version.group, version: version.version }, enabled });
    for (const [k, r] of this.#resources) if (gvKey(r.gvr) === key) this.#resources.delete(k);
  }
}

/**
 * The source with every group `known` rejects reported enabled: groups `--runtime-config` cannot name (a provider
 * of the user's own, outside the scheme's group-versions) are served rather than silently dropped.
 */
export function enablingUnknownGroups(source: APIResourceConfigSource, known: (group: string) => boolean): APIResourceConfigSource {
  return {
    versionEnabled: (gv) => !known(gv.group) || source.versionEnabled(gv),
    resourceEnabled: (gvr) => !known(gvr.group) || source.resourceEnabled(gvr),
    anyResourceForGroupEnabled: (group) => !known(group) || source.anyResourceForGroupEnabled(group),
  };
}
