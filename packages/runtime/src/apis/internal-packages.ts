/**
 * The Go packages of kube-apiserver's internal types, by API group (the package names under
 * kubernetes/pkg/apis, as `reflect` prints them in conversion errors: `core.ConfigMap`, `rbac.Role`).
 */
import type { Scheme } from '../runtime/scheme.js';

/** The name kube-apiserver's scheme gives in NotRegistered messages (`legacyscheme.Scheme`'s call site). */
export const LEGACY_SCHEME_NAME = 'pkg/api/legacyscheme/scheme.go:30';

/** Each built-in group's internal package. events.k8s.io has none of its own: its Event converts into `core.Event`. */
const INTERNAL_PACKAGES: Readonly<Record<string, string>> = {
  '': 'core',
  'admissionregistration.k8s.io': 'admissionregistration',
  apps: 'apps',
  'authentication.k8s.io': 'authentication',
  'authorization.k8s.io': 'authorization',
  autoscaling: 'autoscaling',
  batch: 'batch',
  'certificates.k8s.io': 'certificates',
  'coordination.k8s.io': 'coordination',
  'discovery.k8s.io': 'discovery',
  'events.k8s.io': 'core',
  'flowcontrol.apiserver.k8s.io': 'flowcontrol',
  'networking.k8s.io': 'networking',
  'node.k8s.io': 'node',
  policy: 'policy',
  'rbac.authorization.k8s.io': 'rbac',
  'scheduling.k8s.io': 'scheduling',
  'storage.k8s.io': 'storage',
};

/** Records the internal package of every built-in group in `scheme`. */
export function addBuiltinInternalPackages(scheme: Scheme): Scheme {
  for (const [group, goPackage] of Object.entries(INTERNAL_PACKAGES)) scheme.setInternalPackage(group, goPackage);
  return scheme;
}
