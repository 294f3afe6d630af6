/**
 * Pod-level scheduling and naming fields of a PodSpec (pkg/apis/core/validation `ValidatePodSpec`'s checks of
 * nodeSelector, affinity, dnsConfig, readinessGates, schedulingGates, topologySpreadConstraints,
 * serviceAccountName, hostname, subdomain, tolerations, hostAliases, priorityClassName, runtimeClassName,
 * preemptionPolicy, overhead and os), in upstream's order, as Kubernetes 1.32 runs them.
 * @module
 */
import {
  type FieldError,
  type FieldPath,
  fieldDuplicate,
  fieldInvalid,
  fieldNotSupported,
  fieldRequired,
  isDNS1123Label,
  isDNS1123Subdomain,
  isQualifiedName,
  nameIsDNSSubdomain,
  validateLabels,
} from '@apiserver/runtime';
import { type JSONRecord, recordAt, recordsAt, stringAt, stringMapAt, stringsAt } from '../../../object-fields.js';
import { validateIP } from '../../ip-address.js';
import { validateOverhead } from '../../node/runtimeclass/validation.js';
import { validateAffinity } from './affinity-validation.js';
import { validateTolerations } from './toleration-validation.js';
import { validateTopologySpreadConstraints } from './topology-spread-validation.js';

const PREEMPTION_POLICIES: readonly string[] = ['PreemptLowerPriority', 'Never'];
const OPERATING_SYSTEMS: readonly string[] = ['linux', 'windows'];
const MAX_DNS_NAMESERVERS = 3;
const MAX_DNS_SEARCH_PATHS = 32;
const MAX_DNS_SEARCH_LIST_CHARS = 2048;

/** `ValidateHostAliases`: each IP valid, each hostname a DNS subdomain. */
function validateHostAliases(aliases: readonly JSONRecord[], path: FieldPath): FieldError[] {
  return aliases.flatMap((alias, i) => [
    ...validateIP(path.index(i).child('ip'), stringAt(alias, 'ip')),
    ...stringsAt(alias, 'hostnames').flatMap((h, j) => isDNS1123Subdomain(h).map((m) => fieldInvalid(path.index(i).child('hostnames').index(j), h, m))),
  ]);
}

/** dnsConfig's nameserver count and addresses. */
function validateNameservers(nameservers: readonly string[], path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (nameservers.length > MAX_DNS_NAMESERVERS) errs.push(fieldInvalid(path, nameservers, `must not have more than ${MAX_DNS_NAMESERVERS} nameservers`));
  nameservers.forEach((ns, i) => {
    errs.push(...validateIP(path.index(i), ns));
  });
  return errs;
}

/** dnsConfig's search list: count, total length with separating spaces, each a DNS subdomain (trailing dot dropped). */
function validateSearches(searches: readonly string[], path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (searches.length > MAX_DNS_SEARCH_PATHS) errs.push(fieldInvalid(path, searches, `must not have more than ${MAX_DNS_SEARCH_PATHS} search paths`));
  if (Buffer.byteLength(searches.join(' ')) > MAX_DNS_SEARCH_LIST_CHARS) {
    errs.push(fieldInvalid(path, searches, `must not have more than ${MAX_DNS_SEARCH_LIST_CHARS} characters (including spaces) in the search list`));
  }
  // RelaxedDNSSearchValidation is alpha (off) in 1.32: every search must be a DNS subdomain.
  searches.forEach((s, i) => {
    const search = s.endsWith('.') ? s.slice(0, -1) : s;
    for (const msg of isDNS1123Subdomain(search)) errs.push(fieldInvalid(path.index(i), search, msg));
  });
  return errs;
}

/** `validatePodDNSConfig`: dnsPolicy None needs a config with a nameserver; limits on nameservers, searches, options. */
function validatePodDNSConfig(spec: JSONRecord, path: FieldPath): FieldError[] {
  const config = recordAt(spec, 'dnsConfig');
  if (spec.dnsPolicy === 'None') {
    if (config === undefined) return [fieldRequired(path, 'must provide `dnsConfig` when `dnsPolicy` is None')];
    if (stringsAt(config, 'nameservers').length === 0) return [fieldRequired(path.child('nameservers'), 'must provide at least one DNS nameserver when `dnsPolicy` is None')];
  }
  if (config === undefined) return [];
  return [
    ...validateNameservers(stringsAt(config, 'nameservers'), path.child('nameservers')),
    ...validateSearches(stringsAt(config, 'searches'), path.child('searches')),
    ...recordsAt(config, 'options').flatMap((o, i) => (stringAt(o, 'name') === '' ? [fieldRequired(path.child('options').index(i), 'must not be empty')] : [])),
  ];
}

