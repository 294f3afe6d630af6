/**
 * The kube API server of kube-lite's delegation chain (upstream `controlplane.Instance` from
 * `CompletedConfig.New`): the storage factory, the API groups of the enabled REST storage providers
 * (`InstallLegacyAPI` + `InstallAPIs`), admission, the bootstrap and controller post-start hooks and
 * the storage readiness check, on a GenericAPIServer in front of a delegate.
 */
import {
  type AdmissionInterface,
  AdmissionChain,
  type ApiObject,
  isGetter,
  MUTATING_WEBHOOK_PLUGIN_NAME,
  MutatingAdmissionWebhook,
  VALIDATING_WEBHOOK_PLUGIN_NAME,
  ValidatingAdmissionWebhook,
} from '@apiserver/registry';
import { isNotFound } from '@apiserver/runtime';
import {
  type APIGroupInfo,
  type AuthenticationConfig,
  type AuthorizationConfig,
  type Authorizer,
  authorizerForModes,
  type DelegationTarget,
  GenericAPIServer,
  type GenericAPIServerConfig,
  namedCheck,
  type RequestAuthenticator,
  selectorsIgnoredAuthorizer,
} from '@apiserver/server';
import { buildAdmissionPlugins } from '../admission/admission-plugins.js';
import { combinedEquivalentResources, customResourceEquivalents } from '../admission/custom-resource-equivalents.js';
import { kubeLiteEquivalentResources } from '../admission/equivalent-resources.js';
import { VALIDATING_ADMISSION_POLICY_PLUGIN_NAME } from '../admission/validating-admission-policy/plugin.js';
import { PolicyAdmission } from '../admission/validating-admission-policy/policy-admission.js';
import { WebhookAdmission, type WebhookConfigurationsInEffect } from '../admission/webhook-admission.js';
import type { MasterEndpoint } from '../controllers/bootstrap/master-endpoints.js';
import { installDocsPage } from '../docs/install-docs-page.js';
import { hasServedVersions } from '../registry/enabled-storage.js';
import { ensureBootstrapPolicy } from '../registry/rbac/provider.js';
import { RBAC_GROUP_NAME } from '../registry/rbac/validation.js';
import { addSystemPriorityClassesHook } from '../registry/scheduling/priorityclass/bootstrap.js';
import { addAPFConfigProducerHook } from '../registry/flowcontrol/config-producer.js';
import type { RESTStorageProvider } from '../registry/rest-options.js';
import { enabledAdmissionPlugins } from './admission-options.js';
import { featureEnabled } from './feature-gates.js';
import type { APIResourceConfigSource } from './api-resource-config.js';
import { addServiceIPRepairHook } from './service-ip-repair.js';
import { addBootstrapHooks, addClusterAuthenticationTrustHook, masterEndpointOf } from './bootstrap.js';
import type { CompletedKubeLiteConfig } from './config.js';
import type { KubeLiteOptions } from './options.js';
import {
  addGarbageCollectorHook,
  addNamespaceControllerHook,
  addPVCProtectionControllerHook,
  addPVProtectionControllerHook,
  addValidatingAdmissionPolicyStatusHook,
  addClusterRoleAggregationHook,
  addResourceQuotaControllerHook,
  addRootCACertPublisherHook,
  addServiceAccountsControllerHook,
  type CustomResourceSource,
} from './controller-hooks.js';
import { storageOf } from './group-storage.js';
import { addSharedInformersHook, type SharedInformers } from './shared-informers.js';
import { installServiceAccountIssuerDiscovery, type ServiceAccountIssuer } from './service-account-issuer-discovery.js';
import { StorageFactory } from './storage-factory.js';

