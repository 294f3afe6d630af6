/**
 * A service's load balancer status (pkg/apis/core/validation `ValidateLoadBalancerStatus`, `ValidateServiceStatusUpdate`,
 * Kubernetes 1.32, the same in the 1.30 and 1.33-development copies read): ingress points only on LoadBalancer
 * services (AllowServiceLBStatusOnNonLB, deprecated, off), each `ip` a valid address, each `hostname` a DNS-1123
 * subdomain that is no IP address, and `ipMode` (LoadBalancerIPMode, GA and on in 1.32) required with an `ip`, not
 * allowed without one, `VIP` or `Proxy`. The ports and their `error` are not checked, nor are `status.conditions`.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { type FieldError, type FieldPath, fieldForbidden, fieldInvalid, fieldNotSupported, fieldRequired, isDNS1123Subdomain, newPath } from '@apiserver/runtime';
import { type JSONRecord, recordAt, recordsAt, stringAt } from '../../../object-fields.js';
import { sloppyIPFamily, validateIP } from '../../ip-address.js';

const IP_MODES: readonly string[] = ['Proxy', 'VIP'];

function validateIPMode(ingress: JSONRecord, path: FieldPath): FieldError[] {
  const ip = stringAt(ingress, 'ip');
  const mode = ingress.ipMode;
  if (mode === undefined || mode === null) return ip === '' ? [] : [fieldRequired(path, 'must be specified when `ip` is set')];
  if (ip === '') return [fieldForbidden(path, 'may not be specified when `ip` is not set')];
  const value = typeof mode === 'string' ? mode : '';
  return IP_MODES.includes(value) ? [] : [fieldNotSupported(path, value, IP_MODES)];
}

function validateIngress(ingress: JSONRecord, path: FieldPath): FieldError[] {
  const ip = stringAt(ingress, 'ip');
  const errs = ip === '' ? [] : validateIP(path.child('ip'), ip);
  errs.push(...validateIPMode(ingress, path.child('ipMode')));
  const hostname = stringAt(ingress, 'hostname');
  if (hostname !== '') {
    errs.push(...isDNS1123Subdomain(hostname).map((m) => fieldInvalid(path.child('hostname'), hostname, m)));
    if (sloppyIPFamily(hostname) !== undefined) errs.push(fieldInvalid(path.child('hostname'), hostname, 'must be a DNS name, not an IP address'));
  }
  return errs;
}

/** `ValidateLoadBalancerStatus` of `status` at `path` for a service of `spec`. */
export function validateLoadBalancerStatus(status: JSONRecord | undefined, path: FieldPath, spec: JSONRecord | undefined): FieldError[] {
  const ingresses = recordsAt(status, 'ingress');
  const ingressPath = path.child('ingress');
  if (stringAt(spec, 'type') !== 'LoadBalancer' && ingresses.length > 0) {
    return [fieldForbidden(ingressPath, "may only be used when `spec.type` is 'LoadBalancer'")];
  }
  return ingresses.flatMap((ingress, i) => validateIngress(ingress, ingressPath.index(i)));
}

/** `ValidateServiceStatusUpdate` without `ValidateObjectMetaUpdate` (the generic update runs it). */
export function validateServiceStatusUpdate(service: ApiObject): FieldError[] {
  const status = recordAt(service, 'status');
  return validateLoadBalancerStatus(recordAt(status, 'loadBalancer'), newPath('status', 'loadBalancer'), recordAt(service, 'spec'));
}
