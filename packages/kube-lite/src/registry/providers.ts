/**
 * kube-lite's API groups, one `RESTStorageProvider` each as kube-apiserver's control plane builds them: the
 * legacy core group (`/api/v1`), `apps/v1`, `batch/v1`, `coordination.k8s.io/v1`, `discovery.k8s.io/v1`,
 * `networking.k8s.io/v1`, `node.k8s.io/v1`, `policy/v1`, `scheduling.k8s.io/v1`,
 * `admissionregistration.k8s.io/v1` and `flowcontrol.apiserver.k8s.io/v1`.
 */
import type { Scheme } from '@apiserver/runtime';
import { newBuiltinScheme } from '@apiserver/runtime/apis';
import type { APIGroupInfo } from '@apiserver/server';
import type { APIResourceConfigSource } from '../server/api-resource-config.js';
import { newDeploymentStorage } from './apps/deployment/storage.js';
import { newControllerRevisionStorage } from './apps/controllerrevision/storage.js';
import { newDaemonSetStorage } from './apps/daemonset/storage.js';
import { newReplicaSetStorage } from './apps/replicaset/storage.js';
import { newStatefulSetStorage } from './apps/statefulset/storage.js';
import { newLeaseStorage } from './coordination/lease/storage.js';
import { eventsRESTStorageProvider } from './events/provider.js';
import { newBindingStorage } from './core/binding/storage.js';
import { newComponentStatusStorage } from './core/componentstatus/storage.js';
import { newConfigMapStorage } from './core/configmap/storage.js';
import { newEndpointsStorage } from './core/endpoints/storage.js';
import { EVENT_FIELD_LABELS } from './core/event/fields.js';
import { newEventStorage } from './core/event/storage.js';
import { NAMESPACE_FIELD_LABELS, newNamespaceStorage } from './core/namespace/storage.js';
import { NODE_FIELD_LABELS, newNodeStorage } from './core/node/storage.js';
import { newPersistentVolumeStorage } from './core/persistentvolume/storage.js';
import { newPersistentVolumeClaimStorage } from './core/persistentvolumeclaim/storage.js';
import { newPodStorage, POD_FIELD_LABELS } from './core/pod/storage.js';
import { newPodTemplateStorage } from './core/podtemplate/storage.js';
import { newLimitRangeStorage } from './core/limitrange/storage.js';
import { newResourceQuotaStorage } from './core/resourcequota/storage.js';
import { newReplicationControllerStorage, REPLICATION_CONTROLLER_FIELD_LABELS } from './core/replicationcontroller/storage.js';
import { newSecretStorage, SECRET_FIELD_LABELS } from './core/secret/storage.js';
import { newServiceStorage, SERVICE_FIELD_LABELS } from './core/service/storage.js';
import { newServiceAccountStorage } from './core/serviceaccount/storage.js';
import { enabledResourceStorage, groupInfoOf, type ResourceStorageBuilder } from './enabled-storage.js';
import { admissionregistrationRESTStorageProvider } from './admissionregistration/provider.js';
import { batchRESTStorageProvider } from './batch/provider.js';
import { storageRESTStorageProvider } from './storage/provider.js';
import { certificatesRESTStorageProvider } from './certificates/provider.js';
import { autoscalingRESTStorageProvider } from './autoscaling/provider.js';
import { discoveryRESTStorageProvider } from './discovery/provider.js';
import { newIngressStorage } from './networking/ingress/storage.js';
import { newIngressClassStorage } from './networking/ingressclass/storage.js';
import { newNetworkPolicyStorage } from './networking/networkpolicy/storage.js';
import { newRuntimeClassStorage } from './node/runtimeclass/storage.js';
import { newPodDisruptionBudgetStorage } from './policy/poddisruptionbudget/storage.js';
import { newPriorityClassStorage } from './scheduling/priorityclass/storage.js';
import { newFlowSchemaStorage, newPriorityLevelConfigurationStorage } from './flowcontrol/storage.js';
import type { RESTOptionsGetter, RESTStorageProvider } from './rest-options.js';

/** Settings the providers take from the server options. */
export interface ProviderOptions {
  /** `--service-cluster-ip-range`. */
  readonly serviceClusterIPRange?: string;
  /** `--event-ttl` in ms (default 1 h). */
  readonly eventTTLMillis?: number;
  /** `--service-node-port-range`. */
  readonly serviceNodePortRange?: string;
  /** The scheme of every kind served (default: a new built-in scheme). */
  readonly scheme?: Scheme;
  /** `--storage-backend` (componentstatuses probe etcd only for `etcd3`). */
  readonly storageBackend?: 'memory' | 'etcd3';
  /** `--etcd-servers` (componentstatuses' `etcd-0`). */
  readonly etcdServers?: readonly string[];
}

