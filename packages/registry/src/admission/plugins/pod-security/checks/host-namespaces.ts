/**
 * Baseline `hostNamespaces` (1.0+): `hostNetwork`, `hostPID` and `hostIPC` must not be true.
 * @module
 */
import type { JSONRecord } from '../../../../quota/json-record.js';
import { majorMinorVersion } from '../api.js';
import { ALLOWED, type Check, type CheckResult, forbiddenResult } from '../check.js';
import { sortedSet } from '../pod-spec.js';

const FIELDS = ['hostNetwork', 'hostPID', 'hostIPC'] as const;

function hostNamespaces_1_0(_meta: JSONRecord, spec: JSONRecord): CheckResult {
  const set = FIELDS.filter((f) => spec[f] === true);
  if (set.length === 0) return ALLOWED;
  return forbiddenResult('host namespaces', sortedSet(set).join(', '));
}

/** The `hostNamespaces` check. */
export const checkHostNamespaces: Check = {
  id: 'hostNamespaces',
  level: 'baseline',
  versions: [{ minimumVersion: majorMinorVersion(1, 0), checkPod: hostNamespaces_1_0 }],
};
