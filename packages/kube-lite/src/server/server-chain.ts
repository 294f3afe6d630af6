/**
 * kube-lite's delegation chain (upstream `CreateServerChain`): requests enter the outermost server's handler chain
 * once, and paths it does not serve fall through to the next server's unprotected handler, ending at the not-found
 * handler: the aggregator, the kube API server, the apiextensions server, then the not-found handler.
 */
import { readFileSync, rmSync } from 'node:fs';
import { type APIAggregator, APIREGISTRATION_GROUP, createAggregatorServer, registryServiceGetter } from '@apiserver/aggregator';
import { APIEXTENSIONS_GROUP, type APIExtensionsServer, createAPIExtensionsServer } from '@apiserver/apiextensions';
import { AdmissionChain, isGetter, NamespaceLifecycle } from '@apiserver/registry';
import type { GenericAPIServer, PreparedGenericAPIServer } from '@apiserver/server';
import { deferredAdmission } from '../admission/webhook-admission.js';
import { type CompletedKubeLiteConfig, generatedServingCertFile } from './config.js';
import { storageOf } from './group-storage.js';
import { KubeAPIServer } from './kube-api-server.js';
import { StorageFactory } from './storage-factory.js';
import { writeKubeconfig } from './kubeconfig.js';
import { clusterServiceResolver } from './webhook-service-resolver.js';
import { featureEnabled } from './feature-gates.js';
import { enabledAdmissionPlugins } from './admission-options.js';

/** Where a running chain listens. */
export interface KubeLiteListening {
  /** Listener URLs, plain HTTP first. */
  readonly urls: readonly string[];
  /** The kubeconfig written for the first URL. */
  readonly kubeconfigPath: string;
}

/** The servers of kube-lite's chain, front first. */
export interface KubeLiteServers {
  /** The aggregator (front); absent with `apiregistration.k8s.io/v1` turned off. */
  readonly aggregator: APIAggregator | undefined;
  /** The kube API server. */
  readonly kubeAPIServer: KubeAPIServer;
  /** The apiextensions server; absent with `apiextensions.k8s.io/v1` turned off. */
  readonly apiExtensions: APIExtensionsServer | undefined;
}

/** The servers of the chain, outermost first in {@link KubeLiteServerChain.server}. */
export class KubeLiteServerChain {
  /** The server that listens and filters every request (the front of the chain). */
  readonly server: GenericAPIServer;
  /** The aggregator, the front of the chain (absent with `apiregistration.k8s.io/v1` off: the kube API server fronts). */
  readonly aggregator: APIAggregator | undefined;
  /** The kube API server (built-in groups and their storage). */
  readonly kubeAPIServer: KubeAPIServer;
  /** The apiextensions server (CRDs and custom resources), behind the kube API server (absent with `apiextensions.k8s.io/v1` off). */
  readonly apiExtensions: APIExtensionsServer | undefined;
  readonly #config: CompletedKubeLiteConfig;

  /** Assembles a chain from its built servers. */
  constructor(config: CompletedKubeLiteConfig, servers: KubeLiteServers) {
    this.#config = config;
    this.aggregator = servers.aggregator;
    this.kubeAPIServer = servers.kubeAPIServer;
    this.apiExtensions = servers.apiExtensions;
    this.server = servers.aggregator?.genericAPIServer ?? servers.kubeAPIServer.genericAPIServer;
  }

