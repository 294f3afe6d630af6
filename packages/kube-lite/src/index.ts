/**
 * `@apiserver/kube-lite`: a Kubernetes-compatible API server assembled from the apiserver-ts packages —
 * options and CLI flags, the storage factory, one REST storage provider per API group, the registries of
 * core/v1, apps/v1 and coordination.k8s.io/v1 resources, their printers, and the in-process controllers.
 *
 * @example
 * ```ts
 * import { defaultKubeLiteOptions, defaultRESTStorageProviders, KubeLiteServer } from '@apiserver/kube-lite';
 *
 * const options = { ...defaultKubeLiteOptions(), port: 0 };
 * const server = await KubeLiteServer.start({ options, providers: defaultRESTStorageProviders(options) });
 * console.log(`serving on ${server.url}; kubeconfig at ${server.kubeconfigPath}`);
 * await server.stop();
 * ```
 * @module
 */
export { isRawStorageGetter, type RawStorageGetter, type RESTOptions, type RESTOptionsGetter, type RESTStorageProvider } from './registry/rest-options.js';
export { type ResourceNames, type ResourceStoreOptions, storeOptionsFor } from './registry/store-options.js';
export {
  appsRESTStorageProvider,
  coordinationRESTStorageProvider,
  defaultRESTStorageProviders,
  flowcontrolRESTStorageProvider,
  LegacyRESTStorageProvider,
  networkingRESTStorageProvider,
  nodeRESTStorageProvider,
  policyRESTStorageProvider,
  type ProviderOptions,
  schedulingRESTStorageProvider,
} from './registry/providers.js';
export {
  enabledGroupInfo,
  enabledResourceStorage,
  type GroupInfoRest,
  groupInfoOf,
  hasServedVersions,
  type ResourceStorageBuilder,
  withoutDisabledResources,
} from './registry/enabled-storage.js';
export { type APIResourceConfigSource, enablingUnknownGroups, ResourceConfig } from './server/api-resource-config.js';
export { builtinGroupVersionRegistry, type GroupVersionRegistry, schemeGroupVersionRegistry } from './server/group-version-registry.js';
export {
  defaultAPIResourceConfig,
  mergeAPIResourceConfig,
  normalizeRuntimeConfig,
  parseRuntimeConfig,
  type RuntimeConfig,
  runtimeConfigErrors,
} from './server/runtime-config.js';
export { KubeLiteServer } from './server/kube-lite-server.js';
export { CompletedKubeLiteConfig, effectiveWatchCacheSizes, KubeLiteConfig, KubeLiteOptionsError, type KubeLiteServerConfig } from './server/config.js';
export { KubeAPIServer, type KubeAPIServerExtras } from './server/kube-api-server.js';
export type { SharedInformers } from './server/shared-informers.js';
export type { WebhookConfigurationsInEffect } from './admission/webhook-admission.js';
export type { CustomResourceSource } from './server/controller-hooks.js';
export { createServerChain, type KubeLiteListening, KubeLiteServerChain, type KubeLiteServers, PreparedKubeLite } from './server/server-chain.js';
export { AUTHORIZATION_MODES, certDirectoryOf, defaultKubeLiteOptions, type KubeLiteOptions, kubeLiteOptionWarnings, validateKubeLiteOptions } from './server/options.js';
export { FRONT_PROXY_CLIENT_NAME, type FrontProxyConfig, FrontProxyError, frontProxyOf, maybeFrontProxyCertificates } from './server/front-proxy.js';
export { featureEnabled, type FeatureSpec, KNOWN_FEATURES, parseFeatureGates } from './server/feature-gates.js';
export { FLAGS, type FlagSpec, type Mutable, parseFlags, type ParsedFlags, usage } from './cli/flags.js';
export { StorageFactory, type StorageBackendConfig } from './server/storage-factory.js';
export { DEFAULT_STORAGE_MEDIA_TYPE, STORAGE_MEDIA_TYPES, storageCodecFor, storageMediaTypeErrors } from './server/storage-codec.js';
export { type EtcdServersOverride, type ParsedEtcdServersOverrides, parseEtcdServersOverrides } from './server/etcd-servers-overrides.js';
export { defaultWatchCacheSizes, type ParsedWatchCacheSizes, parseWatchCacheSizes, type WatchCacheSizes } from './server/watch-cache-sizes.js';
export { type ResourceStorageConfig, resourceStorageConfig, type StorageSettings, storageGroupResourceOf } from './server/resource-storage-config.js';
export { resourcePrefixOf } from './server/resource-prefix.js';
export { type KubeconfigOptions, kubeconfigYAML, writeKubeconfig } from './server/kubeconfig.js';
export {
  addBootstrapHooks,
  advertisedAddressOf,
  type BootstrapOptions,
  DEFAULT_SYSTEM_NAMESPACES_INTERVAL_MS,
  ensureNamespaces,
  kubernetesServiceIPOf,
  SYSTEM_NAMESPACES,
} from './server/bootstrap.js';
export {
  DEFAULT_ENDPOINT_RECONCILER_INTERVAL_MS,
  KubernetesServiceController,
  type KubernetesServiceControllerOptions,
} from './controllers/bootstrap/kubernetes-service-controller.js';
export type { MasterEndpoint } from './controllers/bootstrap/master-endpoints.js';
export { assembleKubeLite, type KubeLiteAssembly, serviceAccountTokensFor } from './server/assembly.js';
export { installServiceAccountIssuerDiscovery, type IssuerDiscoveryOptions, type ServiceAccountIssuer } from './server/service-account-issuer-discovery.js';

