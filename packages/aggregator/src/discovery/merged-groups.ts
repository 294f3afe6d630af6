/**
 * The `/apis` and `/apis/<group>` documents of the aggregator (kube-aggregator `handler_apis.go`): the
 * aggregator's own group first, then every group in APIService priority order. Group-versions the delegate
 * serves without an APIService (before auto-registration ran, or with it off) are ordered as the APIService
 * auto-registration would create for them.
 * @module
 */
import type { APIGroup } from '@apiserver/runtime';
import {
  type PrioritizedGroupVersion,
  prioritizedGroupVersionOf,
  sortedByGroupAndVersion,
} from '../apis/apiregistration/v1/helpers.js';
import { APIREGISTRATION_GROUP, type APIService } from '../apis/apiregistration/v1/types.js';
import { type APIVersionPriorities, DEFAULT_LOCAL_PRIORITY } from '../apiserver/priorities.js';

/** One version of the merged discovery, and whether the delegate serves it. */
export interface DiscoveryEntry extends PrioritizedGroupVersion {
  /** The APIService, when there is one (absent for a delegate group-version without APIService). */
  readonly apiService?: APIService;
}

/** The aggregator's own group (`discoveryGroup`). */
export const APIREGISTRATION_DISCOVERY_GROUP: APIGroup = {
  name: APIREGISTRATION_GROUP,
  versions: [{ groupVersion: `${APIREGISTRATION_GROUP}/v1`, version: 'v1' }],
  preferredVersion: { groupVersion: `${APIREGISTRATION_GROUP}/v1`, version: 'v1' },
};

/** APIServices plus the delegate's group-versions not covered by one, in no particular order. */
export function discoveryEntries(apiServices: readonly APIService[], local: readonly APIGroup[], priorities: APIVersionPriorities): DiscoveryEntry[] {
  const entries: DiscoveryEntry[] = apiServices.map((apiService) => ({ ...prioritizedGroupVersionOf(apiService), apiService }));
  const covered = new Set(entries.map((e) => `${e.group}/${e.version}`));
  for (const group of local) {
    if (group.name === APIREGISTRATION_GROUP) continue;
    for (const { version } of group.versions) {
      const key = `${group.name}/${version}`;
      if (covered.has(key)) continue;
      covered.add(key);
      const priority = priorities[key] ?? DEFAULT_LOCAL_PRIORITY;
      entries.push({ name: `${version}.${group.name}`, group: group.name, version, groupPriorityMinimum: priority.group, versionPriority: priority.version });
    }
  }
  return entries;
}

/** The discovery APIGroup of one group's entries, already sorted (`convertToDiscoveryAPIGroup`). */
export function toAPIGroup(entries: readonly PrioritizedGroupVersion[]): APIGroup | undefined {
  const first = entries[0];
  if (first === undefined) return undefined;
  const versions = entries.map((e) => ({ groupVersion: `${e.group}/${e.version}`, version: e.version }));
  return { name: first.group, versions, preferredVersion: { groupVersion: `${first.group}/${first.version}`, version: first.version } };
}

/** The groups of `/apis`: apiregistration.k8s.io, then the others in priority order (the legacy group skipped). */
export function mergedAPIGroups(entries: readonly DiscoveryEntry[]): APIGroup[] {
  const groups = sortedByGroupAndVersion(entries.filter((e) => e.group !== '' && e.group !== APIREGISTRATION_GROUP));
  return [APIREGISTRATION_DISCOVERY_GROUP, ...groups.flatMap((g) => toAPIGroup(g) ?? [])];
}

/** The entries of one group, sorted. */
export function groupEntries(entries: readonly DiscoveryEntry[], group: string): DiscoveryEntry[] {
  return sortedByGroupAndVersion(entries.filter((e) => e.group === group))[0] ?? [];
}
