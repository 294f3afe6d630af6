/** Registration of the built-in core/v1, admissionregistration.k8s.io/v1, apps/v1, autoscaling/v2 and v1, batch/v1, certificates.k8s.io/v1, coordination.k8s.io/v1, discovery.k8s.io/v1, networking.k8s.io/v1, node.k8s.io/v1, policy/v1, scheduling.k8s.io/v1, storage.k8s.io/v1, events.k8s.io/v1, authorization.k8s.io/v1, authentication.k8s.io/v1, rbac.authorization.k8s.io/v1 and flowcontrol.apiserver.k8s.io/v1 kinds. */
import { Scheme } from '../runtime/scheme.js';
import {
  ControllerRevisionListSchema,
  ControllerRevisionSchema,
  DaemonSetListSchema,
  DaemonSetSchema,
  StatefulSetListSchema,
  StatefulSetSchema,
} from './generated/apps/v1/types.js';
import { KINDS as ADMISSIONREGISTRATION_V1_KINDS } from './generated/admissionregistration/v1/kinds.js';
import { KINDS as BATCH_V1_KINDS } from './generated/batch/v1/kinds.js';
import { KINDS as FLOWCONTROL_V1_KINDS } from './generated/flowcontrol/v1/kinds.js';
import { KINDS as STORAGE_V1_KINDS } from './generated/storage/v1/kinds.js';
import { KINDS as CERTIFICATES_V1_KINDS } from './generated/certificates/v1/kinds.js';
import { KINDS as AUTOSCALING_V2_KINDS } from './generated/autoscaling/v2/kinds.js';
import {
  HorizontalPodAutoscalerListSchema as HorizontalPodAutoscalerV1ListSchema,
  HorizontalPodAutoscalerSchema as HorizontalPodAutoscalerV1Schema,
} from './generated/autoscaling/v1/types.js';
import { KINDS as NETWORKING_V1_KINDS } from './generated/networking/v1/kinds.js';
import { KINDS as NODE_V1_KINDS } from './generated/node/v1/kinds.js';
import { KINDS as POLICY_V1_KINDS } from './generated/policy/v1/kinds.js';
import { KINDS as SCHEDULING_V1_KINDS } from './generated/scheduling/v1/kinds.js';
import { DeploymentListSchema, DeploymentSchema } from './apps/v1/deployment.js';
import { ReplicaSetListSchema, ReplicaSetSchema } from './apps/v1/replica-set.js';
import { LeaseListSchema, LeaseSchema } from './coordination/v1/lease.js';
import { EventsV1EventListSchema, EventsV1EventSchema } from './events/v1/event.js';
import { defaultEndpointSlice } from './discovery/v1/defaults.js';
import { EndpointSliceListSchema, EndpointSliceSchema } from './discovery/v1/endpoint-slice.js';
import {
  ClusterRoleBindingListSchema,
  ClusterRoleBindingSchema,
  ClusterRoleListSchema,
  ClusterRoleSchema,
  RoleBindingListSchema,
  RoleBindingSchema,
  RoleListSchema,
  RoleSchema,
} from './rbac/v1/rbac.js';
import { SelfSubjectReviewSchema, TokenRequestSchema, TokenReviewSchema } from './authentication/v1/token.js';
import { LocalSubjectAccessReviewSchema, SelfSubjectAccessReviewSchema, SelfSubjectRulesReviewSchema, SubjectAccessReviewSchema } from './authorization/v1/access-review.js';
import {
  ConfigMapListSchema,
  ConfigMapSchema,
  NamespaceListSchema,
  NamespaceSchema,
  SecretListSchema,
  SecretSchema,
  ServiceAccountListSchema,
  ServiceAccountSchema,
} from './core/v1/config.js';
import { EndpointsListSchema, EndpointsSchema } from './core/v1/endpoints.js';
import { EventListSchema, EventSchema } from './core/v1/event.js';
import { NodeListSchema, NodeSchema } from './core/v1/node.js';
import { PodSchema } from './core/v1/pod.js';
import {
  BindingSchema,
  ComponentStatusListSchema,
  ComponentStatusSchema,
  LimitRangeListSchema,
  LimitRangeSchema,
  PersistentVolumeClaimListSchema,
  PersistentVolumeClaimSchema,
  PersistentVolumeListSchema,
  PersistentVolumeSchema,
  PodListSchema,
  PodTemplateListSchema,
  PodTemplateSchema,
  ReplicationControllerListSchema,
  ReplicationControllerSchema,
  ResourceQuotaListSchema,
  ResourceQuotaSchema,
} from './generated/core/v1/types.js';
import { ServiceListSchema, ServiceSchema } from './core/v1/service.js';
import { addCoreV1Lifecycles } from './core/v1/lifecycle.js';
import { addBuiltinDefaults } from './defaults.js';
import { addBuiltinInternalPackages, LEGACY_SCHEME_NAME } from './internal-packages.js';
import { addMetaKinds, addMetaToGroupVersion } from './meta/v1/register.js';