// Security: reviews, service account tokens, the superuser authorizer.
export { type AuthenticationProviderOptions, authenticationRESTStorageProvider } from './registry/authentication/provider.js';
export { SelfSubjectReviewREST, userInfoStatus } from './registry/authentication/self-subject-review-rest.js';
export { type TokenChecker, TokenReviewREST } from './registry/authentication/token-review-rest.js';
export {
  serviceAccountLookup,
  type ServiceAccountTokenOptions,
  ServiceAccountTokens,
  withServiceAccountTokenRequest,
} from './registry/authentication/service-account-tokens.js';
export {
  type AccessReviewOptions,
  attributesOfSpec,
  LocalSubjectAccessReviewREST,
  reviewStatus,
  SelfSubjectAccessReviewREST,
  SubjectAccessReviewREST,
  validateLocalSubjectAccessReview,
  validateReviewAttributes,
  validateSelfSubjectAccessReviewSpec,
  validateSubjectAccessReviewSpec,
} from './registry/authorization/access-review-rest.js';
export { AuthorizerReference } from './registry/authorization/authorizer-reference.js';
export { privilegedGroupsAuthorizer } from '@apiserver/server';
export { authorizationRESTStorageProvider } from './registry/authorization/provider.js';
export { requestUserOf } from './registry/authorization/request-user.js';
export { SelfSubjectRulesReviewREST } from './registry/authorization/rules-review-rest.js';
export {
  DEFAULT_TOKEN_EXPIRATION_SECONDS,
  MIN_TOKEN_EXPIRATION_SECONDS,
  TokenREST,
  type TokenRESTOptions,
  validateTokenRequest,
} from './registry/core/serviceaccount/token-rest.js';
export { DocsPage, DocsPageError, type DocsPageOptions, installDocsPage, swaggerUIDistDir } from './docs/install-docs-page.js';

