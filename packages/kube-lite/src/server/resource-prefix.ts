/** Storage key prefixes of resources, as kube-apiserver's storage factory chooses them. */
import type { GroupResource } from '@apiserver/runtime';

/**
 * Resources whose key prefix is not their name (`DefaultStorageFactory` resource prefixes set in
 * `pkg/kubeapiserver/default_storage_factory_builder.go`): nodes live under `/minions`, services under
 * `/services/specs`.
 */
const SPECIAL_PREFIXES: ReadonlyMap<string, string> = new Map([
  ['/nodes', '/minions'],
  ['/services', '/services/specs'],
]);

/** The key prefix of a resource: `/<resource>` (the group is not part of it), or its special prefix. */
export function resourcePrefixOf(resource: GroupResource): string {
  const key = `${resource.group === '' ? '' : `${resource.group}`}/${resource.resource}`;
  return SPECIAL_PREFIXES.get(key) ?? `/${resource.resource}`;
}
