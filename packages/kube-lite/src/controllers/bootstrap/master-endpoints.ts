/**
 * The objects kube-apiserver keeps for its `default/kubernetes` Service (pkg/controlplane/controller/kubernetesservice
 * `CreateOrUpdateMasterServiceIfNeeded`, pkg/controlplane/reconcilers/endpointsadapter.go `updateEndpoints`,
 * `updateEndpointSlice`): pure functions from the current object (if any) to the wanted one.
 * @module
 */
import { isIP } from 'node:net';
import type { ApiObject } from '@apiserver/registry';

/** Name of the Service, Endpoints and EndpointSlice (`KubernetesServiceName`). */
export const KUBERNETES_SERVICE_NAME = 'kubernetes';
/** Their namespace (`metav1.NamespaceDefault`). */
export const KUBERNETES_SERVICE_NAMESPACE = 'default';
/** The label pointing a slice at its Service (`discovery.LabelServiceName`). */
export const LABEL_SERVICE_NAME = 'kubernetes.io/service-name';
/** The label keeping the EndpointSlice mirroring controller away (`discovery.LabelSkipMirror`). */
export const LABEL_SKIP_MIRROR = 'endpointslice.kubernetes.io/skip-mirror';

/** Where this server is reachable: the advertised address and its serving port. */
export interface MasterEndpoint {
  /** `PublicIP`: the advertised address. */
  readonly ip: string;
  /** `PublicServicePort`: the port the server listens on. */
  readonly port: number;
}

/** The single `https` port of the Service (`createPortAndServiceSpec` without a node port). */
export function masterServicePorts(servicePort: number, targetPort: number): Record<string, unknown>[] {
  return [{ name: 'https', protocol: 'TCP', port: servicePort, targetPort }];
}

/** A new `default/kubernetes` Service: ClusterIP `serviceIP`, no selector, single stack, no session affinity. */
export function newMasterService(serviceIP: string, servicePort: number, targetPort: number): ApiObject {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: KUBERNETES_SERVICE_NAME, namespace: KUBERNETES_SERVICE_NAMESPACE, labels: { provider: 'kubernetes', component: 'apiserver' } },
    spec: {
      ports: masterServicePorts(servicePort, targetPort),
      clusterIP: serviceIP,
      ipFamilyPolicy: 'SingleStack',
      sessionAffinity: 'None',
      type: 'ClusterIP',
    },
  };
}

/** `createEndpointPortSpec`: the single `https` endpoint port. */
export function masterEndpointPorts(port: number): Record<string, unknown>[] {
  return [{ name: 'https', port, protocol: 'TCP' }];
}

const isEmptyList = (v: unknown): boolean => !Array.isArray(v) || v.length === 0;

/**
 * `updateEndpoints`: the wanted Endpoints from the current one: only the skip-mirror label, exactly one subset whose
 * addresses are `ips`, and the ports set when missing (or, with `reconcilePorts`, when different).
 */
export function wantedEndpoints(current: ApiObject | undefined, ips: readonly string[], port: number, reconcilePorts: boolean): ApiObject {
  const ep: ApiObject = current === undefined ? { apiVersion: 'v1', kind: 'Endpoints', metadata: { name: KUBERNETES_SERVICE_NAME, namespace: KUBERNETES_SERVICE_NAMESPACE } } : structuredClone(current);
  ep.metadata.labels = { [LABEL_SKIP_MIRROR]: 'true' };
  const subsets: Record<string, unknown>[] = Array.isArray(ep.subsets) && ep.subsets.length === 1 ? ep.subsets : [{}];
  ep.subsets = subsets;
  const [subset = {}] = subsets;
  subset.addresses = ips.map((ip) => ({ ip }));
  const ports = masterEndpointPorts(port);
  if (isEmptyList(subset.ports) || (reconcilePorts && !sameJSON(subset.ports, ports))) subset.ports = ports;
  return ep;
}

/** `discovery.AddressType` of an address (IPv4 or IPv6). */
export function addressTypeOf(ip: string): 'IPv4' | 'IPv6' {
  return isIP(ip) === 6 ? 'IPv6' : 'IPv4';
}

/**
 * `updateEndpointSlice`: the wanted slice from the current one: only the service-name label, the address type,
 * one ready endpoint per address, and the ports set when missing (or, with `reconcilePorts`, when different).
 */
export function wantedEndpointSlice(current: ApiObject | undefined, addressType: string, ips: readonly string[], port: number, reconcilePorts: boolean): ApiObject {
  const slice: ApiObject =
    current === undefined
      ? { apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice', metadata: { name: KUBERNETES_SERVICE_NAME, namespace: KUBERNETES_SERVICE_NAMESPACE } }
      : structuredClone(current);
  slice.metadata.labels = { [LABEL_SERVICE_NAME]: KUBERNETES_SERVICE_NAME };
  slice.addressType = addressType;
  slice.endpoints = ips.map((ip) => ({ addresses: [ip], conditions: { ready: true } }));
  const ports = masterEndpointPorts(port);
  if (isEmptyList(slice.ports) || (reconcilePorts && !sameJSON(slice.ports, ports))) slice.ports = ports;
  return slice;
}

/** Deep equality of JSON values, ignoring key order (apimachinery `Semantic.DeepEqual` on decoded objects). */
export function sameJSON(a: unknown, b: unknown): boolean {
  return JSON.stringify(sortedKeys(a)) === JSON.stringify(sortedKeys(b));
}

function sortedKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortedKeys);
  if (v === null || typeof v !== 'object') return v;
  return Object.fromEntries(
    Object.keys(v)
      .sort()
      .map((k) => [k, sortedKeys((v as Record<string, unknown>)[k])]),
  );
}
