/**
 * Endpoints validation (pkg/apis/core/validation `ValidateEndpoints`, `validateEndpointSubsets`,
 * `validateEndpointAddress`, `validateEndpointPort`).
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import {
  type FieldError,
  type FieldPath,
  fieldInvalid,
  fieldNotSupported,
  fieldRequired,
  isDNS1123Label,
  isQualifiedName,
  nameIsDNSSubdomain,
  newPath,
} from '@apiserver/runtime';
import { isValidPortNum, SUPPORTED_PORT_PROTOCOLS } from '../pod/port-validation.js';
import { type JSONRecord, recordsAt } from '../../../object-fields.js';
import { validateIP } from '../../ip-address.js';
import { type EndpointIPOptions, isKubernetesServiceObject, validateEndpointIP } from './ip-validation.js';

/** `ValidateDNS1123Label` at `path`. */
export function validateDNS1123Label(value: string, path: FieldPath): FieldError[] {
  return isDNS1123Label(value).map((m) => fieldInvalid(path, value, m));
}

/** `ValidateQualifiedName` at `path`. */
export function validateQualifiedName(value: string, path: FieldPath): FieldError[] {
  return isQualifiedName(value).map((m) => fieldInvalid(path, value, m));
}

/** `ValidateNodeName` (a DNS-1123 subdomain) at `path`. */
export function validateNodeName(value: string, path: FieldPath): FieldError[] {
  return nameIsDNSSubdomain(value, false).map((m) => fieldInvalid(path, value, m));
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

function validateAddress(address: JSONRecord, path: FieldPath, ip: EndpointIPOptions): FieldError[] {
  const value = str(address.ip);
  const errs = validateIP(path.child('ip'), value);
  const hostname = str(address.hostname);
  if (hostname !== '') errs.push(...validateDNS1123Label(hostname, path.child('hostname')));
  if (typeof address.nodeName === 'string') errs.push(...validateNodeName(address.nodeName, path.child('nodeName')));
  errs.push(...validateEndpointIP(path.child('ip'), value, ip));
  return errs;
}

function validatePort(port: JSONRecord, requireName: boolean, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const name = str(port.name);
  if (requireName && name === '') errs.push(fieldRequired(path.child('name')));
  else if (name !== '') errs.push(...validateDNS1123Label(name, path.child('name')));
  for (const m of isValidPortNum(port.port)) errs.push(fieldInvalid(path.child('port'), port.port ?? 0, m));
  const protocol = str(port.protocol);
  if (protocol === '') errs.push(fieldRequired(path.child('protocol')));
  else if (!SUPPORTED_PORT_PROTOCOLS.includes(protocol)) errs.push(fieldNotSupported(path.child('protocol'), protocol, SUPPORTED_PORT_PROTOCOLS));
  if (typeof port.appProtocol === 'string') errs.push(...validateQualifiedName(port.appProtocol, path.child('appProtocol')));
  return errs;
}

/** Validates the subsets: each has addresses or notReadyAddresses, valid non-special IPs and valid ports. */
export function validateEndpointSubsets(subsets: readonly JSONRecord[], path: FieldPath, ip: EndpointIPOptions = {}): FieldError[] {
  const errs: FieldError[] = [];
  subsets.forEach((subset, i) => {
    const at = path.index(i);
    const addresses = recordsAt(subset, 'addresses');
    const notReady = recordsAt(subset, 'notReadyAddresses');
    if (addresses.length === 0 && notReady.length === 0) errs.push(fieldRequired(at, 'must specify `addresses` or `notReadyAddresses`'));
    for (const [j, a] of addresses.entries()) errs.push(...validateAddress(a, at.child('addresses').index(j), ip));
    for (const [j, a] of notReady.entries()) errs.push(...validateAddress(a, at.child('notReadyAddresses').index(j), ip));
    const ports = recordsAt(subset, 'ports');
    for (const [j, p] of ports.entries()) errs.push(...validatePort(p, ports.length > 1, at.child('ports').index(j)));
  });
  return errs;
}

/**
 * `ValidateEndpoints` beyond object metadata (the Store checks that): the subsets. Loopback addresses are
 * accepted only in `default/kubernetes`, which kube-lite advertises at its (usually loopback) bind address.
 */
export function validateEndpoints(ep: ApiObject): FieldError[] {
  const allowLoopback = isKubernetesServiceObject(ep.metadata.namespace, ep.metadata.name);
  return validateEndpointSubsets(recordsAt(ep, 'subsets'), newPath('subsets'), { allowLoopback });
}
