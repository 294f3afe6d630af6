/**
 * `@apiserver/runtime/apis`: schemas and types of the built-in core/v1 and apps/v1 kinds, and their
 * registration in a Scheme.
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
export { addBuiltinDefaults, defaultDeployment, defaultPod, defaultPodSpec, defaultService } from './defaults.js';
export { addAppsV1Kinds, addCoreV1Kinds, newBuiltinScheme, PodListSchema } from './register.js';