/** Schema of core/v1 PodList. */
export { PodListSchema };

/**
 * Registers Namespace, ConfigMap, Secret, ServiceAccount, Service, Pod, Event, Node, Endpoints,
 * PersistentVolumeClaim, PersistentVolume, ReplicationController, PodTemplate, ResourceQuota, LimitRange,
 * ComponentStatus and their lists, and Binding (core/v1); ComponentStatus is recorded deprecated since 1.19.
 */
export function addCoreV1Kinds(scheme: Scheme): Scheme {
  addMetaToGroupVersion(scheme, { group: '', version: 'v1' });
  addCoreV1Lifecycles(scheme);
  return scheme.addKnownTypes(
    NamespaceSchema,
    NamespaceListSchema,
    ConfigMapSchema,
    ConfigMapListSchema,
    SecretSchema,
    SecretListSchema,
    ServiceAccountSchema,
    ServiceAccountListSchema,
    ServiceSchema,
    ServiceListSchema,
    PodSchema,
    PodListSchema,
    EventSchema,
    EventListSchema,
    NodeSchema,
    NodeListSchema,
    EndpointsSchema,
    EndpointsListSchema,
    PersistentVolumeClaimSchema,
    PersistentVolumeClaimListSchema,
    PersistentVolumeSchema,
    PersistentVolumeListSchema,
    ReplicationControllerSchema,
    ReplicationControllerListSchema,
    PodTemplateSchema,
    PodTemplateListSchema,
    ResourceQuotaSchema,
    ResourceQuotaListSchema,
    LimitRangeSchema,
    LimitRangeListSchema,
    ComponentStatusSchema,
    ComponentStatusListSchema,
    BindingSchema,
  );
}

/** Registers Deployment, ReplicaSet, StatefulSet, DaemonSet, ControllerRevision and their lists (apps/v1). */
export function addAppsV1Kinds(scheme: Scheme): Scheme {
  addMetaToGroupVersion(scheme, { group: 'apps', version: 'v1' });
  return scheme.addKnownTypes(
    DeploymentSchema,
    DeploymentListSchema,
    ReplicaSetSchema,
    ReplicaSetListSchema,
    StatefulSetSchema,
    StatefulSetListSchema,
    DaemonSetSchema,
    DaemonSetListSchema,
    ControllerRevisionSchema,
    ControllerRevisionListSchema,
  );
}

/** Registers Job, CronJob and their lists (batch/v1); their defaults are applied by the serving strategies. */
export function addBatchV1Kinds(scheme: Scheme): Scheme {
  addMetaToGroupVersion(scheme, { group: 'batch', version: 'v1' });
  return scheme.addKnownTypes(...BATCH_V1_KINDS);
}

/**
 * Registers ValidatingWebhookConfiguration, MutatingWebhookConfiguration, ValidatingAdmissionPolicy,
 * ValidatingAdmissionPolicyBinding and their lists (admissionregistration.k8s.io/v1); their defaults are applied by
 * the serving strategies.
 */
