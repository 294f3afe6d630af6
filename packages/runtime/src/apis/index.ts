/**
 * `@apiserver/runtime/apis`: schemas and types of the built-in core/v1, apps/v1, coordination.k8s.io/v1, discovery.k8s.io/v1
 * kinds, and their registration in a Scheme. The schemas are generated from k8s.io/api v0.32.9 (`scripts/gen-api`);
 * every type of the 19 GA group versions is exported as a namespace per group version (`coreV1.PodSchema`,
 * `batchV1.JobSchema`, …) with its registered kinds (`batchV1Kinds`).
 *
 * @module
 */
export {
  type Deployment,
  DeploymentConditionSchema,
  type DeploymentList,
  DeploymentListSchema,
  DeploymentSchema,
  DeploymentSpecSchema,
  DeploymentStatusSchema,
  DeploymentStrategySchema,
  RollingUpdateDeploymentSchema,
} from './apps/v1/deployment.js';
export {
  type ReplicaSet,
  ReplicaSetConditionSchema,
  type ReplicaSetList,
  ReplicaSetListSchema,
  ReplicaSetSchema,
  ReplicaSetSpecSchema,
  ReplicaSetStatusSchema,
} from './apps/v1/replica-set.js';
export { type Lease, type LeaseList, LeaseListSchema, LeaseSchema, LeaseSpecSchema } from './coordination/v1/lease.js';
export {
  type EventsV1Event,
  type EventsV1EventList,
  EventsV1EventListSchema,
  EventsV1EventSchema,
  EventsV1EventSeriesSchema,
} from './events/v1/event.js';
export {
  type ConfigMap,
  type ConfigMapList,
  ConfigMapListSchema,
  ConfigMapSchema,
  listSchemaOf,
  type Namespace,
  NamespaceConditionSchema,
  type NamespaceList,
  NamespaceListSchema,
  NamespaceSchema,
  type Secret,
  type SecretList,
  SecretListSchema,
  SecretSchema,
  type ServiceAccount,
  type ServiceAccountList,
  ServiceAccountListSchema,
  ServiceAccountSchema,
} from './core/v1/config.js';
export {
  type Container,
  ContainerPortSchema,
  ContainerSchema,
  EnvFromSourceSchema,
  EnvVarSchema,
  EnvVarSourceSchema,
  ResourceRequirementsSchema,
  VolumeMountSchema,
} from './core/v1/container.js';
export {
  EndpointAddressSchema,
  EndpointPortSchema,
  type Endpoints,
  type EndpointsList,
  EndpointsListSchema,
  EndpointsSchema,
  EndpointSubsetSchema,
} from './core/v1/endpoints.js';
export {
  type Event,
  type EventList,
  EventListSchema,
  EventSchema,
  EventSeriesSchema,
  EventSourceSchema,
} from './core/v1/event.js';
export {
  type Node,
  type NodeList,
  NodeListSchema,
  NodeSchema,
  NodeSpecSchema,
  type Taint,
  TaintSchema,
} from './core/v1/node.js';
export {
  AttachedVolumeSchema,
  ConfigMapNodeConfigSourceSchema,
  ContainerImageSchema,
  DaemonEndpointSchema,
  NodeAddressSchema,
  NodeConditionSchema,
  NodeConfigSourceSchema,
  NodeConfigStatusSchema,
  NodeDaemonEndpointsSchema,
  NodeFeaturesSchema,
  NodeRuntimeHandlerSchema,
  NodeStatusSchema,
  NodeSystemInfoSchema,
} from './core/v1/node-status.js';
export {
  type Pod,
  PodConditionSchema,
  PodSchema,
  type PodSpec,
  PodSpecSchema,
  PodStatusSchema,
  type PodTemplateSpec,
  PodTemplateSpecSchema,
  TolerationSchema,
} from './core/v1/pod.js';
export { HTTPHeaderSchema, type Probe, ProbeHandlerSchema, ProbeSchema } from './core/v1/probe.js';
export { defaultEndpointSlice } from './discovery/v1/defaults.js';
export {
  EndpointConditionsSchema,
  EndpointHintsSchema,
  EndpointSchema,
  type EndpointSlice,
  type EndpointSliceList,
  EndpointSliceListSchema,
  EndpointSlicePortSchema,
  EndpointSliceSchema,
  ForZoneSchema,
} from './discovery/v1/endpoint-slice.js';
export {
  ConfigMapVolumeSourceSchema,
  EmptyDirVolumeSourceSchema,
  HostPathVolumeSourceSchema,
  KeyToPathSchema,
  PersistentVolumeClaimVolumeSourceSchema,
  SecretVolumeSourceSchema,
  type Volume,
  VolumeSchema,
  VolumeSourceSchema,
} from './core/v1/volume.js';
export {
  type LocalObjectReference,
  LocalObjectReferenceSchema,
  type ObjectReference,
  ObjectReferenceSchema,
} from './core/v1/references.js';
export {
  LoadBalancerIngressSchema,
  PortStatusSchema,
  type Service,
  type ServiceList,
  ServiceListSchema,
  type ServicePort,
  ServicePortSchema,
  ServiceSchema,
  ServiceSpecSchema,
  ServiceStatusSchema,
} from './core/v1/service.js';
export {
  addBuiltinDefaults,
  defaultDeployment,
  defaultEndpoints,
  defaultNode,
  defaultPod,
  defaultPodSpec,
  defaultReplicaSet,
  defaultService,
} from './defaults.js';
export {
  addAppsV1Kinds,
  addAuthenticationV1Kinds,
  addAuthorizationV1Kinds,
  addBatchV1Kinds,
  addCoordinationV1Kinds,
  addCoreV1Kinds,
  addDiscoveryV1Kinds,
  addEventsV1Kinds,
  addRbacV1Kinds,
  newBuiltinScheme,
  PodListSchema,
} from './register.js';
export {
  extraValuesSchema,
  FieldSelectorAttributesSchema,
  FieldSelectorRequirementSchema,
  LabelSelectorAttributesSchema,
  type NonResourceAttributes,
  NonResourceAttributesSchema,
  type NonResourceRule,
  NonResourceRuleSchema,
  type ResourceAttributes,
  ResourceAttributesSchema,
  type ResourceRule,
  ResourceRuleSchema,
  type SelfSubjectAccessReview,
  SelfSubjectAccessReviewSchema,
  SelfSubjectAccessReviewSpecSchema,
  type SelfSubjectRulesReview,
  SelfSubjectRulesReviewSchema,
  type SubjectAccessReview,
  SubjectAccessReviewSchema,
  SubjectAccessReviewSpecSchema,
  type SubjectAccessReviewStatus,
  SubjectAccessReviewStatusSchema,
  type SubjectRulesReviewStatus,
  SubjectRulesReviewStatusSchema,
} from './authorization/v1/access-review.js';
export {
  type AuthenticationUserInfo,
  AuthenticationUserInfoSchema,
  BoundObjectReferenceSchema,
  type SelfSubjectReview,
  SelfSubjectReviewSchema,
  type TokenRequest,
  TokenRequestSchema,
  TokenRequestSpecSchema,
  TokenRequestStatusSchema,
  type TokenReview,
  TokenReviewSchema,
} from './authentication/v1/token.js';
export {
  type AggregationRule,
  AggregationRuleSchema,
  type ClusterRole,
  type ClusterRoleBinding,
  type ClusterRoleBindingList,
  ClusterRoleBindingListSchema,
  ClusterRoleBindingSchema,
  type ClusterRoleList,
  ClusterRoleListSchema,
  ClusterRoleSchema,
  type PolicyRule,
  PolicyRuleSchema,
  type Role,
  type RoleBinding,
  type RoleBindingList,
  RoleBindingListSchema,
  RoleBindingSchema,
  type RoleList,
  RoleListSchema,
  type RoleRef,
  RoleRefSchema,
  RoleSchema,
  type Subject,
  SubjectSchema,
} from './rbac/v1/rbac.js';
export * from './generated/index.js';
