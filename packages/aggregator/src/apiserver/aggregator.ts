/**
 * The API aggregator (kube-aggregator `APIAggregator`): a GenericAPIServer in front of the delegate serving
 * apiregistration.k8s.io/v1, the merged `/apis` and `/apis/<group>` discovery, and every `/apis/<group>/<version>`
 * an APIService names — locally through the delegate or proxied to the APIService's backend.
 * @module
 */
import { type IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Storage } from '@apiserver/registry';
import { type APIGroupDiscoveryList, CodecFactory } from '@apiserver/runtime';
import {
  type DelegationTarget,
  defaultVersionInfo,
  GenericAPIServer,
  type Handler,
  OpenAPIService,
  type ServingOptions,
} from '@apiserver/server';
import { APIREGISTRATION_V1 } from '../apis/apiregistration/v1/types.js';
import { newAPIRegistrationScheme } from '../apis/apiregistration/v1/register.js';
import { AutoRegisterController } from '../controllers/autoregister.js';
import { AvailableConditionController } from '../controllers/available-controller.js';
import { AUTOREGISTER_COMPLETION, apiServiceAvailableHealthCheck } from '../controllers/available-health-check.js';
import { aggregatedDiscovery } from '../discovery/aggregated-discovery.js';
import { APIsHandler } from '../discovery/apis-handler.js';
import { RemoteDiscovery } from '../discovery/remote-discovery.js';
import { AggregatedOpenAPI } from '../openapi/aggregated-openapi.js';
import { ProxyHandler } from '../proxy/proxy-handler.js';
import { markUpgrade } from '../proxy/upgrade.js';
import { type APIServiceStores, newAPIServiceStores } from '../registry/apiservice/storage.js';
import { APIServiceCache } from './apiservice-cache.js';
import type { AggregatorConfig } from './config.js';
import { DEFAULT_API_VERSION_PRIORITIES } from './priorities.js';
import { endpointServiceResolver, type ServiceResolver } from './service-resolver.js';

function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

/** The auto-registration controller of a config (undefined with `autoRegister: false`). */
function newAutoRegisterController(
  config: AggregatorConfig,
  delegate: DelegationTarget,
  stores: APIServiceStores,
  apiServices: APIServiceCache,
  log: (message: string) => void,
): AutoRegisterController | undefined {
  if (config.autoRegister === false) return undefined;
  return new AutoRegisterController({
    store: stores.apiServices,
    apiServices,
    listedPaths: () => delegate.listedPaths(),
    priorities: config.apiVersionPriorities ?? DEFAULT_API_VERSION_PRIORITIES,
    ...(config.autoRegisterIntervalMillis !== undefined && { intervalMillis: config.autoRegisterIntervalMillis }),
    log,
  });
}

/** The aggregator server. */
export class APIAggregator {
  /** The generic server (handler chain, serving, health, OpenAPI). */
  readonly genericAPIServer: GenericAPIServer;
  /** The APIService Stores. */
  readonly stores: APIServiceStores;
  /** The APIServices as the aggregator sees them. */
  readonly apiServices: APIServiceCache;
  /** The availability controller. */
  readonly availableController: AvailableConditionController;
  /** The auto-registration controller (absent with `autoRegister: false`). */
  readonly autoRegisterController: AutoRegisterController | undefined;
  /** The discovery handlers. */
  readonly apis: APIsHandler;
  /** The OpenAPI handlers (absent with `genericConfig.skipOpenAPIInstallation`). */
  readonly openAPI: AggregatedOpenAPI | undefined;
  readonly #delegate: DelegationTarget;
  readonly #proxy: ProxyHandler;

