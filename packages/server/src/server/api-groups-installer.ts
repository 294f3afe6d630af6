import { type APIGroupsDiscovery, APIGroupVersion, DiscoveryManager, type EncodedObjectCache } from '@apiserver/endpoints';
import type { Container } from '@apiserver/restful';
import { CodecFactory, formatGroupVersion } from '@apiserver/runtime';
import type { MetricsRegistry } from '@apiserver/storage';
import { type APIGroupInfo, APIGroupInfoError, hasResources } from './api-group-info.js';

/** Settings of an {@link APIGroupsInstaller}. */
export interface APIGroupsInstallerOptions {
  /** Prefixes `installLegacyAPIGroup` accepts. */
  readonly legacyAPIGroupPrefixes: readonly string[];
  /** Minimum watch timeout in seconds. */
  readonly minRequestTimeoutSeconds?: number;
  /** Request body limit in bytes. */
  readonly maxRequestBodyBytes?: number;
  /** Where skipped versions are reported. */
  readonly log: (message: string) => void;
  /** The `/apis` groups of the delegate, listed in this server's `/apis` after its own. */
  readonly delegated?: () => APIGroupsDiscovery | undefined;
  /** Where the installed watch handlers count the events they send. */
  readonly metrics?: MetricsRegistry;
  /** The encoded bytes of shared objects the installed GET and LIST handlers reuse. */
  readonly encodedObjects?: EncodedObjectCache;
}

/**
 * Installs API groups into a go-restful container through `@apiserver/endpoints`
 * (`GenericAPIServer.installAPIResources`), keeping one discovery manager for `/api`, `/apis`
 * and `/apis/<group>`.
 */
export class APIGroupsInstaller {
  readonly #container: Container;
  readonly #options: APIGroupsInstallerOptions;
  #discovery: DiscoveryManager | undefined;

  /** Creates an installer for a container. */
  constructor(container: Container, options: APIGroupsInstallerOptions) {
    this.#container = container;
    this.#options = options;
  }

  /** Installs the core group under a legacy prefix; throws {@link APIGroupInfoError} for another prefix. */
  installLegacyAPIGroup(apiPrefix: string, info: APIGroupInfo): void {
    const allowed = this.#options.legacyAPIGroupPrefixes;
    if (!allowed.includes(apiPrefix)) {
      throw new APIGroupInfoError(`${JSON.stringify(apiPrefix)} is not in the allowed legacy API prefixes: ${allowed.join(', ')}`);
    }
    this.#install(apiPrefix, info);
  }

  /** Installs groups under `/apis`; all are checked before any is installed. */
  installAPIGroups(infos: readonly APIGroupInfo[]): void {
    for (const info of infos) {
      const first = info.prioritizedVersions[0];
      if (first === undefined || first.group === '') throw new APIGroupInfoError('cannot register handler with an empty group');
      if (first.version === '') throw new APIGroupInfoError(`cannot register handler with an empty version for group ${first.group}`);
    }
    for (const info of infos) this.#install('/apis', info);
  }

  /** The `/apis` groups served here, then the delegate's (what a delegating server merges into its `/apis`). */
  apiGroupsDiscovery(): APIGroupsDiscovery {
    return this.#discovery?.apiGroupsDiscovery() ?? this.#options.delegated?.() ?? { groups: [], aggregated: [] };
  }

  #install(root: string, info: APIGroupInfo): void {
    const codecs = info.codecs ?? new CodecFactory(info.scheme);
    const { delegated } = this.#options;
    this.#discovery ??= new DiscoveryManager({ codecs, ...(delegated !== undefined && { delegated }) });
    const { minRequestTimeoutSeconds, maxRequestBodyBytes, metrics, encodedObjects } = this.#options;
    for (const groupVersion of info.prioritizedVersions) {
      const storage = info.versionedResourcesStorageMap[groupVersion.version];
      if (storage === undefined || !hasResources(storage)) {
        this.#options.log(`Skipping API ${formatGroupVersion(groupVersion)} because it has no resources.`);
        continue;
      }
      const installed = new APIGroupVersion({
        root,
        groupVersion,
        storage,
        scheme: info.scheme,
        codecs,
        ...(info.admission !== undefined && { admission: info.admission }),
        ...(info.fieldLabels !== undefined && { fieldLabels: info.fieldLabels }),
        ...(minRequestTimeoutSeconds !== undefined && { minRequestTimeoutSeconds }),
        ...(maxRequestBodyBytes !== undefined && { maxRequestBodyBytes }),
        ...(metrics !== undefined && { metrics }),
        ...(encodedObjects !== undefined && { encodedObjects }),
      }).installREST(this.#container);
      this.#discovery.add(installed);
    }
    this.#discovery.install(this.#container);
  }
}
