/**
 * Baseline `sysctls`: the pod may set only the safe, namespaced sysctls (the set grows in 1.27, 1.29 and 1.32).
 * @module
 */
import { isRecord } from '../../../../quota/json-record.js';
import { majorMinorVersion } from '../api.js';
import { ALLOWED, type Check, type CheckPodFn, forbiddenResult } from '../check.js';
import { listAt, podSecurityContext, stringAt } from '../pod-spec.js';

const SAFE_1_0 = [
  'kernel.shm_rmid_forced',
  'net.ipv4.ip_local_port_range',
  'net.ipv4.tcp_syncookies',
  'net.ipv4.ping_group_range',
  'net.ipv4.ip_unprivileged_port_start',
];
const SAFE_1_27 = [...SAFE_1_0, 'net.ipv4.ip_local_reserved_ports'];
const SAFE_1_29 = [...SAFE_1_27, 'net.ipv4.tcp_keepalive_time', 'net.ipv4.tcp_fin_timeout', 'net.ipv4.tcp_keepalive_intvl', 'net.ipv4.tcp_keepalive_probes'];
const SAFE_1_32 = [...SAFE_1_29, 'net.ipv4.tcp_rmem', 'net.ipv4.tcp_wmem'];

function sysctlsCheck(safe: readonly string[]): CheckPodFn {
  const allowed = new Set(safe);
  return (_meta, spec) => {
    const forbidden = listAt(podSecurityContext(spec), 'sysctls')
      .map((s) => (isRecord(s) ? stringAt(s, 'name') : ''))
      .filter((name) => !allowed.has(name));
    return forbidden.length === 0 ? ALLOWED : forbiddenResult('forbidden sysctls', forbidden.join(', '));
  };
}

/** The `sysctls` check. */
export const checkSysctls: Check = {
  id: 'sysctls',
  level: 'baseline',
  versions: [
    { minimumVersion: majorMinorVersion(1, 0), checkPod: sysctlsCheck(SAFE_1_0) },
    { minimumVersion: majorMinorVersion(1, 27), checkPod: sysctlsCheck(SAFE_1_27) },
    { minimumVersion: majorMinorVersion(1, 29), checkPod: sysctlsCheck(SAFE_1_29) },
    { minimumVersion: majorMinorVersion(1, 32), checkPod: sysctlsCheck(SAFE_1_32) },
  ],
};
