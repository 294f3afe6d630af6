/**
 * Baseline `procMount` (1.0+): containers may set `securityContext.procMount` to `Default` only.
 * @module
 */
import type { JSONRecord } from '../../../../quota/json-record.js';
import { majorMinorVersion } from '../api.js';
import { ALLOWED, type Check, type CheckResult, forbiddenResult } from '../check.js';
import { containerName, containerSecurityContext, containersPhrase, joinQuote, podContainers, sortedSet } from '../pod-spec.js';

function procMount_1_0(_meta: JSONRecord, spec: JSONRecord): CheckResult {
  const bad: string[] = [];
  const types: string[] = [];
  for (const c of podContainers(spec)) {
    const procMount = containerSecurityContext(c)?.['procMount'];
    if (procMount === undefined || procMount === null || procMount === 'Default') continue;
    bad.push(containerName(c));
    types.push(String(procMount));
  }
  if (bad.length === 0) return ALLOWED;
  return forbiddenResult('procMount', `${containersPhrase(bad)} must not set securityContext.procMount to ${joinQuote(sortedSet(types))}`);
}

/** The `procMount` check. */
export const checkProcMount: Check = {
  id: 'procMount',
  level: 'baseline',
  versions: [{ minimumVersion: majorMinorVersion(1, 0), checkPod: procMount_1_0 }],
};