  /** Builds the aggregator in front of `delegate` (see {@link createAggregatorServer}). */
  constructor(config: AggregatorConfig, delegate: DelegationTarget) {
    const log = config.genericConfig?.log ?? ((m: string) => console.error(m));
    this.#delegate = delegate;
    this.stores = newAPIServiceStores(config.restOptionsGetter);
    this.apiServices = new APIServiceCache(this.stores.apiServices, log);
    const priorities = config.apiVersionPriorities ?? DEFAULT_API_VERSION_PRIORITIES;
    this.autoRegisterController = newAutoRegisterController(config, delegate, this.stores, this.apiServices, log);
    // The generic server's OpenAPI handlers are replaced by ones that add the remote group-versions.
    const openAPIOff = config.genericConfig?.skipOpenAPIInstallation === true;
    this.genericAPIServer = new GenericAPIServer({ ...config.genericConfig, delegate, skipOpenAPIInstallation: true });
    const resolver: ServiceResolver | undefined =
      config.serviceResolver ?? (config.services === undefined ? undefined : endpointServiceResolver(config.services, config.serviceScheme));
    this.openAPI = openAPIOff ? undefined : this.#newOpenAPI(config, resolver);
    const scheme = newAPIRegistrationScheme();
    const codecs = new CodecFactory(scheme);
    const clientCertificate = config.proxyClientCertificate;
    const remote = new RemoteDiscovery(resolver, 10_000, config.discoveryTimeoutMillis, clientCertificate);
    this.apis = new APIsHandler({
      codecs,
      apiServices: this.apiServices,
      delegate: delegate.unprotectedHandler(),
      priorities,
      ...(config.aggregatedDiscovery !== false && { aggregated: () => this.#aggregated(remote) }),
    });
    this.#proxy = new ProxyHandler({
      delegate: delegate.unprotectedHandler(),
      ...(resolver !== undefined && { serviceResolver: resolver }),
      ...(clientCertificate !== undefined && { proxyClientCertificate: clientCertificate }),
      ...(config.forwardUserUID === true && { forwardUserUID: true }),
      log,
    });
    this.availableController = new AvailableConditionController({
      apiServices: this.apiServices,
      status: this.stores.status,
      ...(resolver !== undefined && { serviceResolver: resolver }),
      ...(config.services !== undefined && { services: config.services }),
      ...(config.availabilityIntervalMillis !== undefined && { intervalMillis: config.availabilityIntervalMillis }),
      ...(config.discoveryTimeoutMillis !== undefined && { timeoutMillis: config.discoveryTimeoutMillis }),
      ...(clientCertificate !== undefined && { proxyClientCertificate: clientCertificate }),
      log,
    });
    this.apiServices.onChange((name, apiService) => (apiService === undefined ? remote.remove(name) : remote.forget(name)));
    this.#install(scheme, codecs);
    this.#addHooks();
  }

