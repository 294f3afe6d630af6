/**
 * kube-lite's server: options → storage factory → API groups from the REST storage providers → a
 * GenericAPIServer with admission, bootstrap hooks and readiness → listeners and a kubeconfig.
 */
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AdmissionChain, type ApiObject, isGetter, NamespaceLifecycle } from '@apiserver/registry';
import { isNotFound } from '@apiserver/runtime';
import {
  type APIGroupInfo,
  type Authorizer,
  GenericAPIServer,
  namedCheck,
  type RequestAuthenticator,
  type SecureServingOptions,
} from '@apiserver/server';
import { ensureBootstrapPolicy } from '../registry/rbac/provider.js';
import { RBAC_GROUP_NAME } from '../registry/rbac/validation.js';
import { hasServedVersions } from '../registry/enabled-storage.js';
import type { RESTStorageProvider } from '../registry/rest-options.js';
import { type APIResourceConfigSource, enablingUnknownGroups } from './api-resource-config.js';
import { builtinGroupVersionRegistry, type GroupVersionRegistry } from './group-version-registry.js';
import { mergeAPIResourceConfig } from './runtime-config.js';
import { installDocsPage } from '../docs/install-docs-page.js';
import type { MasterEndpoint } from '../controllers/bootstrap/master-endpoints.js';
import { addBootstrapHooks, masterEndpointOf } from './bootstrap.js';
import { parseEtcdServersOverrides } from './etcd-servers-overrides.js';
import { storageOf } from './group-storage.js';
import { kubeconfigToken, writeKubeconfig } from './kubeconfig.js';
import { addNamespaceControllerHook, addServiceAccountsControllerHook } from './controller-hooks.js';
import { certDirectoryOf, type KubeLiteOptions, validateKubeLiteOptions } from './options.js';
import { StorageFactory } from './storage-factory.js';
import { parseWatchCacheSizes } from './watch-cache-sizes.js';

/** Options that cannot run; `errors` lists every problem found. */
export class KubeLiteOptionsError extends Error {
  /** One message per invalid option. */
  readonly errors: readonly string[];

  /** Creates the error from all validation messages. */
  constructor(errors: readonly string[]) {
    super(`invalid options:\n  ${errors.join('\n  ')}`);
    this.name = 'KubeLiteOptionsError';
    this.errors = errors;
  }
}

/** What {@link KubeLiteServer.start} needs. */
export interface KubeLiteServerConfig {
  /** The flag values. */
  readonly options: KubeLiteOptions;
  /** The API groups to serve, one provider per group (the legacy core group's provider has group name ''). */
  readonly providers: readonly RESTStorageProvider[];
  /** Server log (default `console.error`). */
  readonly log?: (message: string) => void;
  /** Where to write the kubeconfig (default `<data-dir>/kubeconfig`, else a file in the OS temp dir). */
  readonly kubeconfigPath?: string;
  /**
   * Builds the authorizer from the installed groups instead of `--authorization-mode` (for modes whose rules live
   * in the API, such as RBAC).
   */
  readonly authorizer?: (groups: readonly APIGroupInfo[]) => Authorizer;
  /** More request authenticators (tried after client certificates and the token file), built from the groups. */
  readonly authenticators?: (groups: readonly APIGroupInfo[]) => readonly RequestAuthenticator[];
  /** The group-versions `--runtime-config` may name, enabled by default when stable (default: the built-in scheme's). */
  readonly apiGroupRegistry?: GroupVersionRegistry;
}

/**
 * The groups of the providers the config enables (k8s `InstallAPIs`): a group with nothing enabled is skipped before
 * its storage is built, and one whose provider returns no versions is skipped after.
 */
function enabledGroups(providers: readonly RESTStorageProvider[], source: APIResourceConfigSource, storage: StorageFactory): APIGroupInfo[] {
  return providers
    .filter((p) => source.anyResourceForGroupEnabled(p.groupName()))
    .map((p) => p.newRESTStorage(source, storage))
    .filter(hasServedVersions);
}

function namespaceLookup(groups: readonly APIGroupInfo[]): (name: string) => Promise<ApiObject | undefined> {
  const namespaces = storageOf(groups, '', 'namespaces');
  if (namespaces === undefined || !isGetter(namespaces)) return () => Promise.resolve(undefined);
  return async (name) => {
    try {
      return await namespaces.get({}, name, {});
    } catch (err) {
      // Only an absent namespace is "not found"; a storage outage stays an error (ServerTimeout), not a 404.
      if (isNotFound(err)) return undefined;
      throw err;
    }
  };
}

function secureServing(o: KubeLiteOptions): SecureServingOptions | undefined {
  if (o.securePort === -1) return undefined;
  return {
    port: o.securePort,
    ...(o.tlsCertFile !== undefined && { tlsCertFile: o.tlsCertFile }),
    ...(o.tlsPrivateKeyFile !== undefined && { tlsPrivateKeyFile: o.tlsPrivateKeyFile }),
    ...(o.clientCAFile !== undefined && { clientCAFile: o.clientCAFile }),
    certDirectory: certDirectoryOf(o),
  };
}

/** A running kube-lite: its URLs, kubeconfig, the GenericAPIServer and the storage it owns. */
export class KubeLiteServer {
  /** The GenericAPIServer serving the groups. */
  readonly genericAPIServer: GenericAPIServer;
  /** The storage factory (backend + watch caches). */
  readonly storageFactory: StorageFactory;
  /** Listener URLs, plain HTTP first. */
  readonly urls: readonly string[];
  /** The kubeconfig written at start. */
  readonly kubeconfigPath: string;
  #stopped: Promise<void> | undefined;

