/**
 * Security contexts of containers and pods (pkg/apis/core/validation `ValidateSecurityContext`,
 * `validatePodSpecSecurityContext`, apimachinery `IsValidUserID` / `IsValidGroupID`).
 *
 * Feature gates at their 1.32 defaults: ProcMountType (beta, off), UserNamespacesSupport (beta, off),
 * SupplementalGroupsPolicy (alpha) and SELinuxChangePolicy (alpha) are disabled, so `hostUsers`,
 * `supplementalGroupsPolicy` and `seLinuxChangePolicy` are dropped and `procMount` reset to `Default` before
 * validating (see drop-disabled-fields.ts); they are not checked.
 * @module
 */
import { type FieldError, type FieldPath, fieldInvalid, fieldNotSupported, OMIT_VALUE } from '@apiserver/runtime';
import { inclusiveRangeError } from './port-validation.js';
import { isInteger, type JSONRecord, recordAt } from '../../../object-fields.js';
import { validatePodOSSecurity, validateWindowsHostProcessPod } from './pod-os-security-validation.js';
import { validateAppArmorProfile, validateSeccompProfile } from './security-profile-validation.js';
import { validateSysctls } from './sysctl-validation.js';
import { validateWindowsOptions } from './windows-security-validation.js';

const MAX_ID = 2147483647;
const FS_GROUP_CHANGE_POLICIES: readonly string[] = ['Always', 'OnRootMismatch'];

/** A user or group ID in 0…2³¹-1 when set (`IsValidUserID`, `IsValidGroupID`). */
function validateID(value: unknown, path: FieldPath): FieldError[] {
  if (value === undefined || value === null) return [];
  return isInteger(value) && value >= 0 && value <= MAX_ID ? [] : [fieldInvalid(path, value, inclusiveRangeError(0, MAX_ID))];
}

/**
 * Whether `allowPrivilegeEscalation: false` contradicts the rest of the context. Upstream's bad value is the
 * whole Go struct, pointer addresses included, which no two servers print alike: kube-lite omits it.
 */
function validatePrivilegeEscalation(sc: JSONRecord, path: FieldPath): FieldError[] {
  if (sc.allowPrivilegeEscalation !== false) return [];
  const errs: FieldError[] = [];
  if (sc.privileged === true) errs.push(fieldInvalid(path, OMIT_VALUE, 'cannot set `allowPrivilegeEscalation` to false and `privileged` to true'));
  const added = recordAt(sc, 'capabilities')?.add;
  for (const cap of Array.isArray(added) ? added : []) {
    if (cap === 'CAP_SYS_ADMIN') errs.push(fieldInvalid(path, OMIT_VALUE, 'cannot set `allowPrivilegeEscalation` to false and `capabilities.Add` CAP_SYS_ADMIN'));
  }
  return errs;
}

/**
 * Validates a container's `securityContext` when set: runAsUser and runAsGroup in 0…2³¹-1, the seccomp profile,
 * allowPrivilegeEscalation false with neither privileged nor CAP_SYS_ADMIN, windows options, the AppArmor profile.
 * Privileged containers are allowed, as on an API server run with `--allow-privileged=true` (kind, kubeadm).
 */
export function validateSecurityContext(sc: JSONRecord | undefined, path: FieldPath): FieldError[] {
  if (sc === undefined) return [];
  return [
    ...validateID(sc.runAsUser, path.child('runAsUser')),
    ...validateID(sc.runAsGroup, path.child('runAsGroup')),
    ...validateSeccompProfile(recordAt(sc, 'seccompProfile'), path.child('seccompProfile')),
    ...validatePrivilegeEscalation(sc, path),
    ...validateWindowsOptions(recordAt(sc, 'windowsOptions'), path.child('windowsOptions')),
    ...validateAppArmorProfile(recordAt(sc, 'appArmorProfile'), path.child('appArmorProfile')),
  ];
}

function validateSecurityContextFields(spec: JSONRecord, sc: JSONRecord, path: FieldPath): FieldError[] {
  const errs = [...validateID(sc.fsGroup, path.child('fsGroup')), ...validateID(sc.runAsUser, path.child('runAsUser')), ...validateID(sc.runAsGroup, path.child('runAsGroup'))];
  const groups = sc.supplementalGroups;
  if (Array.isArray(groups)) {
    groups.forEach((gid, i) => {
      errs.push(...validateID(gid, path.child('supplementalGroups').index(i)));
    });
  }
  // The internal PodSecurityContext holds hostPID and shareProcessNamespace, hence the path under securityContext.
  if (spec.shareProcessNamespace === true && spec.hostPID === true) {
    errs.push(fieldInvalid(path.child('shareProcessNamespace'), true, 'ShareProcessNamespace and HostPID cannot both be enabled'));
  }
  errs.push(...validateSysctls(sc, spec, path.child('sysctls')));
  const policy = sc.fsGroupChangePolicy;
  if (policy !== undefined && policy !== null && !(typeof policy === 'string' && FS_GROUP_CHANGE_POLICIES.includes(policy))) {
    errs.push(fieldNotSupported(path.child('fsGroupChangePolicy'), policy, FS_GROUP_CHANGE_POLICIES));
  }
  errs.push(...validateSeccompProfile(recordAt(sc, 'seccompProfile'), path.child('seccompProfile')));
  errs.push(...validateWindowsOptions(recordAt(sc, 'windowsOptions'), path.child('windowsOptions')));
  errs.push(...validateAppArmorProfile(recordAt(sc, 'appArmorProfile'), path.child('appArmorProfile')));
  return errs;
}

/**
 * Validates the pod-level security settings of a PodSpec: `securityContext` (IDs, sysctls, fsGroupChangePolicy,
 * seccomp, windows options, AppArmor) with the host namespaces it interacts with, HostProcess pods, and the
 * settings `os.name` rules out.
 */
export function validatePodSpecSecurityContext(spec: JSONRecord, specPath: FieldPath): FieldError[] {
  return [
    ...validateSecurityContextFields(spec, recordAt(spec, 'securityContext') ?? {}, specPath.child('securityContext')),
    ...validateWindowsHostProcessPod(spec, specPath),
    ...validatePodOSSecurity(spec, specPath),
  ];
}
