/**
 * A {@link ServiceGetter} over two registry Getters (the server's `services` and `endpoints` storage): what
 * kube-aggregator's Service and Endpoints listers give it, read from the delegate's registry in process.
 * @module
 */
import type { Getter } from '@apiserver/registry';
import { isNotFound } from '@apiserver/runtime';
import type { EndpointsLike, ServiceGetter, ServiceLike } from './service-resolver.js';

async function getOrUndefined<T>(getter: Getter, namespace: string, name: string): Promise<T | undefined> {
  try {
    return (await getter.get({ namespace }, name)) as T;
  } catch (err) {
    if (isNotFound(err)) return undefined;
    throw err;
  }
}

/** Reads Services from `services` and Endpoints from `endpoints` (NotFound → undefined). */
export function registryServiceGetter(services: Getter, endpoints: Getter): ServiceGetter {
  return {
    getService: (namespace, name) => getOrUndefined<ServiceLike>(services, namespace, name),
    getEndpoints: (namespace, name) => getOrUndefined<EndpointsLike>(endpoints, namespace, name),
  };
}