// Registries, one per resource.
export { newConfigMapStorage, newConfigMapStore } from './registry/core/configmap/storage.js';
export { newSecretStorage, newSecretStore, SECRET_FIELD_LABELS } from './registry/core/secret/storage.js';
export { newServiceAccountStorage, newServiceAccountStore } from './registry/core/serviceaccount/storage.js';
export { DEFAULT_EVENT_TTL_SECONDS, type EventStorageOptions, newEventStorage, newEventStore } from './registry/core/event/storage.js';
export { EVENT_FIELD_LABELS } from './registry/core/event/fields.js';
export { NamespaceFinalizeREST, NamespaceREST } from './registry/core/namespace/rest.js';
export { NAMESPACE_FIELD_LABELS, type NamespaceStorage, newNamespaceREST, newNamespaceStorage } from './registry/core/namespace/storage.js';
export { NODE_FIELD_LABELS, type NodeStores, newNodeStorage, newNodeStores } from './registry/core/node/storage.js';
export { newPodStatusStore, newPodStorage, POD_FIELD_LABELS, type PodStorageOptions, podStoreOptions } from './registry/core/pod/storage.js';
export { dropDisabledPodFields, dropDisabledTemplateFields } from './registry/core/pod/drop-disabled-fields.js';
export { EVICTIONS_RETRY, EvictionREST, type EvictionStores, evictionDeleteOptions } from './registry/core/pod/eviction-rest.js';
export { budgetNotProcessed, budgetsCovering, MAX_DISRUPTED_POD_SIZE, spendDisruption, unhealthyPodMayGo } from './registry/core/pod/eviction-budget.js';
export { type Backoff, retryOnError } from './registry/retry.js';
export { newPersistentVolumeClaimStorage, type PersistentVolumeClaimStorageOptions } from './registry/core/persistentvolumeclaim/storage.js';
export { newPersistentVolumeStorage, type PersistentVolumeStorageOptions } from './registry/core/persistentvolume/storage.js';
export {
  controllerScale,
  newReplicationControllerStorage,
  REPLICATION_CONTROLLER_FIELD_LABELS,
  type ReplicationControllerStorageOptions,
} from './registry/core/replicationcontroller/storage.js';
export { newPodTemplateStorage } from './registry/core/podtemplate/storage.js';
export { newResourceQuotaStorage } from './registry/core/resourcequota/storage.js';
export { newLimitRangeStorage } from './registry/core/limitrange/storage.js';
export { BindingREST, BindingStorage, LegacyBindingREST, PodBinder } from './registry/core/binding/binding-rest.js';
export { newBindingStorage } from './registry/core/binding/storage.js';
export { PodConnectStorage, PodStreamREST, type PodStreamKind } from './registry/core/pod/connect-rest.js';
export { PodProxyREST } from './registry/core/pod/proxy-rest.js';
export { type ComponentProbes, ComponentStatusREST } from './registry/core/componentstatus/rest.js';
export { type ComponentStatusStorageOptions, componentProbes, newComponentStatusStorage } from './registry/core/componentstatus/storage.js';
export { etcdHealthProbe, httpsHealthProbe, type Probe, type ProbeResult } from './registry/core/componentstatus/probes.js';
export type { AllocationRange } from './registry/core/service/allocation-bitmap.js';
export { ClusterIPRange } from './registry/core/service/ip-range.js';
export { NodePortRange } from './registry/core/service/port-range.js';
export {
  type AllocationRepairer,
  DEFAULT_SERVICE_CLUSTER_IP_RANGE,
  isAllocationRepairer,
  newServiceStorage,
  SERVICE_FIELD_LABELS,
  type ServiceAllocationStorage,
  ServiceREST,
  type ServiceStorageOptions,
  serviceAttrs,
} from './registry/core/service/storage.js';
export { type DeploymentStorageOptions, newDeploymentStorage } from './registry/apps/deployment/storage.js';
export { newReplicaSetStorage, type ReplicaSetStorageOptions } from './registry/apps/replicaset/storage.js';
export { newStatefulSetStorage, type StatefulSetStorageOptions } from './registry/apps/statefulset/storage.js';
export { type DaemonSetStorageOptions, newDaemonSetStorage } from './registry/apps/daemonset/storage.js';
export { type ControllerRevisionStorageOptions, newControllerRevisionStorage } from './registry/apps/controllerrevision/storage.js';
export { type LeaseStorageOptions, newLeaseStorage } from './registry/coordination/lease/storage.js';
export { BATCH_GROUP_NAME, batchRESTStorageProvider } from './registry/batch/provider.js';
export { JOB_FIELD_LABELS, type JobStorageOptions, newJobStorage } from './registry/batch/job/storage.js';
export { type CronJobStorageOptions, newCronJobStorage } from './registry/batch/cronjob/storage.js';
export { cronScheduleError } from './registry/batch/cronjob/schedule.js';
export { ADMISSIONREGISTRATION_GROUP_NAME, admissionregistrationRESTStorageProvider } from './registry/admissionregistration/provider.js';
export { newMutatingWebhookConfigurationStorage, newValidatingWebhookConfigurationStorage } from './registry/admissionregistration/webhook-configuration-storage.js';
export { newValidatingAdmissionPolicyStorage } from './registry/admissionregistration/validatingadmissionpolicy/storage.js';
export { newValidatingAdmissionPolicyBindingStorage } from './registry/admissionregistration/validatingadmissionpolicybinding/storage.js';
export { STORAGE_GROUP_NAME, storageRESTStorageProvider } from './registry/storage/provider.js';
export { newStorageClassStorage } from './registry/storage/storageclass/storage.js';
export { newCSIDriverStorage } from './registry/storage/csidriver/storage.js';
export { newCSINodeStorage } from './registry/storage/csinode/storage.js';
export { newCSIStorageCapacityStorage } from './registry/storage/csistoragecapacity/storage.js';
export { newVolumeAttachmentStorage } from './registry/storage/volumeattachment/storage.js';
export { CERTIFICATES_GROUP_NAME, certificatesRESTStorageProvider } from './registry/certificates/provider.js';
export { CSR_FIELD_LABELS, csrAttrs, newCSRStorage } from './registry/certificates/csr/storage.js';
export { AUTOSCALING_GROUP_NAME, autoscalingRESTStorageProvider } from './registry/autoscaling/provider.js';
export { type HPAStorage, newHPAStorage } from './registry/autoscaling/hpa/storage.js';
export { hpaFromV1, hpaToV1 } from './registry/autoscaling/hpa/v1-conversion.js';
export { ConvertedGetterUpdater, ConvertedStorage, type VersionConversion } from './registry/converted-storage.js';
export { type IngressStorageOptions, newIngressStorage } from './registry/networking/ingress/storage.js';
export { newIngressClassStorage } from './registry/networking/ingressclass/storage.js';
export { newNetworkPolicyStorage } from './registry/networking/networkpolicy/storage.js';
export { newPodDisruptionBudgetStatusStore, newPodDisruptionBudgetStorage, podDisruptionBudgetStoreOptions } from './registry/policy/poddisruptionbudget/storage.js';
export { newPriorityClassStorage, PriorityClassREST } from './registry/scheduling/priorityclass/storage.js';
export { ensureSystemPriorityClasses, SYSTEM_PRIORITY_CLASSES_HOOK } from './registry/scheduling/priorityclass/bootstrap.js';
export { SYSTEM_PRIORITY_CLASSES, type SystemPriorityClass } from './registry/scheduling/priorityclass/system-classes.js';
export { type FlowControlStorageOptions, newFlowSchemaStorage, newPriorityLevelConfigurationStorage } from './registry/flowcontrol/storage.js';
export { addAPFConfigProducerHook, APF_CONFIG_PRODUCER_HOOK, type APFConfigProducerOptions, ensureAPFBootstrapConfiguration } from './registry/flowcontrol/config-producer.js';
export { MANDATORY_FLOW_SCHEMAS, MANDATORY_PRIORITY_LEVELS, SUGGESTED_FLOW_SCHEMAS, SUGGESTED_PRIORITY_LEVELS } from './registry/flowcontrol/bootstrap-configuration.js';
export { newRuntimeClassStorage } from './registry/node/runtimeclass/storage.js';
export { newEndpointsStorage, newEndpointsStore } from './registry/core/endpoints/storage.js';
export { DISCOVERY_GROUP_NAME, discoveryRESTStorageProvider } from './registry/discovery/provider.js';
export { EVENTS_GROUP_NAME, type EventsProviderOptions, eventsRESTStorageProvider } from './registry/events/provider.js';
export { EventsV1REST } from './registry/events/events-rest.js';
export { eventFromCore, eventListFromCore, eventListToCore, EVENTS_V1_FIELD_LABELS, eventsV1FieldLabelToCore, eventToCore } from './registry/events/conversion.js';
export { validateEventsV1Create, validateEventsV1Update } from './registry/events/validation.js';
export { type EndpointSliceStorageOptions, newEndpointSliceStorage } from './registry/discovery/endpointslice/storage.js';
export { scaleFromWorkload, workloadScale } from './registry/apps/scale/scale-rest.js';

