/**
 * `@apiserver/registry`: the `rest.*` capability interfaces, the generic registry Store with strategies,
 * and admission (k8s.io/apiserver/pkg/registry and pkg/admission).
 *
 * Guide: `docs/guides/api-server.md` (a kind, its strategy and Store, admission plugins, serving them).
 *
 * @example A Store for a namespaced kind, with a strategy, used directly
 * ```ts
 * import { type ApiObject, defaultUpdatedObjectInfo, GenericStrategy, Store } from '@apiserver/registry';
 * import { MemoryBackend } from '@apiserver/storage-memory';
 *
 * const strategy = new GenericStrategy({ namespaceScoped: true, statusField: 'status', trackGeneration: true });
 * const widgets = new Store({
 *   newObject: () => ({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: {} }),
 *   newList: () => ({ apiVersion: 'example.com/v1', kind: 'WidgetList', metadata: {}, items: [] }),
 *   defaultQualifiedResource: { group: 'example.com', resource: 'widgets' },
 *   singularQualifiedResource: { group: 'example.com', resource: 'widget' },
 *   storage: new MemoryBackend().storage<ApiObject>(),
 *   resourcePrefix: '/widgets',
 *   strategies: { create: strategy, update: strategy, delete: strategy },
 * });
 * const ctx = { namespace: 'default' };
 * const w = await widgets.create(ctx, { metadata: { generateName: 'w-' }, spec: { size: 1 } });
 * const name = w.metadata.name ?? '';
 * const { object } = await widgets.update(ctx, name, defaultUpdatedObjectInfo({ ...w, spec: { size: 2 } }), undefined, undefined, false);
 * console.log(object.metadata.generation); // 2: the spec changed
 * ```
 *
 * @example An admission plugin pair: one mutating (defaults), one validating (policy)
 * ```ts
 * import { AdmissionChain, type MutationInterface, newAdmissionForbidden, type ValidationInterface } from '@apiserver/registry';
 *
 * const defaultColor: MutationInterface = {
 *   handles: (operation) => operation === 'CREATE',
 *   admit(_ctx, attributes) {
 *     const spec = attributes.object?.['spec'] as { color?: string } | undefined;
 *     if (spec !== undefined && spec.color === undefined) spec.color = 'blue';
 *   },
 * };
 * const noRed: ValidationInterface = {
 *   handles: (operation) => operation !== 'CONNECT',
 *   validate(_ctx, attributes) {
 *     const spec = attributes.object?.['spec'] as { color?: string } | undefined;
 *     if (spec?.color === 'red') throw newAdmissionForbidden(attributes, 'red widgets are not allowed');
 *   },
 * };
 * export const admission = new AdmissionChain([defaultColor, noRed]); // APIGroupInfo.admission
 * ```
 * @module
 */

