/**
 * The storage seam of the apiextensions server: a `RESTOptionsGetter` handing each resource its
 * (possibly watch-cached) storage and key prefix, the shape kube-apiserver's `generic.RESTOptionsGetter` has.
 *
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import type { GroupResource } from '@apiserver/runtime';
import type { StorageInterface } from '@apiserver/storage';

/** What a resource's registry needs from the storage configuration (k8s `generic.RESTOptions`). */
export interface RESTOptions {
  /** Key prefix of the resource under the storage prefix, e.g. `/apiextensions.k8s.io/customresourcedefinitions`. */
  readonly resourcePrefix: string;
  /** The resource's storage. */
  readonly storage: StorageInterface<ApiObject>;
}

/**
 * Hands out the storage of each resource (k8s `generic.RESTOptionsGetter`). The apiextensions server
 * asks for `customresourcedefinitions.apiextensions.k8s.io` and for each CRD's `<plural>.<group>`, and
 * requires the key prefix `/<group>/<resource>` ({@link groupResourcePrefix}), as upstream's
 * `SimpleRestOptionsFactory` and `CRDRESTOptionsGetter` give.
 */
export interface RESTOptionsGetter {
  /** The storage options of one group-resource; each call returns storage for that resource only. */
  getRESTOptions(resource: GroupResource): RESTOptions;
}

/** The key prefix apiextensions stores a group-resource under: `/<group>/<resource>` (upstream's `CRDRESTOptionsGetter`). */
export function groupResourcePrefix(resource: GroupResource): string {
  return `/${resource.group}/${resource.resource}`;
}

/**
 * Remembers the RESTOptions of each group-resource, so a CRD deleted and created again reuses its
 * storage, and insists on `/<group>/<resource>` key prefixes: a custom resource named like a
 * built-in one (`configmaps.example.com`) must never share the built-in's keys.
 */
export class CachedRESTOptionsGetter implements RESTOptionsGetter {
  readonly #inner: RESTOptionsGetter;
  readonly #cache = new Map<string, RESTOptions>();

  /** Wraps a getter. */
  constructor(inner: RESTOptionsGetter) {
    this.#inner = inner;
  }

  /** The (first) options of a group-resource. */
  getRESTOptions(resource: GroupResource): RESTOptions {
    const key = `${resource.resource}.${resource.group}`;
    let options = this.#cache.get(key);
    if (options === undefined) {
      options = this.#inner.getRESTOptions(resource);
      const expected = groupResourcePrefix(resource);
      if (options.resourcePrefix !== expected) {
        throw new TypeError(`apiextensions stores ${key} under ${JSON.stringify(expected)}, but the RESTOptionsGetter gave ${JSON.stringify(options.resourcePrefix)}`);
      }
      this.#cache.set(key, options);
    }
    return options;
  }
}
