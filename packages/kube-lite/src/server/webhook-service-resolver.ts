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
import type { APIGroupInfo } from '@apiserver/server';

/** Resolves `namespace/name:port` through the Services and Endpoints the groups serve; undefined when they serve neither. */
export function servedServiceResolver(groups: readonly APIGroupInfo[]): ServiceResolver | undefined {
  const services = storageOf(groups, '', 'services');
  const endpoints = storageOf(groups, '', 'endpoints');
  if (services === undefined || !isGetter(services) || endpoints === undefined || !isGetter(endpoints)) return undefined;
  const resolver = endpointServiceResolver(registryServiceGetter(services, endpoints));
  return (namespace, name, port) => resolver.resolveEndpoint(namespace, name, port);
}

/** {@link servedServiceResolver} of the kube API server `kube()` returns (it may be built later). */
export function clusterServiceResolver(kube: () => KubeAPIServer | undefined): ServiceResolver {
  return async (namespace, name, port) => {
    const server = kube();
    const resolver = server === undefined ? undefined : servedServiceResolver(server.groups);
    if (resolver === undefined) throw new ServiceResolutionError(`service "${name}" not found`);
    return resolver(namespace, name, port);
  };
}
