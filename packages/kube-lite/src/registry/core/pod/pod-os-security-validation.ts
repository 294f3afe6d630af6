/**
 * Security settings that depend on the pod's operating system (pkg/apis/core/validation
 * `validateWindowsHostProcessPod`, `validateLinux`, `validateWindows`).
 * @module
 */
import { type FieldError, type FieldPath, fieldForbidden, fieldInvalid } from '@apiserver/runtime';
import { type JSONRecord, recordAt, recordsAt } from '../../../object-fields.js';

const CONTAINER_KINDS = ['initContainers', 'containers', 'ephemeralContainers'] as const;
const NOT_FOR_WINDOWS = 'cannot be set for a windows pod';

interface ContainerAt {
  readonly securityContext: JSONRecord | undefined;
  readonly path: FieldPath;
}

/** Every container of the spec with its path, init containers first (upstream `VisitContainersWithPath`). */
function containersOf(spec: JSONRecord, specPath: FieldPath): ContainerAt[] {
  return CONTAINER_KINDS.flatMap((kind) =>
    recordsAt(spec, kind).map((c, i) => ({ securityContext: recordAt(c, 'securityContext'), path: specPath.child(kind).index(i) })),
  );
}

function isSet(v: unknown): boolean {
  return v !== undefined && v !== null;
}

function hostProcessOf(sc: JSONRecord | undefined): boolean | undefined {
  const v = recordAt(sc, 'windowsOptions')?.hostProcess;
  return typeof v === 'boolean' ? v : undefined;
}

/**
 * HostProcess containers (`windowsOptions.hostProcess`): a container may not disagree with the pod, all
 * containers or none are HostProcess, and such pods use the host network. (Upstream also forbids them unless
 * the API server runs with `--allow-privileged`; kube-lite allows privileged workloads, as kind and kubeadm do.)
 */
export function validateWindowsHostProcessPod(spec: JSONRecord, specPath: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const podHostProcess = hostProcessOf(recordAt(spec, 'securityContext'));
  const containers = containersOf(spec, specPath);
  let hostProcessCount = 0;
  for (const { securityContext, path } of containers) {
    const own = hostProcessOf(securityContext);
    if (podHostProcess !== undefined && own !== undefined && own !== podHostProcess) {
      const msg = `pod hostProcess value must be identical if both are specified, was ${podHostProcess}`;
      errs.push(fieldInvalid(path.child('securityContext', 'windowsOptions', 'hostProcess'), own, msg));
    }
    if ((own ?? podHostProcess) === true) hostProcessCount++;
  }
  if (hostProcessCount === 0) return errs;
  if (hostProcessCount !== containers.length) {
    errs.push(fieldInvalid(specPath, '', 'If pod contains any hostProcess containers then all containers must be HostProcess containers'));
  }
  if (spec.hostNetwork !== true) {
    errs.push(fieldInvalid(specPath.child('hostNetwork'), false, 'hostNetwork must be true if pod contains any hostProcess containers'));
  }
  return errs;
}

function validateLinux(spec: JSONRecord, specPath: FieldPath): FieldError[] {
  const msg = 'windows options cannot be set for a linux pod';
  const errs: FieldError[] = [];
  if (isSet(recordAt(spec, 'securityContext')?.windowsOptions)) errs.push(fieldForbidden(specPath.child('securityContext', 'windowsOptions'), msg));
  for (const { securityContext, path } of containersOf(spec, specPath)) {
    if (isSet(securityContext?.windowsOptions)) errs.push(fieldForbidden(path.child('securityContext', 'windowsOptions'), msg));
  }
  return errs;
}

/**
 * Pod-level settings a windows pod may not have, with the spec field each lives in (not all in securityContext).
 * `hostUsers`, `supplementalGroupsPolicy` and `seLinuxChangePolicy` are left out: 1.32 drops them (gates off).
 */
const WINDOWS_FORBIDDEN_POD_FIELDS: readonly (readonly [string, 'securityContext' | 'spec'])[] = [
  ['appArmorProfile', 'securityContext'],
  ['seLinuxOptions', 'securityContext'],
  ['hostPID', 'spec'],
  ['hostIPC', 'spec'],
  ['seccompProfile', 'securityContext'],
  ['fsGroup', 'securityContext'],
  ['fsGroupChangePolicy', 'securityContext'],
  ['sysctls', 'securityContext'],
  ['shareProcessNamespace', 'spec'],
  ['runAsUser', 'securityContext'],
  ['runAsGroup', 'securityContext'],
  ['supplementalGroups', 'securityContext'],
];
/** Container settings a windows pod may not have (`procMount` is left out: ProcMountType being off, 1.32 resets it to `Default`). */
const WINDOWS_FORBIDDEN_CONTAINER_FIELDS: readonly string[] = [
  'appArmorProfile',
  'seLinuxOptions',
  'seccompProfile',
  'capabilities',
  'readOnlyRootFilesystem',
  'privileged',
  'allowPrivilegeEscalation',
  'runAsUser',
  'runAsGroup',
];

/** Whether a pod-level setting counts as set the way upstream tests it (booleans true, sysctls non-empty). */
function podFieldSet(field: string, value: unknown): boolean {
  if (field === 'hostPID' || field === 'hostIPC') return value === true;
  if (field === 'sysctls') return Array.isArray(value) && value.length > 0;
  return isSet(value);
}

function validateWindows(spec: JSONRecord, specPath: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const podSC = recordAt(spec, 'securityContext') ?? {};
  for (const [field, home] of WINDOWS_FORBIDDEN_POD_FIELDS) {
    const value = home === 'spec' ? spec[field] : podSC[field];
    const path = home === 'spec' ? specPath.child(field) : specPath.child('securityContext', field);
    if (podFieldSet(field, value)) errs.push(fieldForbidden(path, NOT_FOR_WINDOWS));
  }
  for (const { securityContext, path } of containersOf(spec, specPath)) {
    if (securityContext === undefined) continue;
    for (const field of WINDOWS_FORBIDDEN_CONTAINER_FIELDS) {
      if (isSet(securityContext[field])) errs.push(fieldForbidden(path.child('securityContext', field), NOT_FOR_WINDOWS));
    }
  }
  return errs;
}

/**
 * The checks for `os.name`: a linux pod takes no windows options, a windows pod none of the linux-only settings.
 * (An unknown OS name is reported by the `os` check itself.)
 */
export function validatePodOSSecurity(spec: JSONRecord, specPath: FieldPath): FieldError[] {
  const os = recordAt(spec, 'os')?.name;
  if (os === 'linux') return validateLinux(spec, specPath);
  if (os === 'windows') return validateWindows(spec, specPath);
  return [];
}
