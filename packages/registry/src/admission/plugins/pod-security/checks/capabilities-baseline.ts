/**
 * Baseline `capabilities_baseline` (1.0+): containers may add only capabilities of the default set (replaced by
 * `capabilities_restricted` in restricted from 1.22).
 * @module
 */
import type { JSONRecord } from '../../../../quota/json-record.js';
import { majorMinorVersion } from '../api.js';
import { ALLOWED, type Check, type CheckResult, forbiddenResult } from '../check.js';
import { child, containerName, containerSecurityContext, containersPhrase, joinQuote, listAt, podContainers, sortedSet } from '../pod-spec.js';

/** The ID of the check, which `capabilities_restricted` overrides. */
export const CHECK_CAPABILITIES_BASELINE_ID = 'capabilities_baseline';

const ALLOWED_1_0 = new Set([
  'AUDIT_WRITE',
  'CHOWN',
  'DAC_OVERRIDE',
  'FOWNER',
  'FSETID',
  'KILL',
  'MKNOD',
  'NET_BIND_SERVICE',
  'SETFCAP',
  'SETGID',
  'SETPCAP',
  'SETUID',
  'SYS_CHROOT',
]);

function capabilitiesBaseline_1_0(_meta: JSONRecord, spec: JSONRecord): CheckResult {
  const bad: string[] = [];
  const added: string[] = [];
  for (const c of podContainers(spec)) {
    const caps = child(containerSecurityContext(c), 'capabilities');
    const extra = listAt(caps, 'add')
      .map((cap) => (typeof cap === 'string' ? cap : ''))
      .filter((cap) => !ALLOWED_1_0.has(cap));
    if (extra.length === 0) continue;
    bad.push(containerName(c));
    added.push(...extra);
  }
  if (bad.length === 0) return ALLOWED;
  return forbiddenResult(
    'non-default capabilities',
    `${containersPhrase(bad)} must not include ${joinQuote(sortedSet(added))} in securityContext.capabilities.add`,
  );
}

/** The `capabilities_baseline` check. */
export const checkCapabilitiesBaseline: Check = {
  id: CHECK_CAPABILITIES_BASELINE_ID,
  level: 'baseline',
  versions: [{ minimumVersion: majorMinorVersion(1, 0), checkPod: capabilitiesBaseline_1_0 }],
};
