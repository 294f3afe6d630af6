/**
 * Baseline `hostPorts` (1.0+): no container port may set a non-zero `hostPort`.
 * @module
 */
import { isRecord, type JSONRecord } from '../../../../quota/json-record.js';
import { majorMinorVersion } from '../api.js';
import { ALLOWED, type Check, type CheckResult, forbiddenResult } from '../check.js';
import { containerName, containersPhrase, listAt, pluralize, podContainers, sortedSet } from '../pod-spec.js';

function hostPorts_1_0(_meta: JSONRecord, spec: JSONRecord): CheckResult {
  const bad: string[] = [];
  const ports: string[] = [];
  for (const c of podContainers(spec)) {
    const used = listAt(c, 'ports')
      .map((p) => (isRecord(p) ? p['hostPort'] : undefined))
      .filter((hp): hp is number => typeof hp === 'number' && hp !== 0);
    if (used.length === 0) continue;
    bad.push(containerName(c));
    ports.push(...used.map(String));
  }
  if (bad.length === 0) return ALLOWED;
  const distinct = sortedSet(ports);
  return forbiddenResult(
    'hostPort',
    `${containersPhrase(bad)} ${pluralize('uses', 'use', bad.length)} ${pluralize('hostPort', 'hostPorts', distinct.length)} ${distinct.join(', ')}`,
  );
}

/** The `hostPorts` check. */
export const checkHostPorts: Check = {
  id: 'hostPorts',
  level: 'baseline',
  versions: [{ minimumVersion: majorMinorVersion(1, 0), checkPod: hostPorts_1_0 }],
};