  /** Prepares the whole chain to run (upstream `PrepareRun`). */
  prepareRun(): PreparedKubeLite {
    return new PreparedKubeLite(this.#config, this, this.server.prepareRun());
  }

  /**
   * Shuts the front server down gracefully (the delegates' pre-shutdown hooks too), then closes the storage and
   * removes the kubeconfig's directory when kube-lite made it in the OS temp dir (no `--data-dir`, no path given).
   */
  async shutdown(): Promise<void> {
    await this.server.shutdown();
    await this.kubeAPIServer.close();
    const dir = this.#config.temporaryKubeconfigDir;
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The aggregator in front of the kube API server (upstream `createAggregatorServer`): APIServices stored under
 * `/apiregistration.k8s.io/apiservices`, remote ones resolved through the served Services and Endpoints, a local
 * APIService registered for every built-in group-version.
 */
function newAggregator(config: CompletedKubeLiteConfig, kube: KubeAPIServer): APIAggregator {
  const services = storageOf(kube.groups, '', 'services');
  const endpoints = storageOf(kube.groups, '', 'endpoints');
  return createAggregatorServer(
    {
      genericConfig: { ...kube.genericConfig(config), name: 'kube-aggregator' },
      restOptionsGetter: kube.storageFactory.simpleRESTOptionsGetter(),
      ...(config.frontProxy.proxyClientCertificate !== undefined && { proxyClientCertificate: config.frontProxy.proxyClientCertificate }),
      ...(featureEnabled(config.options.featureGates, 'RemoteRequestHeaderUID') && { forwardUserUID: true }),
      ...(services !== undefined && isGetter(services) && endpoints !== undefined && isGetter(endpoints) && { services: registryServiceGetter(services, endpoints) }),
    },
    kube.genericAPIServer,
  );
}

/**
 * The apiextensions server behind the kube API server (upstream `createAPIExtensionsServer`): CRDs stored under
 * `/apiextensions.k8s.io/customresourcedefinitions`, custom resources under `/<group>/<plural>`, namespaced ones
 * admitted only into existing namespaces (looked up in the kube API server once it exists), then by the kube API
 * server's admission webhooks and its ResourceQuota plugin (`count/<plural>.<group>` quotas); conversion webhooks' Services are reached through the kube API server's Services and
 * Endpoints unless the options give a resolver.
 */
function newAPIExtensions(config: CompletedKubeLiteConfig, storage: StorageFactory, kube: () => KubeAPIServer | undefined): APIExtensionsServer {
  const o = config.options;
  const lifecycle = new NamespaceLifecycle((name) => kube()?.lookupNamespace(name) ?? Promise.resolve(undefined));
  const withLifecycle = enabledAdmissionPlugins(o).includes(lifecycle.name);
  const plugins = [...(withLifecycle ? [lifecycle] : []), ...deferredAdmission(() => kube()?.webhookPlugins), ...deferredAdmission(() => kube()?.quotaPlugins)];
  const admission = new AdmissionChain(plugins, { metrics: storage.metrics });
  return createAPIExtensionsServer({
    restOptionsGetter: storage.simpleRESTOptionsGetter(),
    genericConfig: {
      name: 'apiextensions-apiserver',
      requestTimeoutMillis: o.requestTimeoutMillis,
      maxRequestsInFlight: o.maxRequestsInflight,
      maxMutatingRequestsInFlight: o.maxMutatingRequestsInflight,
      metrics: storage.metrics,
      encodedObjects: storage.encodedObjects,
      logger: config.logger,
      enableProfiling: o.profiling,
    },
    admission,
    conversionWebhook: {
      serviceResolver: o.webhookServiceResolver ?? clusterServiceResolver(kube),
      ...(o.conversionWebhookTimeoutMillis !== undefined && { timeoutMillis: o.conversionWebhookTimeoutMillis }),
    },
  });
}

/** Builds the chain from a completed config (aggregator → kube API server → apiextensions); the storage is closed again when building fails. */
export async function createServerChain(config: CompletedKubeLiteConfig): Promise<KubeLiteServerChain> {
  const storage = await StorageFactory.open(config.storageBackend);
  try {
    let kube: KubeAPIServer | undefined;
    const enabled = (group: string): boolean => config.apiResourceConfig.versionEnabled({ group, version: 'v1' });
    // A server whose group `--runtime-config` turns off is left out of the chain.
    const apiExtensions = enabled(APIEXTENSIONS_GROUP) ? newAPIExtensions(config, storage, () => kube) : undefined;
    kube = KubeAPIServer.build(config, storage, apiExtensions?.genericAPIServer, apiExtensions?.crdHandler);
    const aggregator = enabled(APIREGISTRATION_GROUP) ? newAggregator(config, kube) : undefined;
    return new KubeLiteServerChain(config, { aggregator, kubeAPIServer: kube, apiExtensions });
  } catch (err) {
    await storage.close();
    throw err;
  }
}

/** A chain ready to serve: `nonBlockingRun` starts it and writes the kubeconfig, `run(signal)` serves until aborted. */
export class PreparedKubeLite {
  /** The chain. */
  readonly chain: KubeLiteServerChain;
  readonly #config: CompletedKubeLiteConfig;
  readonly #prepared: PreparedGenericAPIServer;

  /** Wraps a prepared chain. */
  constructor(config: CompletedKubeLiteConfig, chain: KubeLiteServerChain, prepared: PreparedGenericAPIServer) {
    this.#config = config;
    this.chain = chain;
    this.#prepared = prepared;
  }

  /** Starts the listeners and post-start hooks, tells the bootstrap controller the endpoint and writes the kubeconfig. */
  async nonBlockingRun(): Promise<KubeLiteListening> {
    const c = this.#config;
    const o = c.options;
    const urls = await this.#prepared.nonBlockingRun({
      bindAddress: o.bindAddress,
      ...(o.port !== -1 && { port: o.port }),
      ...(c.secureServing !== undefined && { secure: c.secureServing }),
    });
    this.chain.kubeAPIServer.listening(urls);
    const url = urls[0] ?? '';
    const caFile = generatedServingCertFile(c.secureServing);
    writeKubeconfig(c.kubeconfigPath, {
      server: url,
      ...(url.startsWith('https:') && caFile !== undefined && { certificateAuthorityPEM: readFileSync(caFile, 'utf8') }),
      ...(c.kubeconfigToken !== undefined && { token: c.kubeconfigToken }),
    });
    return { urls, kubeconfigPath: c.kubeconfigPath };
  }

  /**
   * Serves until `signal` aborts, then shuts down gracefully and closes the storage (upstream `Run(ctx)`);
   * `onListening` receives the URLs and kubeconfig once serving.
   */
  async run(signal: AbortSignal, onListening?: (listening: KubeLiteListening) => void): Promise<void> {
    if (signal.aborted) {
      await this.chain.kubeAPIServer.close();
      return;
    }
    const listening = await this.nonBlockingRun();
    onListening?.(listening);
    if (!signal.aborted) await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
    await this.chain.shutdown();
  }
}
