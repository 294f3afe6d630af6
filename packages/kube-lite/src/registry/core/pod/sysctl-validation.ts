/**
 * Pod sysctls (pkg/apis/core/validation `validateSysctls`, `IsValidSysctlName`, `ValidateHostSysctl`, and
 * component-helpers' sysctl namespaces).
 * @module
 */
import { Buffer } from 'node:buffer';
import { type FieldError, type FieldPath, fieldDuplicate, fieldInvalid, fieldRequired } from '@apiserver/runtime';
import { type JSONRecord, recordsAt, stringAt } from '../../../object-fields.js';

const SYSCTL_SEGMENT_FMT = '[a-z0-9]([-_a-z0-9]*[a-z0-9])?';
const SYSCTL_NAME_FMT = `^(${SYSCTL_SEGMENT_FMT}[\\./])*${SYSCTL_SEGMENT_FMT}$`;
const SYSCTL_NAME_RE = new RegExp(SYSCTL_NAME_FMT);
const SYSCTL_MAX_LENGTH = 253;

/** Whether `name` is a sysctl name: dot- or slash-separated segments, at most 253 bytes (`IsValidSysctlName`). */
export function isValidSysctlName(name: string): boolean {
  return Buffer.byteLength(name, 'utf8') <= SYSCTL_MAX_LENGTH && SYSCTL_NAME_RE.test(name);
}

/** A sysctl name with dots as separators: `net/ipv4/ip_forward` is `net.ipv4.ip_forward`. */
function normalizeSysctlName(name: string): string {
  const sep = name.search(/[./]/);
  if (sep === -1 || name[sep] === '.') return name;
  return name.replace(/[./]/g, (c) => (c === '.' ? '/' : '.'));
}

/** Sysctls of the IPC namespace by exact name (component-helpers' `nameToNamespace`). */
const IPC_SYSCTLS: ReadonlySet<string> = new Set([
  'kernel.sem',
  'kernel.shmall',
  'kernel.shmmax',
  'kernel.shmmni',
  'kernel.shm_rmid_forced',
  'kernel.shm',
  'kernel.msgmax',
  'kernel.msgmnb',
  'kernel.msgmni',
  'kernel.msg',
]);

/**
 * The kernel namespace a sysctl belongs to (`GetNamespace`): `ipc`, `net`, or undefined when not namespaced (or
 * unknown). The name is normalized to dots and cut at a `*`; `net.*` is the network's, `fs.mqueue.*` the IPC's.
 */
export function sysctlNamespace(name: string): 'ipc' | 'net' | undefined {
  const n = normalizeSysctlName(name).split('*')[0] ?? '';
  if (IPC_SYSCTLS.has(n) || n.startsWith('fs.mqueue.')) return 'ipc';
  return n.startsWith('net.') ? 'net' : undefined;
}

function validateHostSysctl(name: string, spec: JSONRecord, path: FieldPath): FieldError[] {
  const ns = sysctlNamespace(name);
  if (spec.hostNetwork === true && ns === 'net') return [fieldInvalid(path, name, "may not be specified when 'hostNetwork' is true")];
  if (spec.hostIPC === true && ns === 'ipc') return [fieldInvalid(path, name, "may not be specified when 'hostIPC' is true")];
  return [];
}

/**
 * Validates `securityContext.sysctls`: names required, well-formed and unique, and no network (IPC) sysctl in a
 * pod sharing the host's network (IPC) namespace. Upstream lets an update keep such sysctls when the old pod
 * already had them; kube-lite never stores one, so that relaxation has nothing to keep.
 */
export function validateSysctls(securityContext: JSONRecord, spec: JSONRecord, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const names = new Set<string>();
  recordsAt(securityContext, 'sysctls').forEach((sysctl, i) => {
    const p = path.index(i).child('name');
    const name = stringAt(sysctl, 'name');
    if (name === '') errs.push(fieldRequired(p, ''));
    else if (!isValidSysctlName(name)) errs.push(fieldInvalid(p, name, `must have at most ${SYSCTL_MAX_LENGTH} characters and match regex ${SYSCTL_NAME_FMT}`));
    else if (names.has(name)) errs.push(fieldDuplicate(p, name));
    errs.push(...validateHostSysctl(name, spec, p));
    names.add(name);
  });
  return errs;
}
