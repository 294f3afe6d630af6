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
export type { RESTOptions, RESTOptionsGetter, RESTStorageProvider } from './registry/rest-options.js';
export {
  appsRESTStorageProvider,
  coordinationRESTStorageProvider,
  defaultRESTStorageProviders,
  LegacyRESTStorageProvider,
  type ProviderOptions,
} from './registry/providers.js';
export { KubeLiteServer, KubeLiteOptionsError, type KubeLiteServerConfig } from './server/kube-lite-server.js';
export { AUTHORIZATION_MODES, defaultKubeLiteOptions, type KubeLiteOptions, validateKubeLiteOptions } from './server/options.js';
export { FLAGS, type FlagSpec, type Mutable, parseFlags, type ParsedFlags, usage } from './cli/flags.js';
export { StorageFactory, type StorageBackendConfig } from './server/storage-factory.js';
export { resourcePrefixOf } from './server/resource-prefix.js';
export { type KubeconfigOptions, kubeconfigYAML, writeKubeconfig } from './server/kubeconfig.js';
export { ensureNamespaces, SYSTEM_NAMESPACES } from './server/bootstrap.js';

// Registries, one per resource.
export { newConfigMapStorage, newConfigMapStore } from './registry/core/configmap/storage.js';
export { newSecretStorage, newSecretStore, SECRET_FIELD_LABELS } from './registry/core/secret/storage.js';
export { newServiceAccountStorage, newServiceAccountStore } from './registry/core/serviceaccount/storage.js';
export { DEFAULT_EVENT_TTL_SECONDS, type EventStorageOptions, newEventStorage, newEventStore } from './registry/core/event/storage.js';
export { EVENT_FIELD_LABELS } from './registry/core/event/fields.js';
export { NamespaceFinalizeREST, NamespaceREST } from './registry/core/namespace/rest.js';
export { NAMESPACE_FIELD_LABELS, type NamespaceStorage, newNamespaceREST, newNamespaceStorage } from './registry/core/namespace/storage.js';
export { NODE_FIELD_LABELS, type NodeStores, newNodeStorage, newNodeStores } from './registry/core/node/storage.js';
export { newPodStorage, POD_FIELD_LABELS, type PodStorageOptions } from './registry/core/pod/storage.js';
export { ClusterIPRange } from './registry/core/service/ip-range.js';
export { NodePortRange } from './registry/core/service/port-range.js';
export { DEFAULT_SERVICE_CLUSTER_IP_RANGE, newServiceStorage, ServiceREST, type ServiceStorageOptions } from './registry/core/service/storage.js';
export { type DeploymentStorageOptions, newDeploymentStorage } from './registry/apps/deployment/storage.js';
export { newReplicaSetStorage, type ReplicaSetStorageOptions } from './registry/apps/replicaset/storage.js';
export { type LeaseStorageOptions, newLeaseStorage } from './registry/coordination/lease/storage.js';
export { ScaleREST, scaleFromWorkload } from './registry/apps/scale/scale-rest.js';
export { StatusREST } from './registry/status-rest.js';

// Printers.
export {
  AGE_COLUMN,
  ageCell,
  type ColumnOptions,
  column,
  humanDuration,
  NAME_COLUMN,
  type PrintContext,
  type PrintedRow,
  type PrintedRowCondition,
  PrinterTableConvertor,
  type PrinterOptions,
  type RowPrinter,
  translateTimestampSince,
} from './printers/index.js';

// Controllers.
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
export type { RetryOptions } from './controllers/retry-queue.js';
