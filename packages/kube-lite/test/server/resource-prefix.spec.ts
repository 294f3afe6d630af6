import t from 'tap';
import { resourcePrefixOf } from '../../src/server/resource-prefix.js';

// Upstream SpecialDefaultResourcePrefixes (pkg/kubeapiserver/default_storage_factory_builder.go), for the resources
// kube-lite serves; every other resource is stored under its own name, whatever its group.
const cases: ReadonlyArray<{ group: string; resource: string; prefix: string }> = [
  { group: '', resource: 'nodes', prefix: '/minions' },
  { group: '', resource: 'services', prefix: '/services/specs' },
  { group: '', resource: 'endpoints', prefix: '/services/endpoints' },
  { group: '', resource: 'replicationcontrollers', prefix: '/controllers' },
  { group: '', resource: 'persistentvolumeclaims', prefix: '/persistentvolumeclaims' },
  { group: '', resource: 'configmaps', prefix: '/configmaps' },
  { group: '', resource: 'events', prefix: '/events' },
  { group: 'apps', resource: 'deployments', prefix: '/deployments' },
  { group: 'coordination.k8s.io', resource: 'leases', prefix: '/leases' },
  { group: 'example.com', resource: 'nodes', prefix: '/nodes' },
  { group: 'example.com', resource: 'services', prefix: '/services' },
];

for (const { group, resource, prefix } of cases) {
  t.equal(resourcePrefixOf({ group, resource }), prefix, `${resource}${group === '' ? '' : `.${group}`} → ${prefix}`);
}
