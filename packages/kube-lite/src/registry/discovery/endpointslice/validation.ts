/**
 * EndpointSlice validation (pkg/apis/discovery/validation `ValidateEndpointSlice`, `validateEndpoints`,
 * `validatePorts`, `validateAddressType`, `validateHints`, `ValidateEndpointSliceUpdate`).
 * @module
 */
import { isDeepStrictEqual } from 'node:util';
import type { ApiObject } from '@apiserver/registry';
import {
  type FieldError,
  type FieldPath,
  fieldDuplicate,
  fieldInternalError,
  fieldInvalid,
  fieldNotSupported,
  fieldRequired,
  fieldTooMany,
  isDNS1123Label,
  isDNS1123Subdomain,
  isValidLabelValue,
  newPath,
  validateLabels,
} from '@apiserver/runtime';
import { type EndpointIPOptions, isKubernetesServiceObject, validateEndpointIP } from '../../core/endpoints/ip-validation.js';
import { validateIPv4, validateIPv6 } from '../../ip-address.js';
import { validateDNS1123Label, validateNodeName, validateQualifiedName } from '../../core/endpoints/validation.js';
import { type JSONRecord, recordAt, recordsAt, stringMapAt, stringsAt } from '../../../object-fields.js';
import { SUPPORTED_PORT_PROTOCOLS } from '../../core/pod/port-validation.js';

/** Address types an EndpointSlice may carry (sorted, as upstream lists them). */
export const SUPPORTED_ADDRESS_TYPES: readonly string[] = ['FQDN', 'IPv4', 'IPv6'];

const MAX_TOPOLOGY_LABELS = 16;
const MAX_ADDRESSES = 100;
const MAX_PORTS = 20000;
const MAX_ENDPOINTS = 1000;
const MAX_ZONE_HINTS = 8;
const ZONE_LABEL = 'topology.kubernetes.io/zone';

/** apimachinery `IsFullyQualifiedDomainName`. */
export function validateFQDN(path: FieldPath, value: string): FieldError[] {
  if (value === '') return [fieldRequired(path)];
  const name = value.endsWith('.') ? value.slice(0, -1) : value;
  const subdomain = isDNS1123Subdomain(name);
  if (subdomain.length > 0) return [fieldInvalid(path, name, subdomain.join(','))];
  const labels = name.split('.');
  if (labels.length < 2) return [fieldInvalid(path, name, 'should be a domain with at least two segments separated by dots')];
  for (const label of labels) {
    const errs = isDNS1123Label(label);
    if (errs.length > 0) return [fieldInvalid(path, label, errs.join(','))];
  }
  return [];
}

function validateAddress(addressType: string, address: string, path: FieldPath, ip: EndpointIPOptions): FieldError[] {
  // Unknown address types fall through unvalidated (validateAddressType reports them).
  if (addressType === 'IPv4') return [...validateIPv4(path, address), ...validateEndpointIP(path, address, ip)];
  if (addressType === 'IPv6') return [...validateIPv6(path, address), ...validateEndpointIP(path, address, ip)];
  if (addressType === 'FQDN') return validateFQDN(path, address);
  return [];
}

function validateHints(hints: JSONRecord, path: FieldPath): FieldError[] {
  const zones = recordsAt(hints, 'forZones');
  const at = path.child('forZones');
  if (zones.length > MAX_ZONE_HINTS) return [fieldTooMany(at, zones.length, MAX_ZONE_HINTS)];
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  zones.forEach((zone, i) => {
    const name = typeof zone.name === 'string' ? zone.name : '';
    const namePath = at.index(i).child('name');
    if (seen.has(name)) errs.push(fieldDuplicate(namePath, name));
    else seen.add(name);
    for (const m of isValidLabelValue(name)) errs.push(fieldInvalid(namePath, name, m));
  });
  return errs;
}

