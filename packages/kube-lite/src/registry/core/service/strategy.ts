/**
 * The service strategy (pkg/registry/core/service/strategy.go): defaults, IP family fields, values the
 * server allocated kept across updates that omit them, status reset, validation.
 * @module
 */
import type { ApiObject, RequestContext, RESTCreateStrategy, RESTUpdateStrategy } from '@apiserver/registry';
import { type FieldError, nameIsDNS1035Label } from '@apiserver/runtime';
import { defaultService } from '@apiserver/runtime/apis';
import { canonicalJSON } from '@apiserver/storage';
import { recordAt, stringAt, stringsAt } from '../../../object-fields.js';
import { validateName } from '../pod/strategy.js';
import {
  healthCheckNodePort,
  isHeadless,
  needsClusterIP,
  needsHealthCheck,
  needsNodePort,
  servicePorts,
  serviceSpec,
  serviceType,
} from './service-fields.js';
import { validateService, validateServiceUpdate } from './validation.js';

/**
 * Defaults a service as the API and the allocator's `initIPFamilyFields` would on a single-stack IPv4
 * cluster: `clusterIP`/`clusterIPs` in agreement, `ipFamilyPolicy` (SingleStack; RequireDualStack for
 * headless services without selector) and `ipFamilies: [IPv4]`.
 */
export function defaultServiceFields(svc: ApiObject): void {
  defaultService(svc);
  const spec = serviceSpec(svc);
  if (!needsClusterIP(svc)) return;
  const clusterIP = stringAt(spec, 'clusterIP');
  const clusterIPs = stringsAt(spec, 'clusterIPs');
  if (clusterIP !== '' && clusterIPs.length === 0) spec.clusterIPs = [clusterIP];
  if (clusterIP === '' && clusterIPs[0] !== undefined) spec.clusterIP = clusterIPs[0];
  if (spec.ipFamilyPolicy === undefined || spec.ipFamilyPolicy === null) {
    const noSelector = Object.keys(recordAt(spec, 'selector') ?? {}).length === 0;
    spec.ipFamilyPolicy = isHeadless(svc) && noSelector ? 'RequireDualStack' : 'SingleStack';
  }
  if (stringsAt(spec, 'ipFamilies').length === 0) spec.ipFamilies = ['IPv4'];
}

/**
 * Copies server-allocated values an update left out (`patchAllocatedValues`): the cluster IP(s), the health
 * check node port, and node ports of ports with the same name that no other port of the new spec uses.
 */
export function patchAllocatedValues(svc: ApiObject, old: ApiObject): void {
  const spec = serviceSpec(svc);
  const oldSpec = recordAt(old, 'spec') ?? {};
  if (needsClusterIP(old) && needsClusterIP(svc)) {
    if (stringAt(spec, 'clusterIP') === '' && stringAt(oldSpec, 'clusterIP') !== '') spec.clusterIP = oldSpec.clusterIP;
    if (stringsAt(spec, 'clusterIPs').length === 0 && spec.clusterIP === oldSpec.clusterIP && oldSpec.clusterIPs !== undefined) {
      spec.clusterIPs = structuredClone(oldSpec.clusterIPs);
    }
  }
  if (needsHealthCheck(old) && needsHealthCheck(svc) && healthCheckNodePort(svc) === 0 && healthCheckNodePort(old) !== 0) {
    spec.healthCheckNodePort = healthCheckNodePort(old);
  }
  if (needsNodePort(old) && needsNodePort(svc)) {
    const used = new Set(servicePorts(svc).map((p) => p.nodePort));
    const byName = new Map(servicePorts(old).map((p) => [stringAt(p, 'name'), p.nodePort]));
    for (const p of servicePorts(svc)) {
      const oldValue = byName.get(stringAt(p, 'name'));
      if ((p.nodePort === undefined || p.nodePort === 0) && typeof oldValue === 'number' && !used.has(oldValue)) p.nodePort = oldValue;
    }
  }
}

function externallyAccessible(svc: ApiObject): boolean {
  return needsNodePort(svc) || stringsAt(recordAt(svc, 'spec'), 'externalIPs').length > 0;
}

/**
 * Clears fields the new type no longer uses when the update left them as they were
 * (`dropTypeDependentFields`), so `{"spec":{"type":"ClusterIP"}}` on a NodePort service is enough: cluster
 * IPs and IP families (to ExternalName), node ports, the health check node port,
 * allocateLoadBalancerNodePorts and externalTrafficPolicy.
 */
export function dropTypeDependentFields(svc: ApiObject, old: ApiObject): void {
  const spec = serviceSpec(svc);
  const oldSpec = recordAt(old, 'spec') ?? {};
  const same = (k: string) => canonicalJSON(spec[k] ?? null) === canonicalJSON(oldSpec[k] ?? null);
  if (needsClusterIP(old) && !needsClusterIP(svc) && same('clusterIP') && same('clusterIPs')) {
    for (const k of ['clusterIP', 'clusterIPs', 'ipFamilies', 'ipFamilyPolicy']) delete spec[k];
  }
  const oldNodePorts = new Set(servicePorts(old).map((p) => p.nodePort));
  if (needsNodePort(old) && !needsNodePort(svc) && servicePorts(svc).every((p) => p.nodePort === undefined || oldNodePorts.has(p.nodePort))) {
    for (const p of servicePorts(svc)) delete p.nodePort;
  }
  if (needsHealthCheck(old) && !needsHealthCheck(svc) && same('healthCheckNodePort')) delete spec.healthCheckNodePort;
  if (serviceType(svc) !== 'LoadBalancer' && same('allocateLoadBalancerNodePorts')) delete spec.allocateLoadBalancerNodePorts;
  if (externallyAccessible(old) && !externallyAccessible(svc) && same('externalTrafficPolicy')) delete spec.externalTrafficPolicy;
}

/** Create and update behaviour of services (deletes are immediate: no delete hooks). */
export class ServiceStrategy implements RESTCreateStrategy, RESTUpdateStrategy {
  /** Services are namespaced. */
  namespaceScoped(): boolean {
    return true;
  }

  /** PUT may create a service (as upstream). */
  allowCreateOnUpdate(): boolean {
    return true;
  }

  /** Updates without resourceVersion are allowed. */
  allowUnconditionalUpdate(): boolean {
    return true;
  }

  /** Defaults and an empty status (`{ loadBalancer: {} }`). */
  prepareForCreate(_ctx: RequestContext, obj: ApiObject): void {
    defaultServiceFields(obj);
    obj.status = { loadBalancer: {} };
  }

  /** Defaults, allocated values carried over, old status kept. */
  prepareForUpdate(_ctx: RequestContext, obj: ApiObject, old: ApiObject): void {
    patchAllocatedValues(obj, old);
    defaultServiceFields(obj);
    dropTypeDependentFields(obj, old);
    if (old.status === undefined) delete obj.status;
    else obj.status = old.status;
  }

  /** Validates a new service (name: DNS-1035 label). */
  validate(_ctx: RequestContext, obj: ApiObject): FieldError[] {
    return [...validateName(obj, nameIsDNS1035Label), ...validateService(obj)];
  }

  /** Validates an update. */
  validateUpdate(_ctx: RequestContext, obj: ApiObject, old: ApiObject): FieldError[] {
    return validateServiceUpdate(obj, old);
  }
}
