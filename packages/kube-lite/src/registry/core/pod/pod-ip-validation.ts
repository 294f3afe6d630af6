/**
 * The addresses of a pod's status (pkg/apis/core/validation `validatePodIPs`, `validateHostIPs`, 1.32): every entry a
 * valid IP, at most one per family, no entry twice, and `hostIPs[0]` equal to `hostIP`. The singular `podIP` is read
 * as the internal pod holds it (pkg/apis/core/v1 `Convert_v1_PodStatus_To_core_PodStatus`): alone when `podIPs` is
 * empty or starts with another address. The singular `hostIP` is compared, not parsed, as upstream.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { type FieldError, type FieldPath, fieldInternalError, fieldInvalid, newPath } from '@apiserver/runtime';
import { type JSONRecord, recordAt, recordsAt, stringAt } from '../../../object-fields.js';
import { duplicateIPStruct, type IPStructType, invalidIPStructs } from './go-ip-structs.js';
import { isDualStackIPStrings, validateIP } from '../../ip-address.js';

const ONE_PER_FAMILY = 'may specify no more than one IP for each IP family';

function addresses(list: readonly JSONRecord[]): string[] {
  return list.map((entry) => stringAt(entry, 'ip'));
}

/** The pod IPs of the internal pod: `podIP` wins when it is set and `podIPs` does not start with it. */
export function internalPodIPs(status: JSONRecord | undefined): string[] {
  const podIP = stringAt(status, 'podIP');
  const ips = addresses(recordsAt(status, 'podIPs'));
  return podIP !== '' && ips[0] !== podIP ? [podIP] : ips;
}

function familyErrors(path: FieldPath, type: IPStructType, ips: readonly string[]): FieldError[] {
  const answer = isDualStackIPStrings(ips);
  const errs: FieldError[] = [];
  if (answer.error !== undefined) errs.push(fieldInternalError(path, new Error(`failed to check for dual stack with error:${answer.error}`)));
  if (!answer.dualStack || ips.length > 2) errs.push(invalidIPStructs(path, type, ips, ONE_PER_FAMILY));
  return errs;
}

function duplicateErrors(path: FieldPath, type: IPStructType, ips: readonly string[]): FieldError[] {
  const seen = new Set<string>();
  const errs: FieldError[] = [];
  ips.forEach((ip, i) => {
    if (seen.has(ip)) errs.push(duplicateIPStruct(path.index(i), type, ip));
    seen.add(ip);
  });
  return errs;
}

/** `validatePodIPs`: each address, then (for more than one) the families, then duplicates. */
export function validatePodIPs(pod: ApiObject): FieldError[] {
  const path = newPath('status', 'podIPs');
  const ips = internalPodIPs(recordAt(pod, 'status'));
  const errs = ips.flatMap((ip, i) => validateIP(path.index(i), ip));
  if (ips.length > 1) errs.push(...familyErrors(path, 'core.PodIP', ips), ...duplicateErrors(path, 'core.PodIP', ips));
  return errs;
}

/** `validateHostIPs`: nothing without `hostIPs`; else agreement with `hostIP`, each address, duplicates, families. */
export function validateHostIPs(pod: ApiObject): FieldError[] {
  const status = recordAt(pod, 'status');
  const ips = addresses(recordsAt(status, 'hostIPs'));
  const first = ips[0];
  if (first === undefined) return [];
  const path = newPath('status', 'hostIPs');
  const errs: FieldError[] = [];
  if (stringAt(status, 'hostIP') !== first) errs.push(fieldInvalid(path.index(0).child('ip'), first, 'must be equal to `hostIP`'));
  errs.push(...ips.flatMap((ip, i) => validateIP(path.index(i), ip)));
  if (ips.length > 1) errs.push(...duplicateErrors(path, 'core.HostIP', ips), ...familyErrors(path, 'core.HostIP', ips));
  return errs;
}
