/**
 * `DiscoveryManager`: collects installed group-versions (core and `/apis` groups) and serves the root discovery
 * WebServices: `/api`, `/apis` and `/apis/<group>`, legacy and aggregated v2.
 */
import type { Container } from '@apiserver/restful';
import { type APIGroup, type APIGroupDiscovery, type APIGroupDiscoveryList, type CodecFactory, formatGroupVersion } from '@apiserver/runtime';
import type { InstalledGroupVersion } from '../group-version.js';
import { type AggregatedVersion, aggregatedDiscoveryList, toAggregatedResources } from './aggregated.js';
import { apiGroupWebService, legacyRootWebService, rootAPIsWebService } from './discovery-webservices.js';

/**
 * The `/apis` groups another server serves (a delegate in the delegation chain), listed in this
 * server's `/apis` after its own groups; upstream's aggregator does this merge.
 */
export interface APIGroupsDiscovery {
  /** Legacy discovery: the APIGroups, in priority order. */
  readonly groups: readonly APIGroup[];
  /** Aggregated discovery (apidiscovery.k8s.io/v2): the APIGroupDiscovery items, same order. */
  readonly aggregated: readonly APIGroupDiscovery[];
}

/** Options of the manager. */
export interface DiscoveryManagerOptions {
  /** Serializers. */
  readonly codecs: CodecFactory;
  /** Serve aggregated discovery v2 on `/api` and `/apis` (default true). */
  readonly aggregated?: boolean;
  /** Address advertised in `/api` (default: the request's local address). */
  readonly serverAddress?: string;
  /** Groups of a delegate, appended to `/apis` (a group this manager serves itself is not repeated). */
  readonly delegated?: () => APIGroupsDiscovery | undefined;
}

/** Groups and versions known to discovery, in registration (priority) order. */
export class DiscoveryManager {
  readonly #options: DiscoveryManagerOptions;
  readonly #core: InstalledGroupVersion[] = [];
  readonly #groups = new Map<string, InstalledGroupVersion[]>();
  readonly #groupServices = new Set<string>();

  /** Creates an empty manager. */
  constructor(options: DiscoveryManagerOptions) {
    this.#options = options;
  }

  /** Records an installed group-version (versions of a group in preference order: first = preferred). */
  add(installed: InstalledGroupVersion): this {
    const { group } = installed.groupVersion;
    if (group === '') this.#core.push(installed);
    else this.#groups.set(group, [...(this.#groups.get(group) ?? []), installed]);
    return this;
  }

  /** The APIGroup of a group (versions with at least one resource; preferred = the first). */
  apiGroup(name: string): APIGroup {
    const versions = (this.#groups.get(name) ?? [])
      .filter((v) => v.resources.length > 0)
      .map((v) => ({ groupVersion: formatGroupVersion(v.groupVersion), version: v.groupVersion.version }));
    const preferred = versions[0];
    return { name, versions, ...(preferred === undefined ? {} : { preferredVersion: preferred }) };
  }

  /** Every `/apis` group: this manager's in registration order, then the delegate's. */
  apiGroups(): APIGroup[] {
    const own = [...this.#groups.keys()].map((name) => this.apiGroup(name));
    const delegated = this.#options.delegated?.()?.groups ?? [];
    return [...own, ...delegated.filter((g) => !this.#groups.has(g.name))];
  }

  /** This manager's groups and its delegate's, as a delegating server's manager sees them. */
  apiGroupsDiscovery(): APIGroupsDiscovery {
    return { groups: this.apiGroups(), aggregated: this.aggregatedGroups().items };
  }

  #aggregated(entries: ReadonlyArray<[string, readonly InstalledGroupVersion[]]>): APIGroupDiscoveryList {
    return aggregatedDiscoveryList(
      entries.map(([name, versions]) => ({
        name,
        versions: versions.map((v): AggregatedVersion => ({ version: v.groupVersion.version, resources: toAggregatedResources(v.resources) })),
      })),
    );
  }

  /** The aggregated document of `/api`. */
  aggregatedLegacy(): APIGroupDiscoveryList {
    return this.#aggregated(this.#core.length === 0 ? [] : [['', this.#core]]);
  }

  /** The aggregated document of `/apis`: this manager's groups, then the delegate's. */
  aggregatedGroups(): APIGroupDiscoveryList {
    const list = this.#aggregated([...this.#groups.entries()]);
    const delegated = (this.#options.delegated?.()?.aggregated ?? []).filter((g) => !this.#groups.has(g.metadata?.name ?? ''));
    return { ...list, items: [...list.items, ...delegated] };
  }

  /** Adds `/api`, `/apis` and one `/apis/<group>` WebService per group not yet served to the container. */
  install(container: Container): void {
    const { codecs } = this.#options;
    const aggregated = this.#options.aggregated ?? true;
    const registered = new Set(container.registeredWebServices().map((ws) => ws.rootPath()));
    if (!registered.has('/api')) {
      container.add(
        legacyRootWebService({
          codecs,
          versions: () => this.#core.map((v) => v.groupVersion.version),
          ...(aggregated ? { aggregated: () => this.aggregatedLegacy() } : {}),
          ...(this.#options.serverAddress === undefined ? {} : { serverAddress: this.#options.serverAddress }),
        }),
      );
    }
    if (!registered.has('/apis')) {
      container.add(rootAPIsWebService({ codecs, groups: () => this.apiGroups(), ...(aggregated ? { aggregated: () => this.aggregatedGroups() } : {}) }));
    }
    for (const name of this.#groups.keys()) {
      if (this.#groupServices.has(name) || registered.has(`/apis/${name}`)) continue;
      this.#groupServices.add(name);
      container.add(apiGroupWebService(codecs, () => this.apiGroup(name), name));
    }
  }
}