function validateEndpoint(endpoint: JSONRecord, addressType: string, path: FieldPath, ip: EndpointIPOptions): FieldError[] {
  const errs: FieldError[] = [];
  const addresses = stringsAt(endpoint, 'addresses');
  const at = path.child('addresses');
  if (addresses.length === 0) errs.push(fieldRequired(at, 'must contain at least 1 address'));
  else if (addresses.length > MAX_ADDRESSES) errs.push(fieldTooMany(at, addresses.length, MAX_ADDRESSES));
  for (const [i, a] of addresses.entries()) errs.push(...validateAddress(addressType, a, at.index(i), ip));
  if (typeof endpoint.nodeName === 'string') errs.push(...validateNodeName(endpoint.nodeName, path.child('nodeName')));
  const topology = stringMapAt(endpoint, 'deprecatedTopology') ?? {};
  const topologyPath = path.child('deprecatedTopology');
  const size = Object.keys(topology).length;
  if (size > MAX_TOPOLOGY_LABELS) errs.push(fieldTooMany(topologyPath, size, MAX_TOPOLOGY_LABELS));
  errs.push(...validateLabels(topology, topologyPath));
  if (Object.hasOwn(topology, ZONE_LABEL)) {
    errs.push(fieldInternalError(topologyPath.key(ZONE_LABEL), new Error('reserved key was not removed in conversion')));
  }
  if (typeof endpoint.hostname === 'string') errs.push(...validateDNS1123Label(endpoint.hostname, path.child('hostname')));
  const hints = recordAt(endpoint, 'hints');
  if (hints !== undefined) errs.push(...validateHints(hints, path.child('hints')));
  return errs;
}

function validatePorts(ports: readonly JSONRecord[], path: FieldPath): FieldError[] {
  if (ports.length > MAX_PORTS) return [fieldTooMany(path, ports.length, MAX_PORTS)];
  const errs: FieldError[] = [];
  const names = new Set<string>();
  ports.forEach((port, i) => {
    const at = path.index(i);
    const name = typeof port.name === 'string' ? port.name : '';
    if (name !== '') errs.push(...validateDNS1123Label(name, at.child('name')));
    if (names.has(name)) errs.push(fieldDuplicate(at.child('name'), name));
    else names.add(name);
    const protocol = port.protocol;
    if (typeof protocol !== 'string') errs.push(fieldRequired(at.child('protocol')));
    else if (!SUPPORTED_PORT_PROTOCOLS.includes(protocol)) errs.push(fieldNotSupported(at.child('protocol'), protocol, SUPPORTED_PORT_PROTOCOLS));
    if (typeof port.appProtocol === 'string') errs.push(...validateQualifiedName(port.appProtocol, at.child('appProtocol')));
  });
  return errs;
}

function validateAddressType(addressType: string): FieldError[] {
  const path = newPath('addressType');
  if (addressType === '') return [fieldRequired(path)];
  return SUPPORTED_ADDRESS_TYPES.includes(addressType) ? [] : [fieldNotSupported(path, addressType, SUPPORTED_ADDRESS_TYPES)];
}

/**
 * `ValidateEndpointSlice` beyond object metadata (the Store checks that). Loopback addresses are accepted
 * only in `default/kubernetes`, which kube-lite advertises at its (usually loopback) bind address.
 */
export function validateEndpointSlice(slice: ApiObject): FieldError[] {
  const addressType = typeof slice.addressType === 'string' ? slice.addressType : '';
  const ip = { allowLoopback: isKubernetesServiceObject(slice.metadata.namespace, slice.metadata.name) };
  const endpoints = recordsAt(slice, 'endpoints');
  const errs = validateAddressType(addressType);
  if (endpoints.length > MAX_ENDPOINTS) {
    errs.push(fieldTooMany(newPath('endpoints'), endpoints.length, MAX_ENDPOINTS));
  } else {
    for (const [i, e] of endpoints.entries()) errs.push(...validateEndpoint(e, addressType, newPath('endpoints').index(i), ip));
  }
  errs.push(...validatePorts(recordsAt(slice, 'ports'), newPath('ports')));
  return errs;
}

/** `ValidateEndpointSliceUpdate`: the slice, and an addressType that does not change. */
export function validateEndpointSliceUpdate(slice: ApiObject, old: ApiObject): FieldError[] {
  const errs = validateEndpointSlice(slice);
  if (!isDeepStrictEqual(slice.addressType, old.addressType)) {
    errs.push(fieldInvalid(newPath('addressType'), slice.addressType ?? '', 'field is immutable'));
  }
  return errs;
}
