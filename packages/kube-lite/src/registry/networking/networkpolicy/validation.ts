/**
 * NetworkPolicy validation (pkg/apis/networking/validation `ValidateNetworkPolicySpec`, `ValidateNetworkPolicyPort`,
 * `ValidateNetworkPolicyPeer`, `ValidateIPBlock`, 1.32): the pod selector, rule ports (protocol, number or name,
 * endPort), peers (exactly one kind, ipBlock alone), ipBlock CIDRs with strict-subset exceptions, and at most
 * Ingress and Egress as policy types.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { type FieldError, type FieldPath, fieldForbidden, fieldInvalid, fieldNotSupported, fieldRequired, newPath } from '@apiserver/runtime';
import { isInteger, type JSONRecord, recordAt, recordsAt, stringAt, stringsAt } from '../../../object-fields.js';
import { validateLabelSelector } from '../../label-selector-validation.js';
import { isValidPortName, isValidPortNum, SUPPORTED_PORT_PROTOCOLS } from '../../core/pod/port-validation.js';
import { isStrictSubnet, parseCIDRSloppy } from '../cidr.js';

const POLICY_TYPES = ['Ingress', 'Egress'];
const PROTOCOLS = ['TCP', 'UDP', 'SCTP'];

/** `ValidateNetworkPolicyPort`. */
export function validateNetworkPolicyPort(port: JSONRecord, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (typeof port.protocol === 'string' && !SUPPORTED_PORT_PROTOCOLS.includes(port.protocol)) errs.push(fieldNotSupported(path.child('protocol'), port.protocol, PROTOCOLS));
  const endPort = port.endPort;
  const hasEndPort = endPort !== undefined && endPort !== null;
  if (isInteger(port.port)) {
    const number = port.port;
    errs.push(...isValidPortNum(number).map((m) => fieldInvalid(path.child('port'), number, m)));
    if (isInteger(endPort)) {
      if (endPort < number) errs.push(fieldInvalid(path.child('endPort'), number, 'must be greater than or equal to `port`'));
      errs.push(...isValidPortNum(endPort).map((m) => fieldInvalid(path.child('endPort'), endPort, m)));
    }
  } else if (typeof port.port === 'string') {
    const name = port.port;
    if (hasEndPort) errs.push(fieldInvalid(path.child('endPort'), endPort, 'may not be specified when `port` is non-numeric'));
    errs.push(...isValidPortName(name).map((m) => fieldInvalid(path.child('port'), name, m)));
  } else if (hasEndPort) {
    errs.push(fieldInvalid(path.child('endPort'), endPort, 'may not be specified when `port` is not specified'));
  }
  return errs;
}

/** `ValidateIPBlock` (1.32: "not a valid CIDR", stopping at the first bad exception). */
export function validateIPBlock(ipBlock: JSONRecord, path: FieldPath): FieldError[] {
  const cidr = stringAt(ipBlock, 'cidr');
  if (cidr === '') return [fieldRequired(path.child('cidr'), '')];
  const outer = parseCIDRSloppy(cidr);
  if (outer === undefined) return [fieldInvalid(path.child('cidr'), cidr, 'not a valid CIDR')];
  const errs: FieldError[] = [];
  for (const [i, except] of stringsAt(ipBlock, 'except').entries()) {
    const inner = parseCIDRSloppy(except);
    if (inner === undefined) return [...errs, fieldInvalid(path.child('except').index(i), except, 'not a valid CIDR')];
    if (!isStrictSubnet(inner, outer)) errs.push(fieldInvalid(path.child('except').index(i), except, 'must be a strict subset of `cidr`'));
  }
  return errs;
}

/** `ValidateNetworkPolicyPeer`: at least one of podSelector, namespaceSelector and ipBlock; ipBlock only alone. */
export function validateNetworkPolicyPeer(peer: JSONRecord, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  let peers = 0;
  for (const key of ['podSelector', 'namespaceSelector']) {
    const selector = recordAt(peer, key);
    if (selector === undefined) continue;
    peers++;
    errs.push(...validateLabelSelector(selector, path.child(key)));
  }
  const ipBlock = recordAt(peer, 'ipBlock');
  if (ipBlock !== undefined) {
    peers++;
    errs.push(...validateIPBlock(ipBlock, path.child('ipBlock')));
  }
  if (peers === 0) errs.push(fieldRequired(path, 'must specify a peer'));
  else if (ipBlock !== undefined && peers > 1) errs.push(fieldForbidden(path, 'may not specify both ipBlock and another peer'));
  return errs;
}

function validateRules(spec: JSONRecord, key: 'ingress' | 'egress', peersKey: 'from' | 'to', path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  recordsAt(spec, key).forEach((rule, i) => {
    const rulePath = path.child(key).index(i);
    for (const [j, port] of recordsAt(rule, 'ports').entries()) errs.push(...validateNetworkPolicyPort(port, rulePath.child('ports').index(j)));
    for (const [j, peer] of recordsAt(rule, peersKey).entries()) errs.push(...validateNetworkPolicyPeer(peer, rulePath.child(peersKey).index(j)));
  });
  return errs;
}

/** Validates a NetworkPolicy's spec (create and update alike). */
export function validateNetworkPolicy(obj: ApiObject): FieldError[] {
  const path = newPath('spec');
  const spec = recordAt(obj, 'spec') ?? {};
  const errs = validateLabelSelector(recordAt(spec, 'podSelector') ?? {}, path.child('podSelector'));
  errs.push(...validateRules(spec, 'ingress', 'from', path), ...validateRules(spec, 'egress', 'to', path));
  const policyTypes = stringsAt(spec, 'policyTypes');
  if (policyTypes.length > POLICY_TYPES.length) errs.push(fieldInvalid(path.child('policyTypes'), policyTypes, 'may not specify more than two policyTypes'));
  policyTypes.forEach((t, i) => {
    if (!POLICY_TYPES.includes(t)) errs.push(fieldNotSupported(path.child('policyTypes').index(i), t, POLICY_TYPES));
  });
  return errs;
}