export function addAdmissionregistrationV1Kinds(scheme: Scheme): Scheme {
  addMetaToGroupVersion(scheme, { group: 'admissionregistration.k8s.io', version: 'v1' });
  return scheme.addKnownTypes(...ADMISSIONREGISTRATION_V1_KINDS);
}

/**
 * Registers StorageClass, VolumeAttachment, CSINode, CSIDriver, CSIStorageCapacity and their lists
 * (storage.k8s.io/v1); their defaults are applied by the serving strategies.
 */
export function addStorageV1Kinds(scheme: Scheme): Scheme {
  addMetaToGroupVersion(scheme, { group: 'storage.k8s.io', version: 'v1' });
  return scheme.addKnownTypes(...STORAGE_V1_KINDS);
}

/**
 * Registers HorizontalPodAutoscaler and its list in autoscaling/v2 and autoscaling/v1 (whose Scale comes with
 * the meta kinds); kube-lite converts between the two.
 */
export function addAutoscalingKinds(scheme: Scheme): Scheme {
  addMetaToGroupVersion(scheme, { group: 'autoscaling', version: 'v2' });
  addMetaToGroupVersion(scheme, { group: 'autoscaling', version: 'v1' });
  scheme.addKnownTypes(...AUTOSCALING_V2_KINDS);
  return scheme.addKnownTypes(HorizontalPodAutoscalerV1Schema, HorizontalPodAutoscalerV1ListSchema);
}

/** Registers CertificateSigningRequest and its list (certificates.k8s.io/v1). */
export function addCertificatesV1Kinds(scheme: Scheme): Scheme {
  addMetaToGroupVersion(scheme, { group: 'certificates.k8s.io', version: 'v1' });
  return scheme.addKnownTypes(...CERTIFICATES_V1_KINDS);
}

/** Registers Ingress, IngressClass, NetworkPolicy and their lists (networking.k8s.io/v1); kube-lite's strategies default them. */
export function addNetworkingV1Kinds(scheme: Scheme): Scheme {
  addMetaToGroupVersion(scheme, { group: 'networking.k8s.io', version: 'v1' });
  return scheme.addKnownTypes(...NETWORKING_V1_KINDS);
}

/** Registers RuntimeClass and RuntimeClassList (node.k8s.io/v1). */
export function addNodeV1Kinds(scheme: Scheme): Scheme {
  addMetaToGroupVersion(scheme, { group: 'node.k8s.io', version: 'v1' });
  return scheme.addKnownTypes(...NODE_V1_KINDS);
}

/** Registers PodDisruptionBudget, its list and Eviction (policy/v1). */
export function addPolicyV1Kinds(scheme: Scheme): Scheme {
  addMetaToGroupVersion(scheme, { group: 'policy', version: 'v1' });
  return scheme.addKnownTypes(...POLICY_V1_KINDS);
}

/** Registers PriorityClass and PriorityClassList (scheduling.k8s.io/v1); kube-lite's strategy defaults them. */
export function addSchedulingV1Kinds(scheme: Scheme): Scheme {
  addMetaToGroupVersion(scheme, { group: 'scheduling.k8s.io', version: 'v1' });
  return scheme.addKnownTypes(...SCHEDULING_V1_KINDS);
}

/** Registers Lease and LeaseList (coordination.k8s.io/v1). */
export function addCoordinationV1Kinds(scheme: Scheme): Scheme {
  addMetaToGroupVersion(scheme, { group: 'coordination.k8s.io', version: 'v1' });
  return scheme.addKnownTypes(LeaseSchema, LeaseListSchema);
}

/** Registers Event and EventList (events.k8s.io/v1). */
export function addEventsV1Kinds(scheme: Scheme): Scheme {
  addMetaToGroupVersion(scheme, { group: 'events.k8s.io', version: 'v1' });
  return scheme.addKnownTypes(EventsV1EventSchema, EventsV1EventListSchema);
}