/**
 * The core group (`/api/v1`): namespaces, configmaps, secrets, serviceaccounts, services, pods, events, nodes,
 * endpoints, persistentvolumeclaims, persistentvolumes, replicationcontrollers, podtemplates, resourcequotas,
 * limitranges, bindings, componentstatuses.
 */
export class LegacyRESTStorageProvider implements RESTStorageProvider {
  readonly #options: ProviderOptions;
  readonly #scheme: Scheme;

  /** Creates the provider. */
  constructor(options: ProviderOptions = {}) {
    this.#options = options;
    this.#scheme = options.scheme ?? newBuiltinScheme();
  }

  /** The legacy group has no name. */
  groupName(): string {
    return '';
  }

  /** Storage of every enabled core/v1 resource kube-lite serves. */
  newRESTStorage(source: APIResourceConfigSource, getter: RESTOptionsGetter): APIGroupInfo {
    const { serviceClusterIPRange, serviceNodePortRange } = this.#options;
    const services = { ...(serviceClusterIPRange !== undefined && { serviceClusterIPRange }), ...(serviceNodePortRange !== undefined && { serviceNodePortRange }) };
    const v1 = { group: '', version: 'v1' };
    const storage = enabledResourceStorage(source, v1, {
      namespaces: () => newNamespaceStorage(getter),
      configmaps: () => newConfigMapStorage(getter),
      secrets: () => newSecretStorage(getter),
      serviceaccounts: () => newServiceAccountStorage(getter),
      services: () => newServiceStorage(getter, services),
      pods: () => newPodStorage(getter),
      events: () => newEventStorage(getter, this.#options.eventTTLMillis === undefined ? {} : { ttlSeconds: Math.ceil(this.#options.eventTTLMillis / 1000) }),
      nodes: () => newNodeStorage(getter),
      endpoints: () => newEndpointsStorage(getter),
      persistentvolumeclaims: () => newPersistentVolumeClaimStorage(getter),
      persistentvolumes: () => newPersistentVolumeStorage(getter),
      replicationcontrollers: () => newReplicationControllerStorage(getter),
      podtemplates: () => newPodTemplateStorage(getter),
      resourcequotas: () => newResourceQuotaStorage(getter),
      limitranges: () => newLimitRangeStorage(getter),
      // Upstream serves bindings through the pod storage even with pods off; kube-lite then opens no pod storage.
      bindings: () => (source.resourceEnabled({ ...v1, resource: 'pods' }) ? newBindingStorage(getter) : {}),
      componentstatuses: () => newComponentStatusStorage(this.#options),
    });
    return groupInfoOf([{ gv: v1, storage }], {
      scheme: this.#scheme,
      fieldLabels: { Pod: POD_FIELD_LABELS, Namespace: NAMESPACE_FIELD_LABELS, Secret: SECRET_FIELD_LABELS, Event: EVENT_FIELD_LABELS, Node: NODE_FIELD_LABELS, ReplicationController: REPLICATION_CONTROLLER_FIELD_LABELS, Service: SERVICE_FIELD_LABELS },
    });
  }
}

/** A provider of one non-core group-version from storage builders. */
class GroupRESTStorageProvider implements RESTStorageProvider {
  readonly #group: string;
  readonly #version: string;
  readonly #scheme: Scheme;
  readonly #build: (getter: RESTOptionsGetter) => Readonly<Record<string, ResourceStorageBuilder>>;

  constructor(group: string, version: string, scheme: Scheme, build: (getter: RESTOptionsGetter) => Readonly<Record<string, ResourceStorageBuilder>>) {
    this.#group = group;
    this.#version = version;
    this.#scheme = scheme;
    this.#build = build;
  }

  groupName(): string {
    return this.#group;
  }

  newRESTStorage(source: APIResourceConfigSource, getter: RESTOptionsGetter): APIGroupInfo {
    const gv = { group: this.#group, version: this.#version };
    return groupInfoOf([{ gv, storage: enabledResourceStorage(source, gv, this.#build(getter)) }], { scheme: this.#scheme });
  }
}

/**
 * `apps/v1`: deployments (+status, +scale), replicasets (+status, +scale), statefulsets (+status, +scale),
 * daemonsets (+status) and controllerrevisions.
 */
export function appsRESTStorageProvider(scheme: Scheme = newBuiltinScheme()): RESTStorageProvider {
  return new GroupRESTStorageProvider('apps', 'v1', scheme, (getter) => ({
    deployments: () => newDeploymentStorage(getter),
    replicasets: () => newReplicaSetStorage(getter),
    statefulsets: () => newStatefulSetStorage(getter),
    daemonsets: () => newDaemonSetStorage(getter),
    controllerrevisions: () => newControllerRevisionStorage(getter),
  }));
}

/** `coordination.k8s.io/v1`: leases. */
export function coordinationRESTStorageProvider(scheme: Scheme = newBuiltinScheme()): RESTStorageProvider {
  return new GroupRESTStorageProvider('coordination.k8s.io', 'v1', scheme, (getter) => ({ leases: () => newLeaseStorage(getter) }));
}

/** `networking.k8s.io/v1` (pkg/registry/networking/rest): networkpolicies, ingresses (+status) and ingressclasses. */
export function networkingRESTStorageProvider(scheme: Scheme = newBuiltinScheme()): RESTStorageProvider {
  return new GroupRESTStorageProvider('networking.k8s.io', 'v1', scheme, (getter) => ({
    networkpolicies: () => newNetworkPolicyStorage(getter),
    ingresses: () => newIngressStorage(getter),
    ingressclasses: () => newIngressClassStorage(getter),
  }));
}

/** `node.k8s.io/v1` (pkg/registry/node/rest): runtimeclasses. */
export function nodeRESTStorageProvider(scheme: Scheme = newBuiltinScheme()): RESTStorageProvider {
  return new GroupRESTStorageProvider('node.k8s.io', 'v1', scheme, (getter) => ({ runtimeclasses: () => newRuntimeClassStorage(getter) }));
}

/** `policy/v1` (pkg/registry/policy/rest): poddisruptionbudgets (+status). */
export function policyRESTStorageProvider(scheme: Scheme = newBuiltinScheme()): RESTStorageProvider {
  return new GroupRESTStorageProvider('policy', 'v1', scheme, (getter) => ({ poddisruptionbudgets: () => newPodDisruptionBudgetStorage(getter) }));
}

/** `scheduling.k8s.io/v1` (pkg/registry/scheduling/rest): priorityclasses; the system classes come from a post-start hook. */
export function schedulingRESTStorageProvider(scheme: Scheme = newBuiltinScheme()): RESTStorageProvider {
  return new GroupRESTStorageProvider('scheduling.k8s.io', 'v1', scheme, (getter) => ({ priorityclasses: () => newPriorityClassStorage(getter) }));
}

/**
 * `flowcontrol.apiserver.k8s.io/v1` (pkg/registry/flowcontrol/rest): flowschemas (+status) and
 * prioritylevelconfigurations (+status); the bootstrap objects come from a post-start hook.
 */
export function flowcontrolRESTStorageProvider(scheme: Scheme = newBuiltinScheme()): RESTStorageProvider {
  return new GroupRESTStorageProvider('flowcontrol.apiserver.k8s.io', 'v1', scheme, (getter) => ({
    flowschemas: () => newFlowSchemaStorage(getter),
    prioritylevelconfigurations: () => newPriorityLevelConfigurationStorage(getter),
  }));
}

/** Every group kube-lite serves, sharing one scheme. */
export function defaultRESTStorageProviders(options: ProviderOptions = {}): RESTStorageProvider[] {
  const scheme = options.scheme ?? newBuiltinScheme();
  return [
    new LegacyRESTStorageProvider({ ...options, scheme }),
    appsRESTStorageProvider(scheme),
    eventsRESTStorageProvider({ scheme, ...(options.eventTTLMillis !== undefined && { eventTTLMillis: options.eventTTLMillis }) }),
    autoscalingRESTStorageProvider(scheme),
    batchRESTStorageProvider(scheme),
    certificatesRESTStorageProvider(scheme),
    storageRESTStorageProvider(scheme),
    admissionregistrationRESTStorageProvider(scheme),
    coordinationRESTStorageProvider(scheme),
    discoveryRESTStorageProvider(scheme),
    networkingRESTStorageProvider(scheme),
    nodeRESTStorageProvider(scheme),
    policyRESTStorageProvider(scheme),
    schedulingRESTStorageProvider(scheme),
    flowcontrolRESTStorageProvider(scheme),
  ];
}
