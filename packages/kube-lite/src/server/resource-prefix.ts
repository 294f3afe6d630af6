/** Storage key prefixes of resources, as kube-apiserver's storage factory chooses them. */
import type { GroupResource } from '@apiserver/runtime';

/**
 * Resources whose key prefix is not their name: upstream's `SpecialDefaultResourcePrefixes`
 * (`pkg/kubeapiserver/default_storage_factory_builder.go`) for the resources kube-lite serves. Nodes live under
 * `/minions`, services under `/services/specs`, endpoints under `/services/endpoints`, replicationcontrollers
 * under `/controllers`; upstream's ingresses (`/ingress`) are left out until kube-lite serves them.
 */
const SPECIAL_PREFIXES: ReadonlyMap<string, string> = new Map([
  ['/endpoints', '/services/endpoints'],
  ['/nodes', '/minions'],
  ['/replicationcontrollers', '/controllers'],
  ['/services', '/services/specs'],
]);

/** The key prefix of a resource: `/<resource>` (the group is not part of it), or its special prefix. */
export function resourcePrefixOf(resource: GroupResource): string {
  return SPECIAL_PREFIXES.get(`${resource.group}/${resource.resource}`) ?? `/${resource.resource}`;
}
