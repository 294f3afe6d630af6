/**
 * Where and how one resource is stored: the pure per-resource step of kube-lite's storage factory (upstream
 * `DefaultStorageFactory.NewConfig` + `StorageFactoryRestOptionsFactory.GetRESTOptions`), kept apart from the backends.
 */
import { type GroupResource, groupResourceString } from '@apiserver/runtime';
import type { EtcdServersOverride } from './etcd-servers-overrides.js';
import { resourcePrefixOf } from './resource-prefix.js';
import type { WatchCacheSizes } from './watch-cache-sizes.js';

/** The storage settings that vary per resource. */
export interface StorageSettings {
  /** `--watch-cache`: whether any resource is watch-cached. */
  readonly watchCache: boolean;
  /** `--watch-cache-sizes`, keyed by `resource[.group]`. */
  readonly watchCacheSizes: WatchCacheSizes;
  /** `--etcd-servers-overrides`, parsed. */
  readonly etcdServersOverrides: readonly EtcdServersOverride[];
}

/** The storage configuration of one resource. */
export interface ResourceStorageConfig {
  /** Key prefix under the storage prefix, e.g. `/configmaps` or `/services/specs`. */
  readonly resourcePrefix: string;
  /** The Cacher's event history capacity when watch-cached (absent: the Cacher's default); `undefined`: undecorated storage. */
  readonly watchCache: { readonly historyCapacity?: number } | undefined;
  /** The etcd servers of an `--etcd-servers-overrides` entry; `undefined`: the default backend. */
  readonly etcdServers: readonly string[] | undefined;
}

/** The key of a server list: the same servers in any order are one etcd cluster, hence one backend. */
export function serverListKey(servers: readonly string[]): string {
  return [...servers].sort().join(';');
}

function watchCacheOf(resource: GroupResource, settings: StorageSettings): ResourceStorageConfig['watchCache'] {
  if (!settings.watchCache) return undefined;
  const size = settings.watchCacheSizes.get(groupResourceString(resource));
  // Size 0 turns the cache off for the resource (upstream's `UndecoratedStorage`); another size bounds its history.
  if (size === 0) return undefined;
  return size === undefined ? {} : { historyCapacity: size };
}

/**
 * Resources stored together with another (kube-apiserver's `AddCohabitatingResources`): events.k8s.io events are
 * core events, so they take the core resource's key prefix and etcd servers.
 */
const COHABITATING: ReadonlyMap<string, GroupResource> = new Map([['events.events.k8s.io', { group: '', resource: 'events' }]]);

/** The resource whose storage `resource` shares (upstream `getStorageGroupResource`), itself when none. */
export function storageGroupResourceOf(resource: GroupResource): GroupResource {
  return COHABITATING.get(groupResourceString(resource)) ?? resource;
}

/**
 * The configuration of `resource` under `settings`: its key prefix and etcd servers (those of the resource it
 * cohabits with, if any) and its own watch cache.
 */
export function resourceStorageConfig(resource: GroupResource, settings: StorageSettings): ResourceStorageConfig {
  const stored = storageGroupResourceOf(resource);
  const override = settings.etcdServersOverrides.findLast((o) => o.resource.group === stored.group && o.resource.resource === stored.resource);
  return { resourcePrefix: resourcePrefixOf(stored), watchCache: watchCacheOf(resource, settings), etcdServers: override?.servers };
}
