/**
 * Restricted `runAsNonRoot` (1.0+): the pod must set `runAsNonRoot=true`, or every container must, and nothing may
 * set it false.
 * @module
 */
import type { JSONRecord } from '../../../../quota/json-record.js';
import { majorMinorVersion } from '../api.js';
import { ALLOWED, type Check, type CheckResult, forbiddenResult } from '../check.js';
import { containerName, containerSecurityContext, containersPhrase, podContainers, podSecurityContext } from '../pod-spec.js';

const REASON = 'runAsNonRoot != true';

function runAsNonRoot_1_0(_meta: JSONRecord, spec: JSONRecord): CheckResult {
  const setters: string[] = [];
  const podValue = podSecurityContext(spec)?.['runAsNonRoot'];
  if (podValue === false) setters.push('pod');
  const explicit: string[] = [];
  const implicit: string[] = [];
  for (const c of podContainers(spec)) {
    const value = containerSecurityContext(c)?.['runAsNonRoot'];
    if (typeof value === 'boolean') {
      if (!value) explicit.push(containerName(c));
    } else if (podValue !== true) {
      implicit.push(containerName(c));
    }
  }
  if (explicit.length > 0) setters.push(containersPhrase(explicit));
  if (setters.length > 0) return forbiddenResult(REASON, `${setters.join(' and ')} must not set securityContext.runAsNonRoot=false`);
  if (implicit.length > 0) return forbiddenResult(REASON, `pod or ${containersPhrase(implicit)} must set securityContext.runAsNonRoot=true`);
  return ALLOWED;
}

/** The `runAsNonRoot` check. */
export const checkRunAsNonRoot: Check = {
  id: 'runAsNonRoot',
  level: 'restricted',
  versions: [{ minimumVersion: majorMinorVersion(1, 0), checkPod: runAsNonRoot_1_0 }],
};
