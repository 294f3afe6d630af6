/**
 * Baseline `privileged` (1.0+): no container may set `securityContext.privileged=true`.
 * @module
 */
import type { JSONRecord } from '../../../../quota/json-record.js';
import { majorMinorVersion } from '../api.js';
import { ALLOWED, type Check, type CheckResult, forbiddenResult } from '../check.js';
import { containerName, containerSecurityContext, containersPhrase, podContainers } from '../pod-spec.js';

function privileged_1_0(_meta: JSONRecord, spec: JSONRecord): CheckResult {
  const bad = podContainers(spec).filter((c) => containerSecurityContext(c)?.['privileged'] === true).map(containerName);
  if (bad.length === 0) return ALLOWED;
  return forbiddenResult('privileged', `${containersPhrase(bad)} must not set securityContext.privileged=true`);
}

/** The `privileged` check. */
export const checkPrivileged: Check = {
  id: 'privileged',
  level: 'baseline',
  versions: [{ minimumVersion: majorMinorVersion(1, 0), checkPod: privileged_1_0 }],
};
