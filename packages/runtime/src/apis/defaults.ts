/**
 * Defaulting of the built-in kinds, as Kubernetes' `SetDefaults_*` functions (core/v1, apps/v1) fill unset
 * fields on create and update. Server-assigned values (clusterIP, ipFamilies, uid…) belong to the
 * registry strategies, not here.
 */
import { isRecord } from '../serializer/go-json.js';
import type { KubeObject, Scheme } from '../runtime/scheme.js';
import { dropInitContainerAnnotations, roundTripNodeSpecPodCIDRs, roundTripPod, syncDeprecatedServiceAccount } from './core-v1-round-trip.js';

type Rec = Record<string, unknown>;

function child(parent: Rec, key: string): Rec {
  const v = parent[key];
  if (isRecord(v)) return v;
  const created: Rec = {};
  parent[key] = created;
  return created;
}

function records(v: unknown): Rec[] {
  return Array.isArray(v) ? v.filter(isRecord) : [];
}

function setIfUnset(obj: Rec, key: string, value: unknown): void {
  if (obj[key] === undefined || obj[key] === null || obj[key] === '') obj[key] = value;
}

function setIfNil(obj: Rec, key: string, value: unknown): void {
  if (obj[key] === undefined || obj[key] === null) obj[key] = value;
}

/** SetDefaults_HTTPGetAction: every HTTPGetAction (probes and lifecycle hooks) gets path `/` and scheme HTTP. */
function defaultHTTPGet(handler: unknown): void {
  if (!isRecord(handler) || !isRecord(handler.httpGet)) return;
  setIfUnset(handler.httpGet, 'path', '/');
  setIfUnset(handler.httpGet, 'scheme', 'HTTP');
}

function defaultProbe(probe: unknown): void {
  if (!isRecord(probe)) return;
  for (const [k, v] of [['timeoutSeconds', 1], ['periodSeconds', 10], ['successThreshold', 1], ['failureThreshold', 3]] as const) {
    if (probe[k] === undefined || probe[k] === 0) probe[k] = v;
  }
  defaultHTTPGet(probe);
}

function imagePullPolicyFor(image: unknown): string {
  if (typeof image !== 'string') return 'IfNotPresent';
  if (image.includes('@')) return 'IfNotPresent';
  const lastSlash = image.lastIndexOf('/');
  const colon = image.lastIndexOf(':');
  const tag = colon > lastSlash ? image.slice(colon + 1) : '';
  return tag === '' || tag === 'latest' ? 'Always' : 'IfNotPresent';
}

function defaultContainer(c: Rec): void {
  setIfUnset(c, 'terminationMessagePath', '/dev/termination-log');
  setIfUnset(c, 'terminationMessagePolicy', 'File');
  setIfUnset(c, 'imagePullPolicy', imagePullPolicyFor(c.image));
  for (const port of records(c.ports)) setIfUnset(port, 'protocol', 'TCP');
  for (const env of records(c.env)) {
    if (isRecord(env.valueFrom) && isRecord(env.valueFrom.fieldRef)) setIfUnset(env.valueFrom.fieldRef, 'apiVersion', 'v1');
  }
  defaultProbe(c.livenessProbe);
  defaultProbe(c.readinessProbe);
  defaultProbe(c.startupProbe);
  if (isRecord(c.lifecycle)) for (const hook of [c.lifecycle.postStart, c.lifecycle.preStop]) defaultHTTPGet(hook);
}