  private constructor(server: GenericAPIServer, storage: StorageFactory, urls: readonly string[], kubeconfigPath: string) {
    this.genericAPIServer = server;
    this.storageFactory = storage;
    this.urls = urls;
    this.kubeconfigPath = kubeconfigPath;
  }

  /** The first listener's URL. */
  get url(): string {
    return this.urls[0] ?? '';
  }

  /** Validates the options, builds the server, starts listening and writes the kubeconfig. */
  static async start(config: KubeLiteServerConfig): Promise<KubeLiteServer> {
    const o = config.options;
    const errors = validateKubeLiteOptions(o, config.apiGroupRegistry ?? builtinGroupVersionRegistry());
    if (errors.length > 0) throw new KubeLiteOptionsError(errors);
    const storage = await StorageFactory.open({
      type: o.storageBackend,
      etcdServers: o.etcdServers,
      etcdPrefix: o.etcdPrefix,
      watchCache: o.watchCache,
      watchCacheSizes: parseWatchCacheSizes(o.watchCacheSizes).sizes,
      etcdServersOverrides: parseEtcdServersOverrides(o.etcdServersOverrides).overrides,
      ...(o.dataDir !== undefined && { dataDir: join(o.dataDir, 'storage') }),
    });
    try {
      return await KubeLiteServer.#serve(config, storage);
    } catch (err) {
      await storage.close();
      throw err;
    }
  }

  static async #serve(config: KubeLiteServerConfig, storage: StorageFactory): Promise<KubeLiteServer> {
    const o = config.options;
    const registry = config.apiGroupRegistry ?? builtinGroupVersionRegistry();
    const source = enablingUnknownGroups(mergeAPIResourceConfig(o.runtimeConfig, registry), (group) => registry.isGroupRegistered(group));
    const groups = enabledGroups(config.providers, source, storage);
    const admission = new AdmissionChain([new NamespaceLifecycle(namespaceLookup(groups))]);
    const token = kubeconfigToken(o.tokenAuthFile);
    const server = new GenericAPIServer({
      name: 'kube-lite',
      requestTimeoutMillis: o.requestTimeoutMillis,
      maxRequestsInFlight: o.maxRequestsInflight,
      maxMutatingRequestsInFlight: o.maxMutatingRequestsInflight,
      authentication: {
        anonymous: o.anonymousAuth,
        ...(o.tokenAuthFile !== undefined && { tokenAuthFile: o.tokenAuthFile }),
        ...(config.authenticators !== undefined && { authenticators: config.authenticators(groups) }),
      },
      authorization: { modes: o.authorizationModes, ...(config.authorizer !== undefined && { authorizer: config.authorizer(groups) }) },
      readyzChecks: [namedCheck(o.storageBackend === 'etcd3' ? 'etcd' : 'storage', () => storage.readinessCheck())],
      ...(config.log !== undefined && { log: config.log }),
    });
    for (const info of groups) {
      const withAdmission = { ...info, admission };
      if (info.prioritizedVersions[0]?.group === '') server.installLegacyAPIGroup('/api', withAdmission);
      else server.installAPIGroup(withAdmission);
    }
    let listening: (endpoint: MasterEndpoint) => void = () => undefined;
    const endpoint = new Promise<MasterEndpoint>((resolve) => {
      listening = resolve;
    });
    addBootstrapHooks(server, groups, {
      endpoint,
      serviceClusterIPRange: o.serviceClusterIPRange,
      ...(o.endpointReconcilerIntervalMillis !== undefined && { endpointReconcilerIntervalMs: o.endpointReconcilerIntervalMillis }),
      ...(o.systemNamespacesIntervalMillis !== undefined && { systemNamespacesIntervalMs: o.systemNamespacesIntervalMillis }),
      log: config.log ?? ((m: string) => console.error(m)),
    });
    if (storageOf(groups, RBAC_GROUP_NAME, 'clusterroles') !== undefined) server.addPostStartHook('rbac/bootstrap-roles', () => ensureBootstrapPolicy(groups));
    installDocsPage(server);
    const log = config.log ?? ((m: string) => console.error(m));
    addNamespaceControllerHook(server, groups, log);
    addServiceAccountsControllerHook(server, groups, log);
    const secure = secureServing(o);
    const urls = await server.listen({ bindAddress: o.bindAddress, ...(o.port !== -1 && { port: o.port }), ...(secure !== undefined && { secure }) });
    // The bootstrap-controller hook, already running, waits for the port the listener got.
    listening(masterEndpointOf(o.bindAddress, urls));
    const kubeconfigPath = config.kubeconfigPath ?? join(o.dataDir ?? join(tmpdir(), `kube-lite-${process.pid}-${Date.now()}`), 'kubeconfig');
    const url = urls[0] ?? '';
    const caFile = secure === undefined ? undefined : (secure.tlsCertFile ?? join(secure.certDirectory ?? '', 'apiserver.crt'));
    writeKubeconfig(kubeconfigPath, {
      server: url,
      ...(url.startsWith('https:') && caFile !== undefined && o.tlsCertFile === undefined && { certificateAuthorityPEM: readFileSync(caFile, 'utf8') }),
      ...(token !== undefined && { token }),
    });
    return new KubeLiteServer(server, storage, urls, kubeconfigPath);
  }

  /** Graceful shutdown (in-flight requests finish, watches end), then the storage closes. */
  stop(): Promise<void> {
    this.#stopped ??= (async () => {
      await this.genericAPIServer.shutdown();
      await this.storageFactory.close();
    })();
    return this.#stopped;
  }
}
