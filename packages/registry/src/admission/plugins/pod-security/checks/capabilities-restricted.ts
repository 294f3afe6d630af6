/**
 * Restricted `capabilities_restricted` (1.22+; Windows pods exempt from 1.25): containers must drop `ALL` and may add
 * only `NET_BIND_SERVICE`.
 * @module
 */
import type { JSONRecord } from '../../../../quota/json-record.js';
import { majorMinorVersion } from '../api.js';
import { ALLOWED, type Check, type CheckResult, forbiddenResult } from '../check.js';
import { child, containerName, containerSecurityContext, containersPhrase, isWindowsPod, joinQuote, listAt, podContainers, sortedSet } from '../pod-spec.js';
import { CHECK_CAPABILITIES_BASELINE_ID } from './capabilities-baseline.js';

function capabilitiesRestricted_1_22(_meta: JSONRecord, spec: JSONRecord): CheckResult {
  const missingDropAll: string[] = [];
  const addingForbidden: string[] = [];
  const forbiddenCaps: string[] = [];
  for (const c of podContainers(spec)) {
    const caps = child(containerSecurityContext(c), 'capabilities');
    if (caps === undefined) {
      missingDropAll.push(containerName(c));
      continue;
    }
    if (!listAt(caps, 'drop').includes('ALL')) missingDropAll.push(containerName(c));
    const extra = listAt(caps, 'add')
      .map((cap) => (typeof cap === 'string' ? cap : ''))
      .filter((cap) => cap !== 'NET_BIND_SERVICE');
    if (extra.length === 0) continue;
    addingForbidden.push(containerName(c));
    forbiddenCaps.push(...extra);
  }
  const details: string[] = [];
  if (missingDropAll.length > 0) details.push(`${containersPhrase(missingDropAll)} must set securityContext.capabilities.drop=["ALL"]`);
  if (addingForbidden.length > 0) {
    details.push(`${containersPhrase(addingForbidden)} must not include ${joinQuote(sortedSet(forbiddenCaps))} in securityContext.capabilities.add`);
  }
  return details.length === 0 ? ALLOWED : forbiddenResult('unrestricted capabilities', details.join('; '));
}

function capabilitiesRestricted_1_25(meta: JSONRecord, spec: JSONRecord): CheckResult {
  // A Windows pod cannot set capabilities at all (pod validation refuses them), so none are required.
  return isWindowsPod(spec) ? ALLOWED : capabilitiesRestricted_1_22(meta, spec);
}

/** The `capabilities_restricted` check. */
export const checkCapabilitiesRestricted: Check = {
  id: 'capabilities_restricted',
  level: 'restricted',
  versions: [
    { minimumVersion: majorMinorVersion(1, 22), checkPod: capabilitiesRestricted_1_22, overrideCheckIDs: [CHECK_CAPABILITIES_BASELINE_ID] },
    { minimumVersion: majorMinorVersion(1, 25), checkPod: capabilitiesRestricted_1_25, overrideCheckIDs: [CHECK_CAPABILITIES_BASELINE_ID] },
  ],
};