/** Defaults a PodSpec in place (SetDefaults_PodSpec, _Container of every container type, _Volume sources, probes). */
export function defaultPodSpec(spec: Record<string, unknown>): void {
  syncDeprecatedServiceAccount(spec);
  setIfUnset(spec, 'restartPolicy', 'Always');
  setIfUnset(spec, 'dnsPolicy', 'ClusterFirst');
  setIfUnset(spec, 'schedulerName', 'default-scheduler');
  setIfNil(spec, 'terminationGracePeriodSeconds', 30);
  setIfNil(spec, 'securityContext', {});
  for (const c of [...records(spec.initContainers), ...records(spec.containers), ...records(spec.ephemeralContainers)]) defaultContainer(c);
  for (const volume of records(spec.volumes)) {
    for (const source of ['secret', 'configMap'] as const) {
      const s = volume[source];
      if (isRecord(s)) setIfUnset(s, 'defaultMode', 0o644);
    }
  }
}

/**
 * Defaults a pod template in place, as decoding a workload's template does upstream: the PodSpec defaults of its
 * spec, and core/v1's conversion dropping the init container annotations (`Convert_v1_PodTemplateSpec_To_core_…`).
 */
export function defaultPodTemplateSpec(template: Record<string, unknown>): void {
  dropInitContainerAnnotations(template.metadata);
  defaultPodSpec(child(template, 'spec'));
}

/** The defaults every apps/v1 workload with `replicas` and a pod template gets (replicas 1, PodSpec defaults). */
function defaultReplicatedTemplate(spec: Rec): void {
  setIfNil(spec, 'replicas', 1);
  defaultPodTemplateSpec(child(spec, 'template'));
}

/** apps/v1 SetDefaults_Deployment. */
export function defaultDeployment(obj: KubeObject): void {
  const spec = child(obj, 'spec');
  defaultReplicatedTemplate(spec);
  const strategy = child(spec, 'strategy');
  setIfUnset(strategy, 'type', 'RollingUpdate');
  if (strategy.type === 'RollingUpdate') {
    const ru = child(strategy, 'rollingUpdate');
    setIfUnset(ru, 'maxUnavailable', '25%');
    setIfUnset(ru, 'maxSurge', '25%');
  }
  setIfNil(spec, 'revisionHistoryLimit', 10);
  setIfNil(spec, 'progressDeadlineSeconds', 600);
}

/** apps/v1 SetDefaults_ReplicaSet plus the pod template defaults, exactly as for a Deployment. */
export function defaultReplicaSet(obj: KubeObject): void {
  defaultReplicatedTemplate(child(obj, 'spec'));
}

/** core/v1 SetDefaults_Endpoints: ports without a protocol get TCP. */
export function defaultEndpoints(obj: KubeObject): void {
  for (const subset of records(obj.subsets)) {
    for (const port of records(subset.ports)) setIfUnset(port, 'protocol', 'TCP');
  }
}

/**
 * core/v1 SetDefaults_NodeStatus: a node that reports capacity but no allocatable gets allocatable = capacity; and the
 * conversion's `podCIDR`/`podCIDRs` round trip.
 */
export function defaultNode(obj: KubeObject): void {
  roundTripNodeSpecPodCIDRs(obj.spec);
  const status = obj.status;
  if (!isRecord(status) || !isRecord(status.capacity)) return;
  setIfNil(status, 'allocatable', { ...status.capacity });
}

/** core/v1 SetDefaults_Service (the parts that do not allocate anything). */
export function defaultService(obj: KubeObject): void {
  const spec = child(obj, 'spec');
  setIfUnset(spec, 'sessionAffinity', 'None');
  setIfUnset(spec, 'type', 'ClusterIP');
  for (const port of records(spec.ports)) {
    setIfUnset(port, 'protocol', 'TCP');
    if (port.targetPort === undefined || port.targetPort === 0 || port.targetPort === '') port.targetPort = port.port;
  }
  if ((spec.type === 'NodePort' || spec.type === 'LoadBalancer') && !spec.externalTrafficPolicy) {
    spec.externalTrafficPolicy = 'Cluster';
  }
  if (spec.type !== 'ExternalName' && spec.internalTrafficPolicy === undefined) spec.internalTrafficPolicy = 'Cluster';
  if (spec.type === 'LoadBalancer' && spec.allocateLoadBalancerNodePorts === undefined) {
    spec.allocateLoadBalancerNodePorts = true;
  }
  // LoadBalancerIPMode (GA, on in 1.32): a load balancer ingress point with an ip and no ipMode is a VIP.
  if (spec.type === 'LoadBalancer') {
    const loadBalancer = isRecord(obj.status) && isRecord(obj.status.loadBalancer) ? obj.status.loadBalancer : undefined;
    for (const ingress of records(loadBalancer?.ingress)) {
      if (typeof ingress.ip === 'string' && ingress.ip !== '' && (ingress.ipMode === undefined || ingress.ipMode === null)) ingress.ipMode = 'VIP';
    }
  }
}

