/**
 * The storage seam of the aggregator: how its APIService Store gets its storage. Structurally the same as
 * kube-apiserver's `generic.RESTOptionsGetter` (and kube-lite's), so a server's getter can be passed as is.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import type { GroupResource } from '@apiserver/runtime';
import type { StorageInterface } from '@apiserver/storage';

/** What a resource's registry needs from the storage configuration (k8s `generic.RESTOptions`). */
export interface RESTOptions {
  /** Key prefix of the resource under the storage prefix, e.g. `/apiregistration.k8s.io/apiservices`. */
  readonly resourcePrefix: string;
  /** The resource's storage (possibly watch-cached). */
  readonly storage: StorageInterface<ApiObject>;
}

/** Hands out the storage of each resource (k8s `generic.RESTOptionsGetter`). */
export interface RESTOptionsGetter {
  /** The storage options of one group-resource. */
  getRESTOptions(resource: GroupResource): RESTOptions;
}