/** Registers EndpointSlice and EndpointSliceList (discovery.k8s.io/v1) with EndpointSlice's port defaults. */
export function addDiscoveryV1Kinds(scheme: Scheme): Scheme {
  addMetaToGroupVersion(scheme, { group: 'discovery.k8s.io', version: 'v1' });
  scheme.addKnownTypes(EndpointSliceSchema, EndpointSliceListSchema);
  return scheme.addDefaultingFunc({ group: 'discovery.k8s.io', version: 'v1', kind: 'EndpointSlice' }, defaultEndpointSlice);
}

/** Registers SubjectAccessReview, SelfSubjectAccessReview, SelfSubjectRulesReview and LocalSubjectAccessReview (authorization.k8s.io/v1). */
export function addAuthorizationV1Kinds(scheme: Scheme): Scheme {
  addMetaToGroupVersion(scheme, { group: 'authorization.k8s.io', version: 'v1' });
  return scheme.addKnownTypes(SubjectAccessReviewSchema, SelfSubjectAccessReviewSchema, SelfSubjectRulesReviewSchema, LocalSubjectAccessReviewSchema);
}

/** Registers SelfSubjectReview, TokenRequest and TokenReview (authentication.k8s.io/v1). */
export function addAuthenticationV1Kinds(scheme: Scheme): Scheme {
  addMetaToGroupVersion(scheme, { group: 'authentication.k8s.io', version: 'v1' });
  return scheme.addKnownTypes(SelfSubjectReviewSchema, TokenRequestSchema, TokenReviewSchema);
}

/** Registers Role, ClusterRole, RoleBinding, ClusterRoleBinding and their lists (rbac.authorization.k8s.io/v1). */
export function addRbacV1Kinds(scheme: Scheme): Scheme {
  addMetaToGroupVersion(scheme, { group: 'rbac.authorization.k8s.io', version: 'v1' });
  return scheme.addKnownTypes(
    RoleSchema,
    RoleListSchema,
    ClusterRoleSchema,
    ClusterRoleListSchema,
    RoleBindingSchema,
    RoleBindingListSchema,
    ClusterRoleBindingSchema,
    ClusterRoleBindingListSchema,
  );
}

/** Registers FlowSchema, PriorityLevelConfiguration and their lists (flowcontrol.apiserver.k8s.io/v1); kube-lite's strategies default them. */
export function addFlowcontrolV1Kinds(scheme: Scheme): Scheme {
  addMetaToGroupVersion(scheme, { group: 'flowcontrol.apiserver.k8s.io', version: 'v1' });
  return scheme.addKnownTypes(...FLOWCONTROL_V1_KINDS);
}

/**
 * A scheme holding the meta kinds plus every built-in kind of this package, with their defaulting hooks and their
 * groups' internal Go packages; by default named as kube-apiserver's (`legacyscheme`).
 */
export function newBuiltinScheme(name = LEGACY_SCHEME_NAME): Scheme {
  const scheme = addCoordinationV1Kinds(addAppsV1Kinds(addCoreV1Kinds(addMetaKinds(new Scheme(name)))));
  addAuthenticationV1Kinds(addAuthorizationV1Kinds(scheme));
  addRbacV1Kinds(scheme);
  addAutoscalingKinds(scheme);
  addBatchV1Kinds(scheme);
  addCertificatesV1Kinds(scheme);
  addStorageV1Kinds(scheme);
  addAdmissionregistrationV1Kinds(scheme);
  addDiscoveryV1Kinds(scheme);
  addNetworkingV1Kinds(scheme);
  addNodeV1Kinds(scheme);
  addPolicyV1Kinds(scheme);
  addSchedulingV1Kinds(scheme);
  addEventsV1Kinds(scheme);
  addFlowcontrolV1Kinds(scheme);
  addBuiltinInternalPackages(scheme);
  return addBuiltinDefaults(scheme);
}