/** Authorization and authentication built from the installed groups (for modes whose rules live in the API). */
export interface KubeAPIServerExtras {
  /** Builds the authorizer from the installed groups instead of `--authorization-mode` (e.g. RBAC). */
  readonly authorizer?: (groups: readonly APIGroupInfo[]) => Authorizer;
  /** The informers the authorizer built by {@link KubeAPIServerExtras.authorizer} reads, asked for once it is built. */
  readonly sharedInformers?: () => SharedInformers | undefined;
  /** More request authenticators (tried after client certificates and the token file), built from the groups. */
  readonly authenticators?: (groups: readonly APIGroupInfo[]) => readonly RequestAuthenticator[];
  /** The service account issuer whose discovery documents are served (none: `/.well-known/openid-configuration` is not). */
  readonly serviceAccountIssuer?: ServiceAccountIssuer;
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

/**
 * The storage's health checks, named as kube-apiserver names them for etcd (`etcd` on healthz, livez and readyz;
 * `etcd-readiness` on readyz, which here also waits for the watch caches' initial lists). The memory backend has
 * no etcd to name: its one readiness check is `storage`.
 */
function storageChecks(backend: KubeLiteOptions['storageBackend'], storage: StorageFactory): Pick<GenericAPIServerConfig, 'healthChecks' | 'readyzChecks'> {
  if (backend !== 'etcd3') return { readyzChecks: [namedCheck('storage', () => storage.readinessCheck())] };
  return { healthChecks: [namedCheck('etcd', () => storage.healthCheck())], readyzChecks: [namedCheck('etcd-readiness', () => storage.readinessCheck())] };
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

/** The kube API server: its GenericAPIServer, storage and groups, and the security config the chain's front uses. */
export class KubeAPIServer {
  /** The GenericAPIServer serving the groups. */
  readonly genericAPIServer: GenericAPIServer;
  /** The storage factory (backends + watch caches); closed by {@link KubeAPIServer.close}. */
  readonly storageFactory: StorageFactory;
  /** The installed API groups. */
  readonly groups: readonly APIGroupInfo[];
  /** Authentication of the chain (the outermost server filters with it). */
  readonly authentication: AuthenticationConfig;
  /** Authorization of the chain. */
  readonly authorization: AuthorizationConfig;
  readonly #listening: (endpoint: MasterEndpoint) => void;
  #endpoint: MasterEndpoint | undefined;
  /** `--advertise-address`, else the bind address (see `advertisedAddressOf`). */
  readonly #advertiseAddress: string;
  readonly #lookupNamespace: (name: string) => Promise<ApiObject | undefined>;
  /** The enabled dynamic admission plugins (MutatingAdmissionWebhook, ValidatingAdmissionPolicy, ValidatingAdmissionWebhook), shared with the apiextensions server. */
  readonly webhookPlugins: readonly AdmissionInterface[];
  /** The ResourceQuota admission plugin (empty when quotas are not served or it is disabled), shared with the apiextensions server. */
  readonly quotaPlugins: readonly AdmissionInterface[];
  /** The enabled admission plugins, in the order they run. */
  readonly #admissionPlugins: readonly AdmissionInterface[];
  readonly #webhooks: WebhookAdmission;
  readonly #policies: PolicyAdmission;

  private constructor(c: CompletedKubeLiteConfig, storage: StorageFactory, delegate: DelegationTarget | undefined, customResources: CustomResourceSource | undefined) {
    const o = c.options;
    this.storageFactory = storage;
    this.#advertiseAddress = o.advertiseAddress ?? o.bindAddress;
    this.groups = enabledGroups(c.providers, c.apiResourceConfig, storage);
    this.#lookupNamespace = namespaceLookup(this.groups);
    const withSelectors = featureEnabled(o.featureGates, 'AuthorizeWithSelectors');
    this.authorization = {
      modes: o.authorizationModes,
      authorizeWithSelectors: withSelectors,
      ...(c.extras.authorizer !== undefined && { authorizer: c.extras.authorizer(this.groups) }),
    };
    // What CEL's `authorizer` asks in admission: the server's authorizer (with AuthorizeWithSelectors off, without the
    // selectors of `fieldSelector()`/`labelSelector()`).
    const authorizer = this.authorization.authorizer ?? authorizerForModes(o.authorizationModes);
    const admissionAuthorizer = withSelectors ? authorizer : selectorsIgnoredAuthorizer(authorizer);
    // A patched object is defaulted by the kinds' scheme (one scheme serves every built-in group), a custom resource
    // by its version's schema (upstream: the request scope's defaulter, the CRD's unstructuredDefaulter).
    const scheme = this.groups[0]?.scheme;
    const defaulter = (obj: ApiObject): void => {
      scheme?.default(obj);
      customResources?.defaultObject?.(obj);
    };
    this.#webhooks = new WebhookAdmission(this.groups, {
      serviceResolver: c.options.webhookServiceResolver,
      log: c.log,
      authorizer: () => admissionAuthorizer,
      defaulter,
      metrics: storage.metrics,
    });
    this.#policies = new PolicyAdmission(this.groups, c.log);
    // Built-in equivalents first, then the custom resources served at the time of each request.
    const equivalents = combinedEquivalentResources(kubeLiteEquivalentResources(this.groups), customResourceEquivalents(() => customResources));
    const policyPlugin = this.#policies.plugin(this.#lookupNamespace, equivalents, () => customResources, () => admissionAuthorizer);
    const webhooks = this.#webhooks.plugins(this.#lookupNamespace, equivalents);
    const dynamic = {
      [MUTATING_WEBHOOK_PLUGIN_NAME]: webhooks.find((p) => p instanceof MutatingAdmissionWebhook),
      [VALIDATING_ADMISSION_POLICY_PLUGIN_NAME]: policyPlugin,
      [VALIDATING_WEBHOOK_PLUGIN_NAME]: webhooks.find((p) => p instanceof ValidatingAdmissionWebhook),
    };
    const sources = { groups: this.groups, options: o, lookupNamespace: this.#lookupNamespace, authorizer: () => authorizer, dynamic };
    const built = buildAdmissionPlugins(new Set(enabledAdmissionPlugins(o)), sources);
    this.#admissionPlugins = built.map((b) => b.plugin);
    this.webhookPlugins = built.filter((b) => Object.hasOwn(dynamic, b.name)).map((b) => b.plugin);
    this.quotaPlugins = built.filter((b) => b.name === 'ResourceQuota').map((b) => b.plugin);
    const requestHeader = c.frontProxy.requestHeader;
    this.authentication = {
      anonymous: o.anonymousAuth,
      ...(requestHeader !== undefined && { requestHeader }),
      // With a front proxy's CA in the TLS pool, client certificates are checked against the client CA alone.
      ...(c.clientCA !== undefined && { clientCA: c.clientCA }),
      ...(o.tokenAuthFile !== undefined && { tokenAuthFile: o.tokenAuthFile }),
      ...(c.extras.authenticators !== undefined && { authenticators: c.extras.authenticators(this.groups) }),
    };
    this.genericAPIServer = new GenericAPIServer({
      ...this.genericConfig(c),
      name: 'kube-lite',
      ...(delegate !== undefined && { delegate }),
      ...storageChecks(o.storageBackend, storage),
    });
    let listening: (endpoint: MasterEndpoint) => void = () => undefined;
    const endpoint = new Promise<MasterEndpoint>((resolve) => {
      listening = resolve;
    });
    this.#listening = listening;
    this.#install(c, endpoint, customResources);
  }

  /** Opens the storage of `c` and builds the server in front of `delegate`; the storage is closed again on failure. */
  static async create(c: CompletedKubeLiteConfig, delegate?: DelegationTarget): Promise<KubeAPIServer> {
    const storage = await StorageFactory.open(c.storageBackend);
    try {
      return KubeAPIServer.build(c, storage, delegate);
    } catch (err) {
      await storage.close();
      throw err;
    }
  }

  /**
   * Builds the server on an opened storage factory, which it then owns (closed by {@link KubeAPIServer.close}); the
   * namespace controller and the garbage collector act on `customResources` too.
   */
  static build(c: CompletedKubeLiteConfig, storage: StorageFactory, delegate?: DelegationTarget, customResources?: CustomResourceSource): KubeAPIServer {
    return new KubeAPIServer(c, storage, delegate, customResources);
  }

  /** The admission webhook configurations in effect, by name: those whose webhooks requests are admitted by now. */
  webhookConfigurationsInEffect(): WebhookConfigurationsInEffect {
    return this.#webhooks.configurationsInEffect();
  }

  /** The namespace named `name`, or undefined when it does not exist (what NamespaceLifecycle admission asks). */
  lookupNamespace(name: string): Promise<ApiObject | undefined> {
    return this.#lookupNamespace(name);
  }

  #install(c: CompletedKubeLiteConfig, endpoint: Promise<MasterEndpoint>, customResources: CustomResourceSource | undefined): void {
    const server = this.genericAPIServer;
    // Upstream's order (see ADMISSION_PLUGINS): the built-in plugins, then the webhooks, ResourceQuota last.
    const admission = new AdmissionChain(this.#admissionPlugins, { metrics: this.storageFactory.metrics });
    for (const info of this.groups) {
      const withAdmission = { ...info, admission };
      if (info.prioritizedVersions[0]?.group === '') server.installLegacyAPIGroup('/api', withAdmission);
      else server.installAPIGroup(withAdmission);
    }
    addServiceIPRepairHook(server, this.groups, {
      ...(c.options.serviceIPRepairIntervalMillis !== undefined && { intervalMs: c.options.serviceIPRepairIntervalMillis }),
      log: c.log,
    });
    addBootstrapHooks(server, this.groups, {
      endpoint,
      serviceClusterIPRange: c.options.serviceClusterIPRange,
      ...(c.options.endpointReconcilerIntervalMillis !== undefined && { endpointReconcilerIntervalMs: c.options.endpointReconcilerIntervalMillis }),
      ...(c.options.systemNamespacesIntervalMillis !== undefined && { systemNamespacesIntervalMs: c.options.systemNamespacesIntervalMillis }),
      log: c.log,
    });
    if (storageOf(this.groups, RBAC_GROUP_NAME, 'clusterroles') !== undefined) server.addPostStartHook('rbac/bootstrap-roles', () => ensureBootstrapPolicy(this.groups));
    addSystemPriorityClassesHook(server, this.groups);
    addAPFConfigProducerHook(server, this.groups, { log: c.log });
    addSharedInformersHook(server, c.extras.sharedInformers?.(), c.log);
    server.addPostStartHook('start-webhook-configuration-informers', () => this.#webhooks.start());
    server.addPreShutdownHook('stop-webhook-configuration-informers', () => this.#webhooks.stop());
    server.addPostStartHook('start-validating-admission-policy-informers', () => this.#policies.start());
    server.addPreShutdownHook('stop-validating-admission-policy-informers', () => this.#policies.stop());
    installDocsPage(server);
    const issuer = c.extras.serviceAccountIssuer;
    if (issuer !== undefined) {
      const o = c.options;
      installServiceAccountIssuerDiscovery(server, issuer, {
        ...(o.serviceAccountJWKSURI !== undefined && { jwksURI: o.serviceAccountJWKSURI }),
        ...(o.externalHostname !== undefined && { externalHostname: o.externalHostname }),
        endpoint: () => this.#endpoint,
        log: c.log,
      });
    }
    addNamespaceControllerHook(server, this.groups, c.log, customResources);
    if (c.options.enableGarbageCollector) addGarbageCollectorHook(server, this.groups, c.log, customResources);
    addServiceAccountsControllerHook(server, this.groups, c.log);
    addRootCACertPublisherHook(server, this.groups, c.rootCA, c.log);
    addClusterAuthenticationTrustHook(server, this.groups, { ...(c.clientCA !== undefined && { clientCA: c.clientCA }), ...(c.frontProxy.requestHeader !== undefined && { requestHeader: c.frontProxy.requestHeader }) }, c.log);
    addResourceQuotaControllerHook(server, this.groups, c.log, c.options.resourceQuotaSyncPeriodMillis, customResources);
    addPVCProtectionControllerHook(server, this.groups, c.log);
    addPVProtectionControllerHook(server, this.groups, c.log);
    addValidatingAdmissionPolicyStatusHook(server, this.groups, c.log, customResources);
    addClusterRoleAggregationHook(server, this.groups, c.log);
  }

  /** The generic server settings every server of the chain shares: limits, timeouts, authentication, authorization, log. */
  genericConfig(c: CompletedKubeLiteConfig): GenericAPIServerConfig {
    const o = c.options;
    return {
      requestTimeoutMillis: o.requestTimeoutMillis,
      maxRequestsInFlight: o.maxRequestsInflight,
      maxMutatingRequestsInFlight: o.maxMutatingRequestsInflight,
      metrics: this.storageFactory.metrics,
      encodedObjects: this.storageFactory.encodedObjects,
      authentication: this.authentication,
      authorization: this.authorization,
      logger: c.logger,
      enableProfiling: o.profiling,
      ...(c.audit !== undefined && { audit: c.audit }),
    };
  }

  /** Tells the bootstrap controller, already waiting in its post-start hook, where the chain listens. */
  listening(urls: readonly string[]): void {
    this.#endpoint = masterEndpointOf(this.#advertiseAddress, urls);
    this.#listening(this.#endpoint);
  }

  /** Closes the storage (after the chain shut down). */
  close(): Promise<void> {
    return this.storageFactory.close();
  }
}