// --- rest: capability interfaces and guards ---
export type {
  ApiList,
  ApiListMeta,
  ApiObject,
  ApiObjectMeta,
  InternalListOptions,
  OptionsSpec,
  Preconditions,
  RequestContext,
  RequestInfo,
  TableOptions,
  UserInfo,
  ValidateObjectFunc,
  ValidateObjectUpdateFunc,
} from './rest/types.js';
export { isDryRun } from './rest/types.js';
export { acceptSharedObjects, acceptsSharedObjects } from './rest/shared-objects.js';
export type {
  CategoriesProvider,
  CollectionDeleter,
  ConnectHandler,
  Connecter,
  Creater,
  DeleteResult,
  Getter,
  GetterWithOptions,
  GracefulDeleter,
  GroupVersionAcceptor,
  GroupVersionKindProvider,
  KindProvider,
  Lister,
  MayReturnFullObjectDeleter,
  MaybeSyncGetter,
  NamedCreater,
  Patcher,
  ResetFieldsStrategy,
  Responder,
  Scoper,
  ShortNamesProvider,
  SingularNameProvider,
  StandardStorage,
  Storage,
  StorageMetadata,
  StorageVersionProvider,
  StorageWithReadiness,
  SubresourceObjectMetaPreserver,
  TableConvertor,
  UpdatedObjectInfo,
  Updater,
  UpdateResult,
  Watcher,
} from './rest/rest.js';
export { isResourceStreamer, type ResourceStreamer, type StreamSource } from './rest/resource-streamer.js';
export {
  type Capabilities,
  capabilitiesOf,
  isCategoriesProvider,
  isCollectionDeleter,
  isConnecter,
  isCreater,
  isGetter,
  isGetterWithOptions,
  isGracefulDeleter,
  isGroupVersionAcceptor,
  isGroupVersionKindProvider,
  isKindProvider,
  isLister,
  isMayReturnFullObjectDeleter,
  isMaybeSyncGetter,
  isNamedCreater,
  isPatcher,
  isResetFieldsStrategy,
  isScoper,
  isShortNamesProvider,
  isSingularNameProvider,
  isStorage,
  isStorageMetadata,
  isStorageVersionProvider,
  isStorageWithReadiness,
  isSubresourceObjectMetaPreserver,
  isTableConvertor,
  isUpdater,
  isWatcher,
} from './rest/capabilities.js';
export {
  type StoragePath,
  StorageInstallError,
  splitSubresource,
  type ValidatedStorage,
  validateStorageForInstall,
} from './rest/install-validation.js';
export { defaultUpdatedObjectInfo, type TransformFunc } from './rest/updated-object-info.js';
export { DefaultTableConvertor, DEFAULT_TABLE_COLUMNS } from './rest/table.js';

// --- rest: strategies and metadata helpers ---
export { beforeCreate, generateNameFor, type RESTCreateStrategy } from './rest/create.js';
export { beforeUpdate, type RESTUpdateStrategy } from './rest/update.js';
export {
  beforeDelete,
  type DeleteDecision,
  type DeletionPropagation,
  type GarbageCollectionPolicy,
  type RESTDeleteStrategy,
  validateDeleteOptions,
} from './rest/delete.js';
export {
  ensureObjectNamespaceMatchesRequestNamespace,
  expectedNamespaceForScope,
  fillObjectMetaSystemFields,
  wipeObjectMetaSystemFields,
} from './rest/meta.js';
export {
  FINALIZER_DELETE_DEPENDENTS,
  FINALIZER_ORPHAN_DEPENDENTS,
  TOTAL_ANNOTATION_SIZE_LIMIT_B,
  validateObjectMeta,
  validateObjectMetaUpdate,
} from './rest/object-meta-validation.js';
export { duplicateGoRendered, goStringSlice, invalidGoRendered, invalidStringSlice } from './rest/go-field-error.js';

// --- generic registry Store ---
export { Store } from './registry/store.js';
export { StatusREST } from './registry/status-rest.js';
export { newScale, ScaleREST, type ScaledStore, type ScaleView } from './registry/scale-rest.js';
export type { ShouldDeleteDuringUpdateFunc, StoreOptions, StoreStrategies, TTLFunc } from './registry/store-options.js';
export { GenericStrategy, type GenericStrategyOptions, specChanged, specOf } from './registry/strategies.js';
export {
  RESET_OBJECT_META_FOR_STATUS,
  resetFieldsByVersion,
  restoreStoredObject,
  StatusStrategy,
  type StatusStrategyOptions,
  type StatusValidateFunc,
} from './registry/status-strategy.js';
export { DryRunnableStorage } from './registry/dry-run.js';
export { type KeyFunc, type KeyRootFunc, namespaceKeyFunc, namespaceKeyRootFunc, noNamespaceKeyFunc } from './registry/keys.js';
export { MAX_NAME_GENERATION_CREATE_ATTEMPTS } from './registry/store-create.js';
export { DELETE_COLLECTION_PAGE_SIZE } from './registry/store-delete-collection.js';
export { markAsDeleting } from './registry/store-delete.js';
export { shouldDeleteDuringUpdate } from './registry/store-update.js';
export {
  deletionFinalizersForGarbageCollection,
  type GCFinalizerUpdate,
  shouldDeleteDependents,
  shouldOrphanDependents,
} from './registry/gc-finalizers.js';
export {
  interpretCreateError,
  interpretDeleteError,
  interpretGetError,
  interpretListError,
  interpretUpdateError,
  interpretWatchError,
} from './registry/storage-errors.js';

