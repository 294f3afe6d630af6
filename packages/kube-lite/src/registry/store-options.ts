/**
 * The part of a registry `Store`'s options every kube-lite resource fills the same way: its object and list
 * constructors, qualified resource names and storage (upstream's `genericregistry.Store{NewFunc, NewListFunc,
 * DefaultQualifiedResource, SingularQualifiedResource}` completed by `CompleteWithOptions(RESTOptionsGetter)`).
 */
import type { StoreOptions } from '@apiserver/registry';
import type { GroupResource, GroupVersionKind, Scheme, TSchema } from '@apiserver/runtime';
import { newBuiltinScheme } from '@apiserver/runtime/apis';
import type { RESTOptionsGetter } from './rest-options.js';

/** How a resource is named: group, version, kind and plural and singular resource names. */
export interface ResourceNames {
  /** API group (`''` for core). */
  readonly group: string;
  /** Served version. */
  readonly version: string;
  /** Kind of one object; the list kind is `<kind>List`. */
  readonly kind: string;
  /** Plural resource name (`configmaps`). */
  readonly resource: string;
  /** Singular resource name (`configmap`). */
  readonly singular: string;
}

/** The Store options derived from a resource's names and its storage, ready to spread into `new Store({...})`. */
export type ResourceStoreOptions = Required<Pick<StoreOptions, 'newObject' | 'newList' | 'defaultQualifiedResource' | 'singularQualifiedResource' | 'storage' | 'resourcePrefix'>> &
  Pick<StoreOptions, 'schema'>;

let builtin: Scheme | undefined;

/** The schema of a built-in kind (what makes no-op updates and generation compare Go values), if there is one. */
export function builtinSchemaOf(gvk: GroupVersionKind): TSchema | undefined {
  builtin ??= newBuiltinScheme();
  return builtin.recognizes(gvk) ? builtin.schemaFor(gvk) : undefined;
}

/**
 * The Store options of `names`, with the storage `getter` hands out for the resource (or for `storageResource`,
 * when the registry's storage is configured under another resource, as cohabiting events are).
 */
export function storeOptionsFor(getter: RESTOptionsGetter, names: ResourceNames, storageResource?: GroupResource): ResourceStoreOptions {
  const { group, version, kind, resource, singular } = names;
  const apiVersion = group === '' ? version : `${group}/${version}`;
  const { storage, resourcePrefix } = getter.getRESTOptions(storageResource ?? { group, resource });
  return {
    newObject: () => ({ apiVersion, kind, metadata: {} }),
    newList: () => ({ apiVersion, kind: `${kind}List`, metadata: {}, items: [] }),
    defaultQualifiedResource: { group, resource },
    singularQualifiedResource: { group, resource: singular },
    storage,
    resourcePrefix,
    schema: builtinSchemaOf({ group, version, kind }),
  };
}
