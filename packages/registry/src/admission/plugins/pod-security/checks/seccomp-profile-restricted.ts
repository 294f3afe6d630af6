/**
 * Restricted `seccompProfile_restricted` (1.19+; Windows pods exempt from 1.25): the pod, or every container, must
 * set `seccompProfile.type` to `RuntimeDefault` or `Localhost`.
 * @module
 */
import type { JSONRecord } from '../../../../quota/json-record.js';
import { majorMinorVersion } from '../api.js';
import { ALLOWED, type Check, type CheckResult, forbiddenResult } from '../check.js';
import { containerName, containerSecurityContext, containersPhrase, isWindowsPod, podContainers, podSecurityContext } from '../pod-spec.js';
import { CHECK_SECCOMP_BASELINE_ID, explicitSeccompResult, seccompType, validSeccompType } from './seccomp-profile-baseline.js';

function seccompProfileRestricted_1_19(_meta: JSONRecord, spec: JSONRecord): CheckResult {
  const explicit = explicitSeccompResult(spec);
  if (explicit !== undefined) return explicit;
  const podType = seccompType(podSecurityContext(spec));
  if (podType !== undefined && validSeccompType(podType)) return ALLOWED;
  const implicit = podContainers(spec)
    .filter((c) => seccompType(containerSecurityContext(c)) === undefined)
    .map(containerName);
  if (implicit.length === 0) return ALLOWED;
  return forbiddenResult('seccompProfile', `pod or ${containersPhrase(implicit)} must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost"`);
}

function seccompProfileRestricted_1_25(meta: JSONRecord, spec: JSONRecord): CheckResult {
  // Windows has no seccomp: pod validation refuses the field on a Windows pod.
  return isWindowsPod(spec) ? ALLOWED : seccompProfileRestricted_1_19(meta, spec);
}

/** The `seccompProfile_restricted` check. */
export const checkSeccompProfileRestricted: Check = {
  id: 'seccompProfile_restricted',
  level: 'restricted',
  versions: [
    { minimumVersion: majorMinorVersion(1, 19), checkPod: seccompProfileRestricted_1_19, overrideCheckIDs: [CHECK_SECCOMP_BASELINE_ID] },
    { minimumVersion: majorMinorVersion(1, 25), checkPod: seccompProfileRestricted_1_25, overrideCheckIDs: [CHECK_SECCOMP_BASELINE_ID] },
  ],
};