// --- admission ---
export {
  type AdmissionInterface,
  type Attributes,
  isMutationInterface,
  isValidationInterface,
  type MutationInterface,
  newAttributesRecord,
  type Operation,
  type ValidationInterface,
} from './admission/interfaces.js';
export { AdmissionChain, type AdmissionChainOptions } from './admission/chain.js';
export { AdmissionMetrics, type AdmissionStepType } from './admission/admission-metrics.js';
export { admissionToValidateObjectFunc, admissionToValidateObjectUpdateFunc } from './admission/validate-funcs.js';
export { newAdmissionForbidden } from './admission/forbidden.js';
export {
  DEFAULT_IMMORTAL_NAMESPACES,
  NAMESPACE_TERMINATING_CAUSE,
  type NamespaceLookup,
  NamespaceLifecycle,
} from './admission/plugins/namespace-lifecycle.js';
export { AlwaysPullImages, visitContainers } from './admission/plugins/always-pull-images.js';
export {
  DefaultTolerationSeconds,
  type DefaultTolerationSecondsOptions,
  TAINT_NODE_NOT_READY,
  TAINT_NODE_UNREACHABLE,
} from './admission/plugins/default-toleration-seconds.js';
export { PV_PROTECTION_FINALIZER, PVC_PROTECTION_FINALIZER, StorageObjectInUseProtection } from './admission/plugins/storage-object-in-use-protection.js';
export {
  DEFAULT_PRIORITY_WHEN_NO_DEFAULT_CLASS_EXISTS,
  defaultPriorityClass,
  PREEMPT_LOWER_PRIORITY,
  PriorityAdmission,
  type PriorityClassLookups,
} from './admission/plugins/priority.js';
export { type RuntimeClassLookup, RuntimeClassAdmission } from './admission/plugins/runtime-class.js';
export {
  DEFAULT_SERVICE_ACCOUNT_ATTEMPTS,
  DEFAULT_SERVICE_ACCOUNT_NAME,
  MIRROR_POD_ANNOTATION,
  ServiceAccountAdmission,
  type ServiceAccountAdmissionOptions,
  type ServiceAccountLookup,
} from './admission/plugins/service-account.js';
export { ENFORCE_MOUNTABLE_SECRETS_ANNOTATION } from './admission/plugins/service-account-secrets.js';
export {
  DEFAULT_API_TOKEN_MOUNT_PATH,
  PROJECTED_VOLUME_SOURCE_DEFAULT_MODE,
  SERVICE_ACCOUNT_VOLUME_PREFIX,
  tokenVolumeSource,
  WARN_ONLY_BOUND_TOKEN_EXPIRATION_SECONDS,
} from './admission/plugins/service-account-token-volume.js';
export { mergeTolerations } from './admission/plugins/merge-tolerations.js';
export {
  BETA_IS_DEFAULT_STORAGE_CLASS_ANNOTATION,
  BETA_STORAGE_CLASS_ANNOTATION,
  DefaultStorageClass,
  defaultStorageClass,
  IS_DEFAULT_STORAGE_CLASS_ANNOTATION,
  isDefaultStorageClass,
  persistentVolumeClaimHasClass,
  type StorageClassLister,
} from './admission/plugins/default-storage-class.js';
export {
  DefaultIngressClass,
  defaultIngressClass,
  INGRESS_CLASS_ANNOTATION,
  type IngressClassLister,
  IS_DEFAULT_INGRESS_CLASS_ANNOTATION,
} from './admission/plugins/default-ingress-class.js';
export { TaintNodesByCondition } from './admission/plugins/taint-nodes-by-condition.js';
export { PersistentVolumeClaimResize, persistentVolumeClaimClass, type StorageClassLookup } from './admission/plugins/persistent-volume-claim-resize.js';
export {
  CSR_GROUP,
  isAuthorizedForSignerName,
  type SignerAuthorizationAttributes,
  type SignerAuthorizer,
} from './admission/plugins/certificates/signer-authorization.js';
export { CertificateApproval, signerNameOf } from './admission/plugins/certificates/certificate-approval.js';
export { CertificateSigning } from './admission/plugins/certificates/certificate-signing.js';
export {
  CertificateSubjectRestriction,
  type CSRSubjectOrganizations,
  KUBE_APISERVER_CLIENT_SIGNER_NAME,
} from './admission/plugins/certificates/certificate-subject-restriction.js';
export {
  applyPodDefaults,
  claimLimitViolations,
  LIMIT_RANGER_ANNOTATION,
  type LimitRangeLister,
  LimitRanger,
  podLimitViolations,
} from './admission/plugins/limitranger/limit-ranger.js';
export { type QuotaAccessor, ResourceQuotaAdmission, type ResourceQuotaAdmissionOptions } from './admission/plugins/resourcequota/resource-quota.js';
export { checkRequest } from './admission/plugins/resourcequota/check-request.js';
// --- PodSecurity (k8s.io/pod-security-admission) ---
export * from './admission/plugins/pod-security/index.js';
// --- quota (k8s.io/apiserver/pkg/quota/v1, pkg/quota/v1/evaluator/core) ---
export {
  addLists,
  formatResourceList,
  isZeroList,
  lessThanOrEqual,
  listsEqual,
  maskList,
  negativeNames,
  parseResourceList,
  prettyPrint,
  prettyPrintResourceNames,
  type ResourceList,
  subtractWithNonNegativeResult,
} from './quota/resource-list.js';
export { containerResources, containersOf, podLimits, podRequests, type PodResourcesOptions } from './quota/pod-resources.js';
export type { JSONRecord } from './quota/json-record.js';
export {
  calculateUsageStats,
  ObjectCountEvaluator,
  objectCountQuotaResourceNameFor,
  type QuotaEvaluator,
  quotaMatches,
  quotaStatusList,
  type ScopeSelectorRequirement,
  scopeSelectorsOf,
} from './quota/evaluator.js';
export { isBestEffortPod, isTerminatingPod, podMatchesScope, usesCrossNamespacePodAffinity } from './quota/evaluator/pod-scopes.js';
export { PodEvaluator, podUsesComputeResources } from './quota/evaluator/pods.js';
export { ServiceEvaluator } from './quota/evaluator/services.js';
export { PersistentVolumeClaimEvaluator } from './quota/evaluator/persistent-volume-claims.js';
export { newCoreEvaluators, QuotaRegistry } from './quota/evaluator/registry.js';

// --- webhooks (k8s.io/apiserver/pkg/util/webhook) ---
export {
  defaultServiceResolver,
  resolveWebhookEndpoint,
  type ServiceReference,
  type ServiceResolver,
  type WebhookClientConfig,
  type WebhookEndpoint,
} from './webhook/client-config.js';
export { validateWebhookService, validateWebhookURL, type WebhookServiceFields } from './webhook/client-config-validation.js';
export { type GoURL, parseGoURL } from './webhook/go-url.js';
export { transportCause, WebhookTransportError } from './webhook/transport-error.js';
export { postWebhook, timeoutQuery, type WebhookAnswer, type WebhookPostOptions } from './webhook/webhook-post.js';

// --- admission webhooks (k8s.io/apiserver/pkg/admission/plugin/webhook) ---
export * from './admission/plugin/webhook/index.js';
