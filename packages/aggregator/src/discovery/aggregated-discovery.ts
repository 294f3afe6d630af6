/**
 * The aggregator's aggregated discovery document of `/apis` (apidiscovery.k8s.io/v2): its own group first,
 * then the groups in APIService priority order with each version taken from the delegate (local) or the
 * backend (remote; `Stale` while unavailable, once described). Versions never described are left out.
 * @module
 */
import type { APIGroupDiscovery, APIGroupDiscoveryList, APIResourceList, APIVersionDiscovery } from '@apiserver/runtime';
import type { Handler } from '@apiserver/server';
import { isAvailable, sortedByGroupAndVersion } from '../apis/apiregistration/v1/helpers.js';
import { APIREGISTRATION_GROUP } from '../apis/apiregistration/v1/types.js';
import { handlerGet } from './handler-request.js';
import { aggregatedVersionOf } from './legacy-to-aggregated.js';
import { localAggregatedGroups } from './local-discovery.js';
import type { DiscoveryEntry } from './merged-groups.js';
import type { RemoteDiscovery } from './remote-discovery.js';

/** What the document is built from. */
export interface AggregatedDiscoverySources {
  /** The merged entries (APIServices and the delegate's group-versions). */
  readonly entries: readonly DiscoveryEntry[];
  /** The delegate's unprotected handler. */
  readonly delegate: Handler;
  /** The aggregator's own handler (its apiregistration.k8s.io/v1 resources). */
  readonly self: Handler;
  /** Remote versions. */
  readonly remote: RemoteDiscovery;
}

async function ownGroup(self: Handler): Promise<APIGroupDiscovery | undefined> {
  const answer = await handlerGet(self, `/apis/${APIREGISTRATION_GROUP}/v1`, 'application/json');
  if (answer.status !== 200) return undefined;
  const list = JSON.parse(answer.body.toString('utf8')) as APIResourceList;
  return { metadata: { name: APIREGISTRATION_GROUP }, versions: [aggregatedVersionOf(list, APIREGISTRATION_GROUP, 'v1')] };
}

/** Builds the merged APIGroupDiscoveryList. */
export async function aggregatedDiscovery(sources: AggregatedDiscoverySources): Promise<APIGroupDiscoveryList> {
  const local = await localAggregatedGroups(sources.delegate);
  const localVersion = (group: string, version: string): APIVersionDiscovery | undefined =>
    local?.items.find((i) => (i.metadata?.name ?? '') === group)?.versions?.find((v) => v.version === version);
  const groups = sortedByGroupAndVersion(sources.entries.filter((e) => e.group !== '' && e.group !== APIREGISTRATION_GROUP));
  const items: APIGroupDiscovery[] = [];
  const own = await ownGroup(sources.self);
  if (own !== undefined) items.push(own);
  for (const entries of groups) {
    const versions = await Promise.all(
      entries.map((e) => {
        const service = e.apiService?.spec?.service;
        if (e.apiService === undefined || service === undefined || service === null) return localVersion(e.group, e.version);
        return sources.remote.versionOf(e.apiService, isAvailable(e.apiService));
      }),
    );
    const present = versions.filter((v): v is APIVersionDiscovery => v !== undefined);
    if (present.length > 0) items.push({ metadata: { name: entries[0]?.group ?? '' }, versions: present });
  }
  return { kind: 'APIGroupDiscoveryList', apiVersion: 'apidiscovery.k8s.io/v2', metadata: {}, items };
}
