/**
 * Baseline `windowsHostProcess` (1.0+): neither the pod nor a container may set
 * `securityContext.windowsOptions.hostProcess=true`.
 * @module
 */
import type { JSONRecord } from '../../../../quota/json-record.js';
import { majorMinorVersion } from '../api.js';
import { ALLOWED, type Check, type CheckResult, forbiddenResult } from '../check.js';
import { child, containerName, containerSecurityContext, containersPhrase, podContainers, podSecurityContext } from '../pod-spec.js';

const hostProcess = (sc: JSONRecord | undefined): boolean => child(sc, 'windowsOptions')?.['hostProcess'] === true;

function windowsHostProcess_1_0(_meta: JSONRecord, spec: JSONRecord): CheckResult {
  const bad = podContainers(spec).filter((c) => hostProcess(containerSecurityContext(c))).map(containerName);
  const setters: string[] = [];
  if (hostProcess(podSecurityContext(spec))) setters.push('pod');
  if (bad.length > 0) setters.push(containersPhrase(bad));
  if (setters.length === 0) return ALLOWED;
  return forbiddenResult('hostProcess', `${setters.join(' and ')} must not set securityContext.windowsOptions.hostProcess=true`);
}

/** The `windowsHostProcess` check. */
export const checkWindowsHostProcess: Check = {
  id: 'windowsHostProcess',
  level: 'baseline',
  versions: [{ minimumVersion: majorMinorVersion(1, 0), checkPod: windowsHostProcess_1_0 }],
};
