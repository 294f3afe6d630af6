/**
 * Where kube-lite reaches a webhook's Service: an address of the Service's Endpoints, read from the kube API server's
 * own storage (kube-apiserver's endpoint resolver, used with `--enable-aggregator-routing`; kube-lite has no
 * cluster IPs to route to).
 * @module
 */
import { endpointServiceResolver, registryServiceGetter, ServiceResolutionError } from '@apiserver/aggregator';
import { isGetter, type ServiceResolver } from '@apiserver/registry';
import { storageOf } from './group-storage.js';
import type { KubeAPIServer } from './kube-api-server.js';

/** Resolves `namespace/name:port` through the Services and Endpoints of the kube API server `kube()` returns (it may be built later). */
export function clusterServiceResolver(kube: () => KubeAPIServer | undefined): ServiceResolver {
  return async (namespace, name, port) => {
    const server = kube();
    const services = server === undefined ? undefined : storageOf(server.groups, '', 'services');
    const endpoints = server === undefined ? undefined : storageOf(server.groups, '', 'endpoints');
    if (services === undefined || !isGetter(services) || endpoints === undefined || !isGetter(endpoints)) {
      throw new ServiceResolutionError(`service "${name}" not found`);
    }
    return endpointServiceResolver(registryServiceGetter(services, endpoints)).resolveEndpoint(namespace, name, port);
  };
}
