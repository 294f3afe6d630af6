/**
 * Security fields of a pod spec whose gates are off in Kubernetes 1.32 (pkg/api/pod `dropDisabledFields`): pod
 * `hostUsers` (UserNamespacesSupport, beta, off), the pod security context's `supplementalGroupsPolicy`
 * (SupplementalGroupsPolicy, alpha) and `seLinuxChangePolicy` (SELinuxChangePolicy, alpha), and containers'
 * `procMount` (ProcMountType, beta, off). Each is kept when the old spec already used it.
 * @module
 */
import { type JSONRecord, recordAt } from '../../../object-fields.js';
import { fieldSet } from './field-in-use.js';
import { podContainers } from './pod-containers.js';

/** The procMount value that is not a use of ProcMountType (`api.DefaultProcMount`). */
export const DEFAULT_PROC_MOUNT = 'Default';

/** Drops `spec.hostUsers` unless the old spec set it (v1 keeps it on the spec; internally it is in the security context). */
function dropHostUsers(spec: JSONRecord, oldSpec: JSONRecord | undefined): void {
  if (!fieldSet(oldSpec, 'hostUsers')) delete spec.hostUsers;
}

/** Drops the pod security context's `key` unless the old spec's security context set it. */
function dropPodSecurityContextField(spec: JSONRecord, oldSpec: JSONRecord | undefined, key: string): void {
  const sc = recordAt(spec, 'securityContext');
  if (sc !== undefined && !fieldSet(recordAt(oldSpec, 'securityContext'), key)) delete sc[key];
}

/** Whether any container of the spec has a procMount other than `Default` (upstream `procMountInUse`). */
function procMountInUse(spec: JSONRecord | undefined): boolean {
  return podContainers(spec).some((c) => {
    const sc = recordAt(c, 'securityContext');
    return fieldSet(sc, 'procMount') && sc?.procMount !== DEFAULT_PROC_MOUNT;
  });
}

/**
 * Resets every set container procMount to `Default` unless the old spec used a non-default one. Upstream does not
 * drop the field: 1.12 defaulted it, and clearing it would change objects stored since then.
 */
function dropProcMount(spec: JSONRecord, oldSpec: JSONRecord | undefined): void {
  if (procMountInUse(oldSpec)) return;
  for (const c of podContainers(spec)) {
    const sc = recordAt(c, 'securityContext');
    if (sc !== undefined && fieldSet(sc, 'procMount')) sc.procMount = DEFAULT_PROC_MOUNT;
  }
}

/** Drops the disabled security fields of `spec`, in upstream's order. */
export function dropDisabledSecurityFields(spec: JSONRecord, oldSpec: JSONRecord | undefined): void {
  dropHostUsers(spec, oldSpec);
  dropPodSecurityContextField(spec, oldSpec, 'supplementalGroupsPolicy');
  dropProcMount(spec, oldSpec);
  dropPodSecurityContextField(spec, oldSpec, 'seLinuxChangePolicy');
}