// Printers.
export {
  AGE_COLUMN,
  ageCell,
  type ColumnOptions,
  column,
  NAME_COLUMN,
  type PrintContext,
  type PrintedRow,
  type PrintedRowCondition,
  PrinterTableConvertor,
  type PrinterOptions,
  type RowPrinter,
} from './printers/index.js';

// Controllers.
export { ControllerRun, RunController } from './controllers/controller-run.js';
export {
  type ControllerLoopOptions,
  type ListWatchEventType,
  type ListWatchHandler,
  type ListWatchOptions,
  ListWatcher,
  type ListWatchSource,
  listWatchOptionsOf,
} from './controllers/list-watch.js';
export { NamespaceController, type NamespaceControllerOptions } from './controllers/namespace/namespace-controller.js';
export {
  type DeletionOutcome,
  type NamespaceClient,
  type NamespacedResource,
  NamespacedResourcesDeleter,
  type NamespacedResourcesDeleterOptions,
  ResourcesRemainingError,
} from './controllers/namespace/namespaced-resources-deleter.js';
export { ServiceAccountsController, type ServiceAccountsControllerOptions } from './controllers/serviceaccount/serviceaccounts-controller.js';
export { PVCProtectionController, type PVCProtectionControllerOptions } from './controllers/volume/pvc-protection-controller.js';
export { isVolumeBound, PVProtectionController, type PVProtectionControllerOptions } from './controllers/volume/pv-protection-controller.js';
export { type FailureFunc, type ProcessFunc, type RetryOptions, RetryQueue } from './controllers/retry-queue.js';
