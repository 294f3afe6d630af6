/**
 * Baseline `seLinuxOptions`: the pod and its containers may set an SELinux type from an allowed set only (1.31 adds
 * `container_engine_t`), and never a user or a role.
 * @module
 */
import type { JSONRecord } from '../../../../quota/json-record.js';
import { majorMinorVersion } from '../api.js';
import { ALLOWED, type Check, type CheckPodFn, forbiddenResult } from '../check.js';
import {
  child,
  containerName,
  containerSecurityContext,
  containersPhrase,
  joinQuote,
  pluralize,
  podContainers,
  podSecurityContext,
  sortedSet,
  stringAt,
} from '../pod-spec.js';

const TYPES_1_0 = ['', 'container_t', 'container_init_t', 'container_kvm_t'];
const TYPES_1_31 = [...TYPES_1_0, 'container_engine_t'];

interface Findings {
  badTypes: string[];
  setUser: boolean;
  setRole: boolean;
}

/** Whether the options are allowed, recording what is not. */
function validOptions(opts: JSONRecord, allowedTypes: ReadonlySet<string>, f: Findings): boolean {
  let valid = true;
  const type = stringAt(opts, 'type');
  if (!allowedTypes.has(type)) {
    valid = false;
    f.badTypes.push(type);
  }
  if (stringAt(opts, 'user') !== '') {
    valid = false;
    f.setUser = true;
  }
  if (stringAt(opts, 'role') !== '') {
    valid = false;
    f.setRole = true;
  }
  return valid;
}

function seLinuxOptionsCheck(allowedTypes: ReadonlySet<string>): CheckPodFn {
  return (_meta, spec) => {
    const f: Findings = { badTypes: [], setUser: false, setRole: false };
    const setters: string[] = [];
    const podOptions = child(podSecurityContext(spec), 'seLinuxOptions');
    if (podOptions !== undefined && !validOptions(podOptions, allowedTypes, f)) setters.push('pod');
    const bad = podContainers(spec)
      .filter((c) => {
        const opts = child(containerSecurityContext(c), 'seLinuxOptions');
        return opts !== undefined && !validOptions(opts, allowedTypes, f);
      })
      .map(containerName);
    if (bad.length > 0) setters.push(containersPhrase(bad));
    if (setters.length === 0) return ALLOWED;
    const data: string[] = [];
    // As upstream, the user and role findings are only spelled out next to a bad type.
    if (f.badTypes.length > 0) {
      const types = sortedSet(f.badTypes);
      data.push(`${pluralize('type', 'types', types.length)} ${joinQuote(types)}`);
      if (f.setUser) data.push('user may not be set');
      if (f.setRole) data.push('role may not be set');
    }
    return forbiddenResult('seLinuxOptions', `${setters.join(' and ')} set forbidden securityContext.seLinuxOptions: ${data.join('; ')}`);
  };
}

/** The `seLinuxOptions` check. */
export const checkSELinuxOptions: Check = {
  id: 'seLinuxOptions',
  level: 'baseline',
  versions: [
    { minimumVersion: majorMinorVersion(1, 0), checkPod: seLinuxOptionsCheck(new Set(TYPES_1_0)) },
    { minimumVersion: majorMinorVersion(1, 31), checkPod: seLinuxOptionsCheck(new Set(TYPES_1_31)) },
  ],
};
