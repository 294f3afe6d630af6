/**
 * The admission webhook plugins' public API (k8s.io/apiserver/pkg/admission/plugin/webhook), re-exported by the
 * package index.
 * @module
 */
export {
  type MutatingWebhookAccessor,
  type ValidatingWebhookAccessor,
  type WebhookAccessor,
  webhookAccessors,
} from './accessors.js';
export {
  MUTATION_ANNOTATION_PREFIX,
  MUTATION_FAILED_OPEN_PREFIX,
  PATCH_ANNOTATION_PREFIX,
  VALIDATING_FAILED_OPEN_PREFIX,
} from './audit-annotations.js';
export {
  type AdmissionRequestTarget,
  type AdmissionReviewRequest,
  admissionRequestFields,
  createAdmissionReview,
  reviewVersionFor,
  SUPPORTED_REVIEW_VERSIONS,
} from './admission-review.js';
export {
  type CompiledMatchConditions,
  type ConditionOutcome,
  decideMatchConditions,
  type MatchConditionCompiler,
  type MatchConditionInput,
  type MatchConditionsResult,
} from './match-conditions.js';
export { type AdmissionResult, verifyAdmissionResponse } from './admission-response.js';
export { DEFAULT_TIMEOUT_SECONDS, unstructuredResponseError } from './call.js';
export { ErrCallingWebhook, ErrWebhookRejection, newDryRunUnsupportedErr, toStatusErr, type WebhookResultStatus } from './errors.js';
export { type ObservedWebhook, observeWebhookCall, WebhookMetrics, type WebhookMetricsType, type WebhookRejectionErrorType } from './webhook-metrics.js';
export type { JSONPatcher } from './mutating-dispatcher.js';
export { MUTATING_WEBHOOK_PLUGIN_NAME, MutatingAdmissionWebhook, type MutatingWebhookOptions } from './mutating-plugin.js';
export { isNamespaceRequest, matchNamespaceSelector, type NamespaceGetter, requestNamespace } from './namespace-matcher.js';
export { matchObjectSelector } from './object-matcher.js';
export { isExemptAdmissionConfigurationResource, type RuleTarget, ruleMatches } from './rules.js';
export { type MatchContext, shouldCallHook, type WebhookInvocation } from './should-call-hook.js';
export { staticWebhookSource, type WebhookSource } from './source.js';
export type {
  MatchCondition,
  MutatingWebhookSpec,
  RuleWithOperations,
  ValidatingWebhookSpec,
  WebhookConfiguration,
  WebhookSpec,
} from './types.js';
export { VALIDATING_WEBHOOK_PLUGIN_NAME, ValidatingAdmissionWebhook } from './validating-plugin.js';
export { type EquivalentResources, newVersionedAttributes, type VersionedAttributes } from './versioned-attributes.js';
export { DEFAULT_READY_TIMEOUT_MILLIS, type WebhookPluginOptions } from './webhook.js';
