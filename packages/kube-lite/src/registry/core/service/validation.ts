/**
 * Service validation (pkg/apis/core/validation `ValidateService`, `ValidateServiceUpdate`) for the
 * fields kube-lite models.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import {
  type FieldError,
  type FieldPath,
  fieldDuplicate,
  fieldForbidden,
  fieldInvalid,
  fieldNotSupported,
  fieldRequired,
  isDNS1123Label,
  isDNS1123Subdomain,
  newPath,
  validateLabels,
} from '@apiserver/runtime';
import { validateEnum } from '../pod/container-validation.js';
import { type JSONRecord, recordAt, stringAt, stringMapAt, stringsAt } from '../../../object-fields.js';
import { isValidPortNum, SUPPORTED_PORT_PROTOCOLS, validatePortNumOrName } from '../pod/port-validation.js';
import { parseIPv4 } from './ip-range.js';
import {
  CLUSTER_IP_NONE,
  isHeadless,
  needsClusterIP,
  needsHealthCheck,
  primaryClusterIP,
  servicePorts,
  serviceType,
} from './service-fields.js';

const SERVICE_TYPES: readonly string[] = ['ClusterIP', 'ExternalName', 'LoadBalancer', 'NodePort'];
const SESSION_AFFINITIES: readonly string[] = ['ClientIP', 'None'];
const TRAFFIC_POLICIES: readonly string[] = ['Cluster', 'Local'];
const IP_FAMILY_POLICIES: readonly string[] = ['SingleStack', 'PreferDualStack', 'RequireDualStack'];
const IP_FAMILIES: readonly string[] = ['IPv4', 'IPv6'];
const SPEC = newPath('spec');

function validatePort(port: JSONRecord, path: FieldPath, requireName: boolean): FieldError[] {
  const errs: FieldError[] = [];
  const name = stringAt(port, 'name');
  if (name === '' && requireName) errs.push(fieldRequired(path.child('name'), ''));
  else if (name !== '') for (const msg of isDNS1123Label(name)) errs.push(fieldInvalid(path.child('name'), name, msg));
  for (const msg of isValidPortNum(port.port)) errs.push(fieldInvalid(path.child('port'), port.port, msg));
  errs.push(...validateEnum(port.protocol, path.child('protocol'), SUPPORTED_PORT_PROTOCOLS));
  if (port.targetPort !== undefined) errs.push(...validatePortNumOrName(port.targetPort, path.child('targetPort')));
  const nodePort = port.nodePort;
  if (nodePort !== undefined && nodePort !== 0) {
    for (const msg of isValidPortNum(nodePort)) errs.push(fieldInvalid(path.child('nodePort'), nodePort, msg));
  }
  return errs;
}

function validatePorts(svc: ApiObject): FieldError[] {
  const ports = servicePorts(svc);
  const type = serviceType(svc);
  const errs: FieldError[] = [];
  if (ports.length === 0 && type !== 'ExternalName' && !isHeadless(svc)) errs.push(fieldRequired(SPEC.child('ports'), ''));
  const names = new Set<string>();
  const nodePorts = new Set<string>();
  ports.forEach((port, i) => {
    const path = SPEC.child('ports').index(i);
    errs.push(...validatePort(port, path, ports.length > 1));
    const name = stringAt(port, 'name');
    if (names.has(name)) errs.push(fieldDuplicate(path.child('name'), name));
    names.add(name);
    const nodePort = port.nodePort;
    if (typeof nodePort === 'number' && nodePort !== 0) {
      if (type === 'ClusterIP') errs.push(fieldForbidden(path.child('nodePort'), "may not be used when `type` is 'ClusterIP'"));
      const key = `${nodePort}/${String(port.protocol)}`;
      if (nodePorts.has(key)) errs.push(fieldDuplicate(path.child('nodePort'), nodePort));
      nodePorts.add(key);
    }
  });
  return errs;
}

function validateClusterIP(svc: ApiObject): FieldError[] {
  const spec = recordAt(svc, 'spec');
  const type = serviceType(svc);
  const clusterIP = stringAt(spec, 'clusterIP');
  const clusterIPs = stringsAt(spec, 'clusterIPs');
  if (type === 'ExternalName') {
    return clusterIP === '' ? [] : [fieldForbidden(SPEC.child('clusterIP'), 'may not be set for ExternalName services')];
  }
  const errs: FieldError[] = [];
  if (clusterIP !== '' && clusterIPs.length > 0 && clusterIPs[0] !== clusterIP) {
    errs.push(fieldInvalid(SPEC.child('clusterIPs'), clusterIPs, 'first value must match `clusterIP`'));
  }
  clusterIPs.forEach((ip, i) => {
    if (ip === CLUSTER_IP_NONE) {
      if (type === 'NodePort' || type === 'LoadBalancer') {
        errs.push(fieldInvalid(SPEC.child('clusterIPs').index(i), ip, `may not be set to 'None' for ${type} services`));
      }
    } else if (parseIPv4(ip) === undefined) {
      errs.push(fieldInvalid(SPEC.child('clusterIPs').index(i), ip, 'must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)'));
    }
  });
  return errs;
}

function validateTypeSpecific(svc: ApiObject): FieldError[] {
  const spec = recordAt(svc, 'spec') ?? {};
  const type = serviceType(svc);
  const errs: FieldError[] = [];
  if (type === 'ExternalName') {
    const cname = stringAt(spec, 'externalName');
    if (cname === '') errs.push(fieldRequired(SPEC.child('externalName'), ''));
    else for (const msg of isDNS1123Subdomain(cname.replace(/\.$/, ''))) errs.push(fieldInvalid(SPEC.child('externalName'), cname, msg));
  }
  const etp = spec.externalTrafficPolicy;
  if (type === 'NodePort' || type === 'LoadBalancer') errs.push(...validateEnum(etp, SPEC.child('externalTrafficPolicy'), TRAFFIC_POLICIES));
  else if (etp !== undefined && etp !== '') {
    errs.push(fieldInvalid(SPEC.child('externalTrafficPolicy'), etp, 'may only be set for externally-accessible services'));
  }
  const hc = spec.healthCheckNodePort;
  if (hc !== undefined && hc !== 0 && !needsHealthCheck(svc)) {
    errs.push(fieldInvalid(SPEC.child('healthCheckNodePort'), hc, "may only be set when `type` is 'LoadBalancer' and `externalTrafficPolicy` is 'Local'"));
  }
  if (needsClusterIP(svc)) {
    errs.push(...validateEnum(spec.internalTrafficPolicy, SPEC.child('internalTrafficPolicy'), TRAFFIC_POLICIES));
    if (spec.ipFamilyPolicy !== undefined) errs.push(...validateEnum(spec.ipFamilyPolicy, SPEC.child('ipFamilyPolicy'), IP_FAMILY_POLICIES));
    stringsAt(spec, 'ipFamilies').forEach((f, i) => {
      if (!IP_FAMILIES.includes(f)) errs.push(fieldNotSupported(SPEC.child('ipFamilies').index(i), f, IP_FAMILIES));
    });
  }
  return errs;
}

/**
 * Validates a service: type and sessionAffinity enums, ports (names DNS-1123 labels, unique, required
 * when several; port numbers; protocol enum; targetPort number or name; node ports only for NodePort and
 * LoadBalancer, unique), selector labels, clusterIP(s), ExternalName, traffic policies, IP families.
 */
export function validateService(svc: ApiObject): FieldError[] {
  const spec = recordAt(svc, 'spec') ?? {};
  const errs = [
    ...validateEnum(spec.type, SPEC.child('type'), SERVICE_TYPES),
    ...validateEnum(spec.sessionAffinity, SPEC.child('sessionAffinity'), SESSION_AFFINITIES),
    ...validatePorts(svc),
    ...validateLabels(stringMapAt(spec, 'selector') ?? {}, SPEC.child('selector')),
    ...validateClusterIP(svc),
    ...validateTypeSpecific(svc),
  ];
  return errs;
}

/** Validates an update: the new service, and a primary cluster IP that does not change (except to/from ExternalName). */
export function validateServiceUpdate(svc: ApiObject, old: ApiObject): FieldError[] {
  const errs = validateService(svc);
  if (!needsClusterIP(svc) || !needsClusterIP(old)) return errs;
  const before = primaryClusterIP(old);
  const after = primaryClusterIP(svc);
  if (before !== '' && after !== before) {
    errs.push(fieldInvalid(SPEC.child('clusterIPs').index(0), stringsAt(recordAt(svc, 'spec'), 'clusterIPs'), 'may not change once set'));
  }
  return errs;
}
