/**
 * Readers of a Service's spec used by allocation, defaulting and validation
 * (pkg/api/service helpers: `needsClusterIP`, `needsNodePort`, headless).
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { ensureRecord, type JSONRecord, recordAt, recordsAt, stringAt, stringsAt } from '../../../object-fields.js';

/** `spec.clusterIP` of a headless service. */
export const CLUSTER_IP_NONE = 'None';

/** The spec of a service (created when absent). */
export function serviceSpec(svc: ApiObject): JSONRecord {
  return ensureRecord(svc, 'spec');
}

/** The service type (`''` when unset). */
export function serviceType(svc: ApiObject): string {
  return stringAt(recordAt(svc, 'spec'), 'type');
}

/** Every type but ExternalName gets a cluster IP (or is headless). */
export function needsClusterIP(svc: ApiObject): boolean {
  return serviceType(svc) !== 'ExternalName';
}

/** NodePort and LoadBalancer services expose node ports. */
export function needsNodePort(svc: ApiObject): boolean {
  const t = serviceType(svc);
  return t === 'NodePort' || t === 'LoadBalancer';
}

/** Whether node ports are allocated for ports without one (NodePort; LoadBalancer unless turned off). */
export function shouldAllocateNodePorts(svc: ApiObject): boolean {
  const t = serviceType(svc);
  if (t === 'NodePort') return true;
  return t === 'LoadBalancer' && recordAt(svc, 'spec')?.allocateLoadBalancerNodePorts !== false;
}

/** The primary cluster IP: `clusterIPs[0]`, else `clusterIP` (`''` when none). */
export function primaryClusterIP(svc: ApiObject): string {
  const spec = recordAt(svc, 'spec');
  return stringsAt(spec, 'clusterIPs')[0] ?? stringAt(spec, 'clusterIP');
}

/** Whether the service is headless (`clusterIP: None`). */
export function isHeadless(svc: ApiObject): boolean {
  return primaryClusterIP(svc) === CLUSTER_IP_NONE;
}

/** The service's ports (objects only). */
export function servicePorts(svc: ApiObject): JSONRecord[] {
  return recordsAt(recordAt(svc, 'spec'), 'ports');
}

/** The non-zero node ports of a service. */
export function serviceNodePorts(svc: ApiObject): number[] {
  return servicePorts(svc)
    .map((p) => p.nodePort)
    .filter((n): n is number => typeof n === 'number' && n > 0);
}

/** LoadBalancer services with `externalTrafficPolicy: Local` get a health check node port (`NeedsHealthCheck`). */
export function needsHealthCheck(svc: ApiObject): boolean {
  return serviceType(svc) === 'LoadBalancer' && stringAt(recordAt(svc, 'spec'), 'externalTrafficPolicy') === 'Local';
}

/** `spec.healthCheckNodePort` (0 when unset). */
export function healthCheckNodePort(svc: ApiObject): number {
  const v = recordAt(svc, 'spec')?.healthCheckNodePort;
  return typeof v === 'number' ? v : 0;
}

/** Every node port the service holds: its ports' node ports and, when needed, the health check node port. */
export function heldNodePorts(svc: ApiObject): number[] {
  const ports = needsNodePort(svc) ? serviceNodePorts(svc) : [];
  const hc = healthCheckNodePort(svc);
  return needsHealthCheck(svc) && hc > 0 ? [...ports, hc] : ports;
}

/** Sets `clusterIP` and `clusterIPs` to the one address `ip`. */
export function setClusterIP(svc: ApiObject, ip: string): void {
  const spec = serviceSpec(svc);
  spec.clusterIP = ip;
  spec.clusterIPs = [ip];
}
