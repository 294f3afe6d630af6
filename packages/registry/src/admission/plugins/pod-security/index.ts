/**
 * The PodSecurity admission plugin's public API (k8s.io/pod-security-admission), re-exported by the package index.
 * @module
 */
export { POD_SECURITY_PLUGIN_NAME, PodSecurity, type PodSecurityOptions } from './plugin.js';
export { type PodSecurityNamespaceGetter, PodSecurityAdmission, type PodSecurityAdmissionOptions } from './admission.js';
export {
  compareLevels,
  LATEST_VERSION,
  type Level,
  type LevelVersion,
  levelVersionString,
  majorMinorVersion,
  parseLevel,
  parseVersion,
  type Version,
  versionString,
} from './api.js';
export {
  type AggregateCheckResult,
  aggregateCheckResults,
  type Check,
  type CheckPodFn,
  type CheckResult,
  forbiddenDetail,
  forbiddenReason,
  type VersionedCheck,
} from './check.js';
export type { PodSecurityConfiguration, PodSecurityDefaults, PodSecurityExemptions } from './configuration.js';
export { POD_SECURITY_CONFIGURATION_GROUP, podSecurityConfigurationFrom } from './configuration-validation.js';
export { defaultChecks } from './default-checks.js';
export { type Evaluator, newEvaluator } from './evaluator.js';
export { NAMESPACE_MAX_PODS_TO_CHECK, NAMESPACE_POD_CHECK_TIMEOUT_MILLIS, type PodLister } from './namespace-pods.js';
export { extractPodSpec, hasPodSpec, type PodMetaAndSpec } from './pod-spec-extractor.js';
export {
  AUDIT_LEVEL_LABEL,
  AUDIT_VERSION_LABEL,
  ENFORCE_LEVEL_LABEL,
  ENFORCE_VERSION_LABEL,
  type Policy,
  POD_SECURITY_PREFIX,
  PRIVILEGED_POLICY,
  policyToEvaluate,
  WARN_LEVEL_LABEL,
  WARN_VERSION_LABEL,
} from './policy.js';
export type { PodSecurityResponse } from './response.js';
export { isSignificantPodUpdate } from './significant-update.js';
