/**
 * The configuration of the aggregator (kube-aggregator `apiserver.Config`: the generic server config plus
 * `ExtraConfig`).
 * @module
 */
import type { GenericAPIServerConfig } from '@apiserver/server';
import type { ProxyClientCertificate } from '../proxy/backend-tls.js';
import type { RESTOptionsGetter } from '../registry/apiservice/rest-options.js';
import type { APIVersionPriorities } from './priorities.js';
import type { ServiceGetter, ServiceResolver } from './service-resolver.js';

/** Configuration of {@link createAggregatorServer}. */
export interface AggregatorConfig {
  /** The generic server's settings (authentication, authorization, timeouts, version, …); the delegate is given separately. */
  readonly genericConfig?: Omit<GenericAPIServerConfig, 'delegate'>;
  /** Storage of `apiservices.apiregistration.k8s.io`. */
  readonly restOptionsGetter: RESTOptionsGetter;
  /**
   * Resolves `spec.service` of remote APIServices to a URL. Default: the endpoint resolver (`endpointServiceResolver`) over
   * `services` when given; without either, remote APIServices stay unavailable.
   */
  readonly serviceResolver?: ServiceResolver;
  /** Reads Services and Endpoints: the default resolver and the availability controller's Service checks. */
  readonly services?: ServiceGetter;
  /** Scheme of the URLs the default resolver builds (default `https`, as upstream; `http` for plain-HTTP backends). */
  readonly serviceScheme?: 'https' | 'http';
  /** Availability re-check period in ms (default 30 000). */
  readonly availabilityIntervalMillis?: number;
  /** Timeout of discovery requests to backends in ms (default 5 000). */
  readonly discoveryTimeoutMillis?: number;
  /** Priorities of the delegate's group-versions (default kube-apiserver's table). */
  readonly apiVersionPriorities?: APIVersionPriorities;
  /** Register a local APIService for each of the delegate's group-versions (default true). */
  readonly autoRegister?: boolean;
  /** Auto-registration re-sync period in ms (default 30 000). */
  readonly autoRegisterIntervalMillis?: number;
  /**
   * The client certificate the aggregator presents to every backend: proxied requests, discovery, OpenAPI and
   * availability checks (`--proxy-client-cert-file`/`--proxy-client-key-file`; absent: none, and backends that
   * verify their front proxy refuse the X-Remote-* headers).
   */
  readonly proxyClientCertificate?: ProxyClientCertificate;
  /** Send the user's UID to backends as `X-Remote-Uid` (kube-apiserver's `RemoteRequestHeaderUID` gate; default false). */
  readonly forwardUserUID?: boolean;
  /** Serve aggregated discovery v2 on `/apis` (default true). */
  readonly aggregatedDiscovery?: boolean;
}