  #newOpenAPI(config: AggregatorConfig, resolver: ServiceResolver | undefined): AggregatedOpenAPI {
    const server = this.genericAPIServer;
    const local = new OpenAPIService({
      webServices: () => server.openAPIWebServices(),
      kindsOf: (schema) => server.openAPIKindsOf(schema),
      info: { title: config.genericConfig?.openAPITitle ?? 'Kubernetes', version: defaultVersionInfo(config.genericConfig?.version).gitVersion },
    });
    const openAPI = new AggregatedOpenAPI({
      local,
      apiServices: this.apiServices,
      ...(resolver !== undefined && { serviceResolver: resolver }),
      ...(config.discoveryTimeoutMillis !== undefined && { timeoutMillis: config.discoveryTimeoutMillis }),
      ...(config.proxyClientCertificate !== undefined && { proxyClientCertificate: config.proxyClientCertificate }),
    });
    openAPI.install(server.handler.nonGoRestfulMux);
    return openAPI;
  }

  #install(scheme: ReturnType<typeof newAPIRegistrationScheme>, codecs: CodecFactory): void {
    const server = this.genericAPIServer;
    const container = server.handler.goRestfulContainer;
    // Our /apis WebService first: the group installer then keeps it instead of adding its own.
    container.add(this.apis.webService());
    const storage: Record<string, Storage> = { apiservices: this.stores.apiServices, 'apiservices/status': this.stores.status };
    server.installAPIGroup({ prioritizedVersions: [APIREGISTRATION_V1], versionedResourcesStorageMap: { v1: storage }, scheme, codecs });
    // The aggregator serves no legacy group: `/api` and `/api/v1/...` belong to the delegate.
    for (const ws of container.registeredWebServices()) if (ws.rootPath() === '/api') container.remove(ws);
    server.handler.nonGoRestfulMux.unlistedHandlePrefix('/apis/', this.#route);
  }

  #addHooks(): void {
    const server = this.genericAPIServer;
    server.addPostStartHook('start-kube-aggregator-informers', () => this.apiServices.start());
    server.addPostStartHook('apiservice-status-available-controller', async () => {
      await this.apiServices.hasSynced();
      this.availableController.start();
    });
    const autoRegister = this.autoRegisterController;
    if (autoRegister !== undefined) {
      server.addPostStartHook('kube-apiserver-autoregistration', async () => {
        await this.apiServices.hasSynced();
        await autoRegister.start();
      });
    }
    // After the hook that starts registration, as upstream: on /healthz, /livez and /readyz alike.
    const registered = autoRegister?.desired().map((s) => s.metadata?.name ?? '') ?? [];
    server.addBootSequenceHealthChecks(apiServiceAvailableHealthCheck(AUTOREGISTER_COMPLETION, registered, this.apiServices));
    server.addPreShutdownHook('stop-kube-aggregator-controllers', async () => {
      await Promise.all([this.availableController.stop(), autoRegister?.stop()]);
      this.apiServices.stop();
    });
  }

  #aggregated(remote: RemoteDiscovery): Promise<APIGroupDiscoveryList> {
    return this.apis.entries().then((entries) =>
      aggregatedDiscovery({ entries, delegate: this.#delegate.unprotectedHandler(), self: this.genericAPIServer.unprotectedHandler(), remote }),
    );
  }

  /** `/apis/<group>[/<version>[/...]]`: group discovery, an APIService's group-version, or the delegate. */
  readonly #route: Handler = (request: IncomingMessage, response: ServerResponse) => {
    const parts = pathOf(request.url ?? '/').split('/');
    const group = parts[2] ?? '';
    const version = parts[3] ?? '';
    const delegate = this.#delegate.unprotectedHandler();
    if (group === '') return delegate(request, response);
    if (version === '' && parts.length <= 4) {
      return this.apis.servesGroup(group) ? this.apis.serveGroup(request, response, group) : delegate(request, response);
    }
    const apiService = this.apiServices.get(`${version}.${group}`);
    return apiService === undefined ? delegate(request, response) : this.#proxy.serve(request, response, apiService);
  };

  /** The node `request` listener (the full handler chain). */
  get requestListener(): GenericAPIServer['requestListener'] {
    return this.genericAPIServer.requestListener;
  }

  /**
   * The node `'upgrade'` listener (WebSocket/SPDY): the request runs through the full handler chain with a
   * response bound to the socket; an upgrade for a remote APIService is tunnelled to its backend, anything else
   * gets a plain HTTP answer and the connection is closed. Attach it to the servers serving
   * {@link APIAggregator.requestListener}.
   */
  readonly upgradeListener = (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    markUpgrade(request, { socket, head });
    const response = new ServerResponse(request);
    response.shouldKeepAlive = false;
    response.assignSocket(socket as Socket);
    response.once('finish', () => socket.end());
    socket.once('error', () => response.destroy());
    this.genericAPIServer.requestListener(request, response);
  };

  /** Starts serving (post-start hooks start the APIService view and the controllers); returns the URLs. */
  listen(options: ServingOptions): Promise<string[]> {
    return this.genericAPIServer.listen(options);
  }

  /** Stops the controllers and shuts the server down gracefully. */
  shutdown(): Promise<void> {
    return this.genericAPIServer.shutdown();
  }
}

/** Creates the aggregator in front of `delegate` (kube-apiserver `CreateAggregatorServer`). */
export function createAggregatorServer(config: AggregatorConfig, delegate: DelegationTarget): APIAggregator {
  return new APIAggregator(config, delegate);
}
