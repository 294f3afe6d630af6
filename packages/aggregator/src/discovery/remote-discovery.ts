/**
 * Aggregated discovery of remote APIServices (kube-aggregator's discovery aggregation controller, simplified):
 * `GET /apis` on the backend asking for aggregated v2, the APIService's group-version taken from it; a
 * backend answering the legacy format is asked `GET /apis/<group>/<version>` instead. Answers are kept
 * for `ttlMillis` per APIService spec; the last good answer is served `Stale` while the backend is unavailable.
 * @module
 */
import type { APIGroupDiscoveryList, APIResourceList, APIVersionDiscovery } from '@apiserver/runtime';
import type { APIService } from '../apis/apiregistration/v1/types.js';
import { DEFAULT_SERVICE_PORT } from '../apis/apiregistration/v1/register.js';
import type { ServiceResolver } from '../apiserver/service-resolver.js';
import { backendGet } from '../proxy/backend-get.js';
import type { ProxyClientCertificate } from '../proxy/backend-tls.js';
import { aggregatedVersionOf } from './legacy-to-aggregated.js';
import { AGGREGATED_V2_ACCEPT, isAggregatedContentType } from './local-discovery.js';

/** Fetches and caches the aggregated discovery of remote group-versions. */
export class RemoteDiscovery {
  readonly #resolver: ServiceResolver | undefined;
  readonly #ttlMillis: number;
  readonly #timeoutMillis: number;
  readonly #clientCertificate: ProxyClientCertificate | undefined;
  readonly #cache = new Map<string, { key: string; at: number; value: APIVersionDiscovery | undefined; lastGood: APIVersionDiscovery | undefined }>();

  /** Creates the fetcher; `clientCertificate` is presented to backends. */
  constructor(resolver: ServiceResolver | undefined, ttlMillis = 10_000, timeoutMillis = 5000, clientCertificate?: ProxyClientCertificate) {
    this.#resolver = resolver;
    this.#clientCertificate = clientCertificate;
    this.#ttlMillis = ttlMillis;
    this.#timeoutMillis = timeoutMillis;
  }

  /**
   * The group-version of `apiService` as its backend describes it. An unavailable APIService, or a failing
   * backend, gives the last document fetched for the same spec marked `Stale` (upstream's ResourceManager),
   * or undefined when there never was one.
   */
  async versionOf(apiService: APIService, available: boolean): Promise<APIVersionDiscovery | undefined> {
    const name = apiService.metadata?.name ?? '';
    const key = `${apiService.metadata?.uid ?? ''}/${JSON.stringify(apiService.spec)}`;
    let entry = this.#cache.get(name);
    if (entry === undefined || entry.key !== key) {
      entry = { key, at: 0, value: undefined, lastGood: undefined };
      this.#cache.set(name, entry);
    }
    if (available && Date.now() - entry.at >= this.#ttlMillis) {
      entry.value = await this.#fetch(apiService).catch(() => undefined);
      entry.at = Date.now();
      if (entry.value !== undefined) entry.lastGood = entry.value;
    }
    if (available && entry.value !== undefined) return entry.value;
    return entry.lastGood === undefined ? undefined : { ...entry.lastGood, freshness: 'Stale' };
  }

  /** Fetches again on the next call (the APIService changed); the last good document is kept for its spec. */
  forget(name: string): void {
    const entry = this.#cache.get(name);
    if (entry !== undefined) entry.at = 0;
  }

  /** Drops everything known about an APIService (it was deleted). */
  remove(name: string): void {
    this.#cache.delete(name);
  }

  async #fetch(apiService: APIService): Promise<APIVersionDiscovery | undefined> {
    const service = apiService.spec?.service;
    if (this.#resolver === undefined || service === undefined || service === null) return undefined;
    const base = await this.#resolver.resolveEndpoint(service.namespace ?? '', service.name ?? '', service.port ?? DEFAULT_SERVICE_PORT);
    const group = apiService.spec?.group ?? '';
    const version = apiService.spec?.version ?? '';
    const root = await backendGet(new URL('/apis', base), `${AGGREGATED_V2_ACCEPT},application/json`, apiService, this.#timeoutMillis, this.#clientCertificate);
    if (root.status === 200 && isAggregatedContentType(root.contentType)) {
      const doc = JSON.parse(root.body.toString('utf8')) as APIGroupDiscoveryList;
      const found = doc.items.find((i) => (i.metadata?.name ?? '') === group)?.versions?.find((v) => v.version === version);
      if (found !== undefined) return found;
    }
    const legacy = await backendGet(new URL(`/apis/${group}/${version}`, base), 'application/json', apiService, this.#timeoutMillis, this.#clientCertificate);
    if (legacy.status !== 200) return undefined;
    return aggregatedVersionOf(JSON.parse(legacy.body.toString('utf8')) as APIResourceList, group, version);
  }
}
