/**
 * APIService helpers (kube-aggregator `pkg/apis/apiregistration/v1/helper`): priority order of groups and
 * versions, and the `Available` condition.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import type { APIService, APIServiceCondition } from './types.js';
import { compareKubeAwareVersionStrings } from './version-order.js';

/** The condition type the availability controller maintains. */
export const AVAILABLE = 'Available';

/** What discovery ordering needs of an APIService (a stored one, or one synthesized for a delegate's group-version). */
export interface PrioritizedGroupVersion {
  /** The APIService name, `<version>.<group>`. */
  readonly name: string;
  /** The group. */
  readonly group: string;
  /** The version. */
  readonly version: string;
  /** `spec.groupPriorityMinimum`. */
  readonly groupPriorityMinimum: number;
  /** `spec.versionPriority`. */
  readonly versionPriority: number;
}

/** The ordering facts of a stored APIService. */
export function prioritizedGroupVersionOf(apiService: APIService): PrioritizedGroupVersion {
  const spec = apiService.spec ?? { groupPriorityMinimum: 0, versionPriority: 0 };
  return {
    name: apiService.metadata?.name ?? '',
    group: spec.group ?? '',
    version: spec.version ?? '',
    groupPriorityMinimum: spec.groupPriorityMinimum,
    versionPriority: spec.versionPriority,
  };
}

function byGroupPriorityMinimum(a: PrioritizedGroupVersion, b: PrioritizedGroupVersion): number {
  if (a.groupPriorityMinimum !== b.groupPriorityMinimum) return b.groupPriorityMinimum - a.groupPriorityMinimum;
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

function byVersionPriority(a: PrioritizedGroupVersion, b: PrioritizedGroupVersion): number {
  if (a.versionPriority !== b.versionPriority) return b.versionPriority - a.versionPriority;
  return -compareKubeAwareVersionStrings(a.version, b.version);
}

/**
 * Groups in priority order (`SortedByGroupAndVersion`): APIServices sorted by groupPriorityMinimum (highest
 * first) then name; a group sits where its first APIService does; inside a group, versions by versionPriority
 * (highest first) then Kubernetes-aware version order.
 */
export function sortedByGroupAndVersion<T extends PrioritizedGroupVersion>(entries: readonly T[]): T[][] {
  const groups = new Map<string, T[]>();
  for (const entry of [...entries].sort(byGroupPriorityMinimum)) {
    const existing = groups.get(entry.group);
    if (existing === undefined) groups.set(entry.group, [entry]);
    else existing.push(entry);
  }
  return [...groups.values()].map((versions) => versions.sort(byVersionPriority));
}

/** The condition of a type, if present. */
export function conditionOf(apiService: APIService, type: string): APIServiceCondition | undefined {
  return apiService.status?.conditions?.find((c) => c.type === type);
}

/** Whether the `Available` condition is True. */
export function isAvailable(apiService: APIService): boolean {
  return conditionOf(apiService, AVAILABLE)?.status === 'True';
}

/**
 * Sets a condition (`SetAPIServiceCondition`): replaces the one of the same type, keeping its
 * lastTransitionTime when the status did not change.
 */
export function setCondition(apiService: APIService, condition: APIServiceCondition): void {
  const conditions = [...(apiService.status?.conditions ?? [])];
  const i = conditions.findIndex((c) => c.type === condition.type);
  const old = i === -1 ? undefined : conditions[i];
  const next = old !== undefined && old.status === condition.status ? { ...condition, lastTransitionTime: old.lastTransitionTime } : condition;
  if (i === -1) conditions.push(next);
  else conditions[i] = next;
  apiService.status = { ...apiService.status, conditions };
}

/** The condition of a local APIService (`NewLocalAvailableAPIServiceCondition`). */
export function localAvailableCondition(now: string): APIServiceCondition {
  return { type: AVAILABLE, status: 'True', lastTransitionTime: now, reason: 'Local', message: 'Local APIServices are always available' };
}

/**
 * An APIService as the registry's object type. Every APIService has metadata (the registry always sets it);
 * the two types differ only in how optional TypeScript thinks it is.
 */
export function apiServiceObject(apiService: APIService): ApiObject {
  return { ...apiService, metadata: { ...apiService.metadata } } as ApiObject;
}

/** A stored object of the APIService Store, typed as an APIService (the Store validated it on write). */
export function apiServiceOf(obj: ApiObject): APIService {
  return obj as APIService;
}