/** `validateReadinessGates`: each conditionType a qualified name. */
function validateReadinessGates(gates: readonly JSONRecord[], path: FieldPath): FieldError[] {
  return gates.flatMap((g, i) => {
    const conditionType = stringAt(g, 'conditionType');
    return isQualifiedName(conditionType).map((m) => fieldInvalid(path.index(i).child('conditionType'), conditionType, m));
  });
}

/** `validateSchedulingGates`: names qualified and unique (errors at the gate's index). */
function validateSchedulingGates(gates: readonly JSONRecord[], path: FieldPath): FieldError[] {
  const seen = new Set<string>();
  return gates.flatMap((g, i) => {
    const name = stringAt(g, 'name');
    const errs = isQualifiedName(name).map((m) => fieldInvalid(path.index(i), name, m));
    if (seen.has(name)) errs.push(fieldDuplicate(path.index(i), name));
    seen.add(name);
    return errs;
  });
}

/** A non-empty string field checked by a name rule (`field.Invalid` per message). */
function validateNameField(spec: JSONRecord, field: string, path: FieldPath, rule: (value: string) => string[]): FieldError[] {
  const value = stringAt(spec, field);
  return value === '' ? [] : rule(value).map((m) => fieldInvalid(path.child(field), value, m));
}

/** `ValidatePreemptionPolicy`, when set: Required when empty, else one of the two policies. */
function validatePreemptionPolicy(policy: unknown, path: FieldPath): FieldError[] {
  if (policy === undefined || policy === null) return [];
  if (policy === '') return [fieldRequired(path, '')];
  return typeof policy === 'string' && PREEMPTION_POLICIES.includes(policy) ? [] : [fieldNotSupported(path, policy, PREEMPTION_POLICIES)];
}

/** `validateOS`, when set: a name is required and must be linux or windows (NotSupported at `os`, as upstream). */
function validateOS(os: JSONRecord | undefined, path: FieldPath): FieldError[] {
  if (os === undefined) return [];
  const name = stringAt(os, 'name');
  if (name === '') return [fieldRequired(path.child('name'), 'cannot be empty')];
  return OPERATING_SYSTEMS.includes(name) ? [] : [fieldNotSupported(path, name, OPERATING_SYSTEMS)];
}

/** Checks that upstream runs before the nodeName and activeDeadlineSeconds checks. */
function validateSchedulingConstraints(spec: JSONRecord, path: FieldPath): FieldError[] {
  return [
    ...validateLabels(stringMapAt(spec, 'nodeSelector') ?? {}, path.child('nodeSelector')),
    ...validateAffinity(recordAt(spec, 'affinity'), path.child('affinity')),
    ...validatePodDNSConfig(spec, path.child('dnsConfig')),
    ...validateReadinessGates(recordsAt(spec, 'readinessGates'), path.child('readinessGates')),
    ...validateSchedulingGates(recordsAt(spec, 'schedulingGates'), path.child('schedulingGates')),
    ...validateTopologySpreadConstraints(recordsAt(spec, 'topologySpreadConstraints'), path.child('topologySpreadConstraints')),
    ...validateNameField(spec, 'serviceAccountName', path, (v) => nameIsDNSSubdomain(v, false)),
  ];
}

/**
 * Validates a PodSpec's scheduling and pod-level naming fields: nodeSelector labels, affinity, dnsConfig,
 * readinessGates, schedulingGates, topologySpreadConstraints, serviceAccountName, hostname and subdomain (DNS
 * labels), tolerations, hostAliases, priorityClassName and runtimeClassName (DNS subdomains), preemptionPolicy,
 * overhead (as container limits) and os.name.
 */
export function validatePodSchedulingFields(spec: JSONRecord, path: FieldPath): FieldError[] {
  const errs = validateSchedulingConstraints(spec, path);
  errs.push(...validateNameField(spec, 'hostname', path, isDNS1123Label));
  errs.push(...validateNameField(spec, 'subdomain', path, isDNS1123Label));
  errs.push(...validateTolerations(recordsAt(spec, 'tolerations'), path.child('tolerations')));
  errs.push(...validateHostAliases(recordsAt(spec, 'hostAliases'), path.child('hostAliases')));
  errs.push(...validateNameField(spec, 'priorityClassName', path, (v) => nameIsDNSSubdomain(v, false)));
  const runtimeClassName = spec.runtimeClassName;
  if (typeof runtimeClassName === 'string') {
    for (const msg of nameIsDNSSubdomain(runtimeClassName, false)) errs.push(fieldInvalid(path.child('runtimeClassName'), runtimeClassName, msg));
  }
  errs.push(...validatePreemptionPolicy(spec.preemptionPolicy, path.child('preemptionPolicy')));
  const overhead = recordAt(spec, 'overhead');
  if (overhead !== undefined) errs.push(...validateOverhead(overhead, path.child('overhead')));
  errs.push(...validateOS(recordAt(spec, 'os'), path.child('os')));
  return errs;
}
