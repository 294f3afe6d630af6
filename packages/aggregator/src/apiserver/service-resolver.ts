/**
 * Where an APIService's `spec.service` is reached (kube-aggregator `ServiceResolver`): a URL for a
 * namespace/name/port. The default resolver picks an address of the Service's Endpoints
 * (`NewEndpointServiceResolver`, kube-apiserver's `--enable-aggregator-routing`); Services and Endpoints are
 * read through a {@link ServiceGetter} the caller supplies.
 * @module
 */

/** Resolves a Service port to the URL of a backend. */
export interface ServiceResolver {
  /** The base URL (scheme, host, port) to send requests for `namespace/name:port` to; throws when it cannot. */
  resolveEndpoint(namespace: string, name: string, port: number): Promise<URL>;
}

/** The parts of a core/v1 Service the resolver and the availability checks read. */
export interface ServiceLike {
  /** The spec. */
  readonly spec?: {
    /** `ClusterIP`, `NodePort`, `LoadBalancer` or `ExternalName`. */
    readonly type?: string;
    /** For ExternalName Services. */
    readonly externalName?: string;
    /** The ports. */
    readonly ports?: ReadonlyArray<{ readonly name?: string; readonly port: number; readonly targetPort?: number | string }>;
  };
}

/** The parts of a core/v1 Endpoints the resolver and the availability checks read. */
export interface EndpointsLike {
  /** The subsets. */
  readonly subsets?: ReadonlyArray<{
    readonly addresses?: ReadonlyArray<{ readonly ip: string }>;
    readonly ports?: ReadonlyArray<{ readonly name?: string; readonly port: number }>;
  }>;
}

/** Reads Services and Endpoints (e.g. from the delegate's storage); `undefined` when not found. */
export interface ServiceGetter {
  /** The Service `namespace/name`. */
  getService(namespace: string, name: string): Promise<ServiceLike | undefined>;
  /** The Endpoints `namespace/name`. */
  getEndpoints(namespace: string, name: string): Promise<EndpointsLike | undefined>;
}

/** A resolution failure (the proxy answers 503; the availability check reports its message). */
export class ServiceResolutionError extends Error {
  /** Creates the error. */
  constructor(message: string) {
    super(message);
    this.name = 'ServiceResolutionError';
  }
}

function hostPort(ip: string, port: number): string {
  return ip.includes(':') ? `[${ip}]:${port}` : `${ip}:${port}`;
}

/**
 * The endpoint resolver (`ResolveEndpoint` in apiserver's util/proxy): the Service port with number `port`
 * gives a port name; the first Endpoints subset with addresses and a port of that name gives the backend.
 * `scheme` is `https` as upstream; tests against plain-HTTP servers pass `http`.
 */
export function endpointServiceResolver(getter: ServiceGetter, scheme: 'https' | 'http' = 'https'): ServiceResolver {
  return {
    async resolveEndpoint(namespace, name, port) {
      const service = await getter.getService(namespace, name);
      if (service === undefined) throw new ServiceResolutionError(`service "${name}" not found`);
      if (service.spec?.type === 'ExternalName') return new URL(`${scheme}://${hostPort(service.spec.externalName ?? '', port)}`);
      const svcPort = service.spec?.ports?.find((p) => p.port === port);
      if (svcPort === undefined) throw new ServiceResolutionError(`no service port ${port} found for service "${name}"`);
      const endpoints = await getter.getEndpoints(namespace, name);
      if (endpoints === undefined) throw new ServiceResolutionError(`endpoints "${name}" not found`);
      for (const subset of endpoints.subsets ?? []) {
        const endpointPort = subset.ports?.find((p) => (p.name ?? '') === (svcPort.name ?? ''));
        const address = subset.addresses?.[0];
        if (endpointPort !== undefined && address !== undefined) return new URL(`${scheme}://${hostPort(address.ip, endpointPort.port)}`);
      }
      throw new ServiceResolutionError(`no endpoints available for service "${name}"`);
    },
  };
}

/** A resolver from a fixed table `namespace/name:port` → URL (tests, static setups). */
export function staticServiceResolver(table: Readonly<Record<string, string>>): ServiceResolver {
  return {
    async resolveEndpoint(namespace, name, port) {
      const url = table[`${namespace}/${name}:${port}`];
      if (url === undefined) throw new ServiceResolutionError(`service "${name}" not found`);
      return new URL(url);
    },
  };
}
