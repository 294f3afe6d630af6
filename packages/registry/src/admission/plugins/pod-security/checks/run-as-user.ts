/**
 * Restricted `runAsUser` (1.23+): neither the pod nor a container may set `runAsUser=0`.
 * @module
 */
import type { JSONRecord } from '../../../../quota/json-record.js';
import { majorMinorVersion } from '../api.js';
import { ALLOWED, type Check, type CheckResult, forbiddenResult } from '../check.js';
import { containerName, containerSecurityContext, containersPhrase, podContainers, podSecurityContext } from '../pod-spec.js';

function runAsUser_1_23(_meta: JSONRecord, spec: JSONRecord): CheckResult {
  const setters: string[] = [];
  if (podSecurityContext(spec)?.['runAsUser'] === 0) setters.push('pod');
  const bad = podContainers(spec)
    .filter((c) => containerSecurityContext(c)?.['runAsUser'] === 0)
    .map(containerName);
  if (bad.length > 0) setters.push(containersPhrase(bad));
  if (setters.length === 0) return ALLOWED;
  return forbiddenResult('runAsUser=0', `${setters.join(' and ')} must not set runAsUser=0`);
}

/** The `runAsUser` check. */
export const checkRunAsUser: Check = {
  id: 'runAsUser',
  level: 'restricted',
  versions: [{ minimumVersion: majorMinorVersion(1, 23), checkPod: runAsUser_1_23 }],
};
