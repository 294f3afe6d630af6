/**
 * The seams kube-apiserver's `NewREST` functions are written against: a `RESTOptionsGetter` handing each
 * resource its (decorated) storage and key prefix, and a `RESTStorageProvider` per API group turning those
 * into an `APIGroupInfo`.
 */
import type { ApiObject } from '@apiserver/registry';
import type { GroupResource } from '@apiserver/runtime';
import type { APIGroupInfo } from '@apiserver/server';
import type { StorageInterface } from '@apiserver/storage';
import type { APIResourceConfigSource } from '../server/api-resource-config.js';

/** What a resource's registry needs from the storage configuration (k8s `generic.RESTOptions`). */
export interface RESTOptions {
  /** Key prefix of the resource under the storage prefix, e.g. `/configmaps` or `/services/specs`. */
  readonly resourcePrefix: string;
  /** The resource's storage, already decorated (watch-cached or undecorated). */
  readonly storage: StorageInterface<ApiObject>;
}

/** Hands out the storage of each resource (k8s `generic.RESTOptionsGetter`). */
export interface RESTOptionsGetter {
  /** The storage options of one group-resource; each call returns storage for that resource only. */
  getRESTOptions(resource: GroupResource): RESTOptions;
}

/**
 * A getter that also hands out storage without decoration (upstream's `generic.NewRawStorage`): for objects kept
 * outside any resource's prefix and read only by their writer, such as the service allocation ranges, which must
 * read the current state rather than a watch cache's.
 */
export interface RawStorageGetter extends RESTOptionsGetter {
  /** Undecorated storage on the backend configured for `resource` (its etcd servers override, if any). */
  getRawStorage(resource: GroupResource): StorageInterface<ApiObject>;
}

/** Whether `getter` can hand out undecorated storage. */
export function isRawStorageGetter(getter: RESTOptionsGetter): getter is RawStorageGetter {
  return typeof (getter as Partial<RawStorageGetter>).getRawStorage === 'function';
}

/**
 * Builds the storage of one API group (k8s `controlplane.RESTStorageProvider`); kube-lite's groups are each one
 * provider, and a server serves another group when given another provider.
 */
export interface RESTStorageProvider {
  /** The group served (`''` for the legacy core group). */
  groupName(): string;
  /**
   * The group's enabled versions and resource storage, ready for `installAPIGroup`/`installLegacyAPIGroup`: storage
   * is built only for resources `apiResourceConfigSource` enables, and with none enabled the info has no versions
   * (the group is then not installed).
   */
  newRESTStorage(apiResourceConfigSource: APIResourceConfigSource, restOptionsGetter: RESTOptionsGetter): APIGroupInfo;
}
