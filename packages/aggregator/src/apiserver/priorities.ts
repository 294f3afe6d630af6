/**
 * Discovery priorities of the built-in group-versions (kube-apiserver's `apiVersionPriorities`:
 * `DefaultGenericAPIServicePriorities` merged with cmd/kube-apiserver/app/aggregator.go's table), and the
 * priority of a local group-version that has no APIService (the CRD registration controller's 1000/100).
 * @module
 */

/** The group priority and in-group version priority of one group-version. */
export interface APIServicePriority {
  /** `spec.groupPriorityMinimum`. */
  readonly group: number;
  /** `spec.versionPriority`. */
  readonly version: number;
}

/** Priorities by group-version string (`v1` for the core group, `<group>/<version>` otherwise). */
export type APIVersionPriorities = Readonly<Record<string, APIServicePriority>>;

/** The priority given to a delegate's group-version missing from the table (CRD groups: 1000, version 100). */
export const DEFAULT_LOCAL_PRIORITY: APIServicePriority = { group: 1000, version: 100 };

const p = (group: number, version: number): APIServicePriority => ({ group, version });

/** kube-apiserver's table. */
export const DEFAULT_API_VERSION_PRIORITIES: APIVersionPriorities = {
  v1: p(18000, 1),
  'apps/v1': p(17800, 15),
  'events.k8s.io/v1': p(17750, 15),
  'events.k8s.io/v1beta1': p(17750, 5),
  'authentication.k8s.io/v1': p(17700, 15),
  'authentication.k8s.io/v1beta1': p(17700, 9),
  'authentication.k8s.io/v1alpha1': p(17700, 1),
  'authorization.k8s.io/v1': p(17600, 15),
  'autoscaling/v1': p(17500, 15),
  'autoscaling/v2': p(17500, 30),
  'autoscaling/v2beta1': p(17500, 9),
  'autoscaling/v2beta2': p(17500, 1),
  'batch/v1': p(17400, 15),
  'batch/v1beta1': p(17400, 9),
  'batch/v2alpha1': p(17400, 9),
  'certificates.k8s.io/v1': p(17300, 15),
  'certificates.k8s.io/v1beta1': p(17300, 9),
  'certificates.k8s.io/v1alpha1': p(17300, 1),
  'networking.k8s.io/v1': p(17200, 15),
  'networking.k8s.io/v1beta1': p(17200, 9),
  'policy/v1': p(17100, 15),
  'policy/v1beta1': p(17100, 9),
  'rbac.authorization.k8s.io/v1': p(17000, 15),
  'storage.k8s.io/v1': p(16800, 15),
  'storage.k8s.io/v1beta1': p(16800, 9),
  'storage.k8s.io/v1alpha1': p(16800, 1),
  'apiextensions.k8s.io/v1': p(16700, 15),
  'admissionregistration.k8s.io/v1': p(16700, 15),
  'admissionregistration.k8s.io/v1beta1': p(16700, 12),
  'admissionregistration.k8s.io/v1alpha1': p(16700, 9),
  'scheduling.k8s.io/v1': p(16600, 15),
  'coordination.k8s.io/v1': p(16500, 15),
  'coordination.k8s.io/v1beta1': p(16500, 13),
  'coordination.k8s.io/v1alpha2': p(16500, 12),
  'node.k8s.io/v1': p(16300, 15),
  'node.k8s.io/v1beta1': p(16300, 9),
  'node.k8s.io/v1alpha1': p(16300, 1),
  'discovery.k8s.io/v1': p(16200, 15),
  'discovery.k8s.io/v1beta1': p(16200, 12),
  'flowcontrol.apiserver.k8s.io/v1': p(16100, 21),
  'flowcontrol.apiserver.k8s.io/v1beta3': p(16100, 18),
  'flowcontrol.apiserver.k8s.io/v1beta2': p(16100, 15),
  'flowcontrol.apiserver.k8s.io/v1beta1': p(16100, 12),
  'internal.apiserver.k8s.io/v1alpha1': p(16000, 9),
  'storagemigration.k8s.io/v1beta1': p(15800, 9),
};