/**
 * A pod container's missing requests taken from its limits (SetDefaults_Pod; pods only, not templates): with
 * `resources.limits` set, each resource it limits and `requests` lacks is requested at its limit.
 */
function defaultRequestsFromLimits(c: Rec): void {
  const resources = c.resources;
  if (!isRecord(resources) || !isRecord(resources.limits)) return;
  const requests = child(resources, 'requests');
  for (const [name, limit] of Object.entries(resources.limits)) if (requests[name] === undefined) requests[name] = limit;
}

/** With hostNetwork, a container port's unset (0) hostPort is its containerPort (SetDefaults_Pod, pods only). */
function defaultHostNetworkPorts(c: Rec): void {
  for (const port of records(c.ports)) if (port.hostPort === undefined || port.hostPort === null || port.hostPort === 0) port.hostPort = port.containerPort;
}

/**
 * core/v1 SetDefaults_Pod: requests from limits and hostNetwork host ports (which templates do not get), the pod
 * spec defaults, enableServiceLinks; and what core/v1's conversion to the internal pod and back changes (see
 * core-v1-round-trip.ts).
 */
export function defaultPod(obj: KubeObject): void {
  roundTripPod(obj);
  const spec = child(obj, 'spec');
  for (const c of [...records(spec.containers), ...records(spec.initContainers)]) {
    defaultRequestsFromLimits(c);
    if (spec.hostNetwork === true) defaultHostNetworkPorts(c);
  }
  defaultPodSpec(spec);
  setIfNil(spec, 'enableServiceLinks', true);
}

/**
 * `SetDefaults_Namespace` and `SetDefaults_NamespaceStatus`: a named namespace gets the label
 * `kubernetes.io/metadata.name` = its name (so the creating manager owns it; the namespace strategy sets it again for
 * generated names), and an empty phase is `Active`.
 */
function defaultNamespace(obj: Rec): void {
  const name = (obj.metadata as Rec | undefined)?.name;
  if (typeof name === 'string' && name !== '') child(child(obj, 'metadata'), 'labels')['kubernetes.io/metadata.name'] = name;
  setIfUnset(child(obj, 'status'), 'phase', 'Active');
}

/** Registers the defaulting hooks of the built-in kinds. */
export function addBuiltinDefaults(scheme: Scheme): Scheme {
  const core = (kind: string) => ({ group: '', version: 'v1', kind });
  scheme.addDefaultingFunc({ group: 'apps', version: 'v1', kind: 'Deployment' }, defaultDeployment);
  scheme.addDefaultingFunc({ group: 'apps', version: 'v1', kind: 'ReplicaSet' }, defaultReplicaSet);
  scheme.addDefaultingFunc(core('Endpoints'), defaultEndpoints);
  scheme.addDefaultingFunc(core('Node'), defaultNode);
  scheme.addDefaultingFunc(core('Service'), defaultService);
  scheme.addDefaultingFunc(core('Pod'), defaultPod);
  scheme.addDefaultingFunc(core('Secret'), (obj) => setIfUnset(obj, 'type', 'Opaque'));
  scheme.addDefaultingFunc(core('Namespace'), defaultNamespace);
  return scheme;
}
