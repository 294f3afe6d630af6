/**
 * The checks of Kubernetes 1.32's Pod Security Standards (`policy.DefaultChecks`).
 * @module
 */
import type { Check } from './check.js';
import { checkAllowPrivilegeEscalation } from './checks/allow-privilege-escalation.js';
import { checkAppArmorProfile } from './checks/app-armor-profile.js';
import { checkCapabilitiesBaseline } from './checks/capabilities-baseline.js';
import { checkCapabilitiesRestricted } from './checks/capabilities-restricted.js';
import { checkHostNamespaces } from './checks/host-namespaces.js';
import { checkHostPathVolumes } from './checks/host-path-volumes.js';
import { checkHostPorts } from './checks/host-ports.js';
import { checkPrivileged } from './checks/privileged.js';
import { checkProcMount } from './checks/proc-mount.js';
import { checkRestrictedVolumes } from './checks/restricted-volumes.js';
import { checkRunAsNonRoot } from './checks/run-as-non-root.js';
import { checkRunAsUser } from './checks/run-as-user.js';
import { checkSeccompProfileBaseline } from './checks/seccomp-profile-baseline.js';
import { checkSeccompProfileRestricted } from './checks/seccomp-profile-restricted.js';
import { checkSELinuxOptions } from './checks/se-linux-options.js';
import { checkSysctls } from './checks/sysctls.js';
import { checkWindowsHostProcess } from './checks/windows-host-process.js';

/** The baseline and restricted checks, each with its revisions up to policy version 1.32. */
export function defaultChecks(): Check[] {
  return [
    checkAllowPrivilegeEscalation,
    checkAppArmorProfile,
    checkCapabilitiesBaseline,
    checkCapabilitiesRestricted,
    checkHostNamespaces,
    checkHostPathVolumes,
    checkHostPorts,
    checkPrivileged,
    checkProcMount,
    checkRestrictedVolumes,
    checkRunAsNonRoot,
    checkRunAsUser,
    checkSELinuxOptions,
    checkSeccompProfileBaseline,
    checkSeccompProfileRestricted,
    checkSysctls,
    checkWindowsHostProcess,
  ];
}
