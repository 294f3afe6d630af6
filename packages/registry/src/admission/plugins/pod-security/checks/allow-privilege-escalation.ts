/**
 * Restricted `allowPrivilegeEscalation` (1.8+; Windows pods exempt from 1.25): every container must set
 * `securityContext.allowPrivilegeEscalation=false`.
 * @module
 */
import type { JSONRecord } from '../../../../quota/json-record.js';
import { majorMinorVersion } from '../api.js';
import { ALLOWED, type Check, type CheckResult, forbiddenResult } from '../check.js';
import { containerName, containerSecurityContext, containersPhrase, isWindowsPod, podContainers } from '../pod-spec.js';

function allowPrivilegeEscalation_1_8(_meta: JSONRecord, spec: JSONRecord): CheckResult {
  const bad = podContainers(spec)
    .filter((c) => containerSecurityContext(c)?.['allowPrivilegeEscalation'] !== false)
    .map(containerName);
  if (bad.length === 0) return ALLOWED;
  return forbiddenResult('allowPrivilegeEscalation != false', `${containersPhrase(bad)} must set securityContext.allowPrivilegeEscalation=false`);
}

function allowPrivilegeEscalation_1_25(meta: JSONRecord, spec: JSONRecord): CheckResult {
  // Pod validation refuses the field on a Windows pod, so it cannot be required there.
  return isWindowsPod(spec) ? ALLOWED : allowPrivilegeEscalation_1_8(meta, spec);
}

/** The `allowPrivilegeEscalation` check. */
export const checkAllowPrivilegeEscalation: Check = {
  id: 'allowPrivilegeEscalation',
  level: 'restricted',
  versions: [
    { minimumVersion: majorMinorVersion(1, 8), checkPod: allowPrivilegeEscalation_1_8 },
    { minimumVersion: majorMinorVersion(1, 25), checkPod: allowPrivilegeEscalation_1_25 },
  ],
};
