/**
 * `@apiserver/server`: the GenericAPIServer of `k8s.io/apiserver/pkg/server` for Node —
 * RequestInfo, the handler chain, the director and delegation chain, health checks,
 * `/version`, `/metrics`, OpenAPI v2/v3, serving and graceful shutdown.
 * @module
 */
export type { Handler } from './handler.js';
export { RequestInfoFactory, RequestInfoError, type RequestInfo, type RequestInfoFactoryOptions } from './request/request-info.js';
export { parseGoDuration, DurationParseError } from './request/go-duration.js';
export { requestInfoFrom, requestReceivedTimestamp, userFrom, requestSignal, withRequestInfoValue, withUserValue, withSignalValue, withUnroutedValue, isUnrouted } from './request/context.js';
export { writeStatus, httpError, notFound, internalError } from './responsewriters.js';
export { withPanicRecovery, defaultPanicLogger, PANIC_MESSAGE, type PanicLogger } from './filters/panic-recovery.js';
export { withRequestInfo } from './filters/request-info.js';
export { withRequestDeadline, TIMEOUT_MESSAGE, type RequestDeadlineOptions } from './filters/request-deadline.js';
export { withMaxInFlightLimit, type MaxInFlightOptions } from './filters/max-in-flight.js';
export { withAuthentication, type AuthenticationFailureLogger } from './filters/authentication.js';
export { withAuthorization, forbiddenMessage } from './filters/authorization.js';
export { withImpersonation, impersonatedUser } from './filters/impersonation.js';
export {
  deleteImpersonationHeaders,
  IMPERSONATE_EXTRA_HEADER_PREFIX,
  IMPERSONATE_GROUP_HEADER,
  IMPERSONATE_UID_HEADER,
  IMPERSONATE_USER_HEADER,
  ImpersonationHeaderError,
  type ImpersonationRequest,
  impersonationRequestsOf,
} from './request/impersonation-requests.js';
export {
  basicLongRunningRequestCheck,
  defaultLongRunningRequestCheck,
  type LongRunningRequestCheck,
} from './filters/long-running.js';
export {
  type UserInfo,
  ANONYMOUS_USER,
  ALL_AUTHENTICATED,
  ALL_UNAUTHENTICATED,
  SYSTEM_PRIVILEGED_GROUP,
} from './authentication/user.js';
export { AuthenticationError, type RequestAuthenticator } from './authentication/authenticator.js';
export { TokenFileAuthenticator, TokenFileError, parseTokenFile } from './authentication/token-file.js';
export { readCSV, CSVParseError, type CSVRecord } from './authentication/csv.js';
export { X509Authenticator } from './authentication/x509.js';
export { parseCertificateBundle, peerCertificates, subjectOf, verifyClientChain } from './authentication/client-cert-verify.js';
export { bearerTokenOf } from './authentication/bearer-token.js';
export {
  DEFAULT_REQUEST_HEADERS,
  RequestHeaderAuthenticator,
  RequestHeaderUserReader,
  type RequestHeaderConfig,
  type RequestHeaderConfigProvider,
} from './authentication/request-header.js';
export { CABundleRoots, type CAContentProvider, ChangeListeners, currentCABundle } from './authentication/ca-content.js';
export {
  DEFAULT_TOKEN_CACHE_TTL_MILLIS,
  TOKEN_REVIEWS_PATH,
  TokenReviewAuthenticator,
  type TokenReviewAuthenticatorOptions,
} from './authentication/token-review.js';
export { AlwaysAllowPathError, alwaysAllowPathsAuthorizer, privilegedGroupsAuthorizer } from './authorization/always-allow.js';
export {
  DEFAULT_AUTHORIZED_TTL_MILLIS,
  DEFAULT_UNAUTHORIZED_TTL_MILLIS,
  SUBJECT_ACCESS_REVIEWS_PATH,
  SubjectAccessReviewAuthorizer,
  type SubjectAccessReviewAuthorizerOptions,
  subjectAccessReviewSpec,
} from './authorization/subject-access-review.js';
export {
  DEFAULT_REMOTE_TIMEOUT_MILLIS,
  RemoteAPIServerClient,
  type RemoteAPIServerOptions,
  type RemoteResponse,
  type RemoteWatchEvent,
  RemoteWatchError,
} from './delegation/remote-client.js';
export {
  DEFAULT_AUTH_WEBHOOK_RETRY_BACKOFF,
  defaultShouldRetry,
  type WebhookOutcome,
  type WebhookRetryBackoff,
  type WithExponentialBackoffOptions,
  withExponentialBackoff,
} from './delegation/webhook-retry.js';
export { KubeconfigError, type KubeconfigOptions, loadKubeconfig, remoteAPIServerOptionsFromKubeconfig } from './delegation/kubeconfig.js';
export {
  ExtensionAPIServerAuthenticationController,
  type ExtensionAPIServerAuthenticationControllerOptions,
} from './delegation/extension-apiserver-authentication-controller.js';
export { DEFAULT_CACHE_SIZE, ExpiringCache } from './delegation/expiring-cache.js';
export {
  EXTENSION_APISERVER_AUTHENTICATION_NAME,
  EXTENSION_APISERVER_AUTHENTICATION_NAMESPACE,
  EXTENSION_APISERVER_AUTHENTICATION_PATH,
  EXTENSION_AUTH_KEYS,
  type ExtensionAPIServerAuthentication,
  ExtensionAPIServerAuthenticationError,
  extensionAPIServerAuthenticationData,
  parseExtensionAPIServerAuthentication,
  readStringList,
} from './delegation/extension-apiserver-authentication.js';
export {
  DelegatingAuthenticationError,
  type DelegatingAuthenticationOptions,
  delegatingAuthentication,
  readExtensionAPIServerAuthentication,
} from './delegation/delegating-authentication.js';
export {
  DEFAULT_ALWAYS_ALLOW_GROUPS,
  DEFAULT_ALWAYS_ALLOW_PATHS,
  type DelegatingAuthorizationOptions,
  delegatingAuthorizer,
} from './delegation/delegating-authorization.js';
export {
  ALL_SERVICE_ACCOUNTS_GROUP,
  DEFAULT_SERVICE_ACCOUNT_ISSUER,
  isServiceAccountClaims,
  serviceAccountGroups,
  splitServiceAccountUsername,
  type ClaimReference,
  type KubernetesClaim,
  type ServiceAccountClaims,
} from './authentication/serviceaccount/claims.js';
export { JWSError, algorithmOf, keyIDOf, looksLikeJWS, parseJWS, signJWS, verifyJWS, type JWSAlgorithm, type ParsedJWS } from './authentication/serviceaccount/jws.js';
export {
  GENERATED_KEY_FILE,
  ServiceAccountKeyError,
  loadOrGenerateSigningKey,
  readPublicKeysFile,
  readSigningKeyFile,
  type SigningKey,
} from './authentication/serviceaccount/keys.js';
export {
  JWKS_PATH,
  OPENID_CONFIG_PATH,
  type OpenIDMetadata,
  type OpenIDMetadataOptions,
  OpenIDMetadataProvider,
} from './authentication/serviceaccount/openid-metadata.js';
export { ServiceAccountTokenGenerator, type IssuedToken, type TokenRequestInput } from './authentication/serviceaccount/token-generator.js';
export {
  type AudiencedUser,
  ServiceAccountTokenAuthenticator,
  type ServiceAccountLookup,
  type ServiceAccountRecord,
  type ServiceAccountTokenAuthenticatorOptions,
} from './authentication/serviceaccount/authenticator.js';
export {
  alwaysAllowRuleResolver,
  alwaysDenyRuleResolver,
  incompleteRuleResolver,
  isAuthorizerRuleResolver,
  isPolicyRuleSource,
  policyRuleResolver,
  ruleResolverForModes,
  unionRuleResolver,
  type AuthorizerRuleResolver,
  type NonResourceRuleInfo,
  type PolicyRuleLike,
  type PolicyRuleSource,
  type ResourceRuleInfo,
  type RulesInfo,
} from './authorization/rule-resolver.js';
export {
  UnionAuthenticator,
  AuthenticatedGroupAdder,
  AnonymousAuthenticator,
  newRequestAuthenticator,
  type AuthenticatorOptions,
} from './authentication/union.js';
export {
  type Attributes,
  type Authorization,
  type Authorizer,
  type AuthorizationMode,
  type Decision,
  AuthorizationModeError,
  alwaysAllowAuthorizer,
  alwaysDenyAuthorizer,
  attributesFor,
  authorizerForModes,
  unionAuthorizer,
} from './authorization/authorizer.js';
export {
  type SelectorAttributes,
  fieldSelectorAttributes,
  labelSelectorAttributes,
  selectorsIgnoredAuthorizer,
} from './authorization/selector-attributes.js';
export {
  type SelectorRequirementJSON,
  fieldRequirementsToAPI,
  labelRequirementsToAPI,
  selectorReviewAttributes,
} from './authorization/selector-review-attributes.js';
export { RBACAuthorizer, aggregateMessage, resolvedRule, type ResolvedRule } from './authorization/rbac/rbac-authorizer.js';
export { RuleResolver, RoleResolutionError, sameRule, type RuleVisitor } from './authorization/rbac/rule-resolver.js';
export {
  ALL as RBAC_ALL,
  apiGroupMatches,
  nonResourceURLMatches,
  resourceMatches,
  resourceNameMatches,
  ruleAllows,
  verbMatches,
} from './authorization/rbac/rule-matching.js';
export {
  appliesTo,
  appliesToUser,
  describeSubject,
  serviceAccountUsername,
  SERVICE_ACCOUNT_USERNAME_PREFIX,
  type RBACUser,
} from './authorization/rbac/subjects.js';
export {
  breakdownRule,
  compactRules,
  compactString,
  confirmNoEscalation,
  covers,
  escalationAllowed,
  FULL_AUTHORITY,
  ruleCovers,
} from './authorization/rbac/escalation.js';
export {
  RBAC_GROUP,
  type BindingObject,
  type ClusterRoleObject,
  type ClusterRoleSelector,
  type PolicyRule,
  type RBACObjectMeta,
  type RBACRuleSource,
  type RoleObject,
  type RoleRef,
  type Subject,
} from './authorization/rbac/types.js';
export { PathRecorderMux, MuxRegistrationError } from './mux/path-recorder-mux.js';
export { type HealthChecker, pingHealthz, logHealthz, namedCheck, UniqueChecksMemo } from './healthz/health-checker.js';
export { installHealthHandlers, rootHealthHandler, checkHandler, type HealthLogger } from './healthz/healthz.js';
export { type HealthCheckObserver, HealthCheckSLIs } from './healthz/health-check-slis.js';
export { METRICS_RESET_TEXT, withMetricsReset } from './metrics/metrics-reset.js';
export { installIndex } from './routes/index.js';
export { defaultVersionInfo, installVersion, type VersionInfo } from './routes/version.js';
export { installOpenIDMetadata, MIME_JWKS } from './routes/openid-metadata.js';
export { type SignalHandlerOptions, setupSignalHandler } from './server/signal-handler.js';
export {
  cleanDryRun,
  cleanScope,
  cleanVerb,
  DEFAULT_MAX_REQUEST_METRIC_SERIES,
  OTHER_REQUEST_METHOD,
  RequestMetrics,
  type RequestMetricsOptions,
} from './metrics/request-metrics.js';
export { INFLIGHT_USAGE_UPDATE_PERIOD_MS, InflightWatermark } from './metrics/inflight-watermark.js';
export { APIServerHandler, restfulOwnsPath, statusRecoverHandler } from './server/api-server-handler.js';
export { type DelegationTarget, newEmptyDelegate, notFoundHandler } from './server/delegation.js';
export { buildHandlerChain, type HandlerChainConfig } from './server/handler-chain.js';
export {
  HookRegistry,
  HookRegistrationError,
  type PostStartHookContext,
  type PostStartHookFunc,
  type PreShutdownHookFunc,
} from './server/hooks.js';
export { generateCACertKey, generateClientCertKey, type ClientSubject } from './server/certificate-authority.js';
export { generateSelfSignedCertKey, maybeSelfSignedCertKey, type CertKeyPair, type CertKeyFiles, type SelfSignedOptions } from './server/self-signed.js';
export { startListeners, ServingError, type Listener, type ServingOptions, type SecureServingOptions } from './server/serving.js';
export { APIGroupsInstaller, type APIGroupsInstallerOptions } from './server/api-groups-installer.js';
export { type APIGroupInfo, APIGroupInfoError, type ResourceStorageMap } from './server/api-group-info.js';
export { GenericAPIServer } from './server/generic-api-server.js';
export { PreparedGenericAPIServer } from './server/prepared.js';
export type { GenericAPIServerConfig, AuthenticationConfig, AuthorizationConfig, ControllerRunner } from './server/config.js';
export { OpenAPIService, type OpenAPISource } from './openapi/openapi-service.js';
export {
  CachedDocument,
  computeETag,
  encodeSwaggerProto,
  type JsonObject,
  MIME_OPENAPI_V2_PROTOBUF,
  MIME_OPENAPI_V2_PROTOBUF_DEPRECATED,
  type OpenAPIInfo,
  openAPIV2DocumentType,
  schemaMessage,
  swaggerDocumentMessage,
  toV2Schema,
} from '@apiserver/openapi';
export { serverRelativeURL } from './openapi/openapi-service.js';
export {
  BEARER_TOKEN_SCHEME,
  buildOpenAPIV3,
  buildSwagger,
  kubernetesOpenAPIConfig,
  type OpenAPIBuildOptions,
} from './openapi/kubernetes-config.js';
export { operationIDAndTags, toValidOperationID, type OperationIDAndTags } from './openapi/operation-id.js';
export { kubernetesModelResolver, PATCH_DEFINITION, PATCH_MODEL, type KindsOf, type TSchema } from './openapi/component-schemas.js';

export {
  AUDIT_LEVELS,
  AUDIT_STAGES,
  type AuditLevel,
  type AuditPolicy,
  type AuditStage,
  type GroupResources as AuditGroupResources,
  levelAtLeast as auditLevelAtLeast,
  type PolicyRule as AuditPolicyRule,
  type RequestAuditConfig,
} from './audit/policy.js';
export { PolicyRuleEvaluator, pathMatches as auditPathMatches, ruleMatches as auditRuleMatches } from './audit/policy-rule-evaluator.js';
export { AuditPolicyError, loadAuditPolicyFile, parseAuditPolicy, validateAuditPolicy } from './audit/policy-file.js';
export { type AuditBackend, AuditLogBackend } from './audit/audit-backend.js';
export { type AuditEvent, type AuditObjectReference, type AuditResponseStatus, type AuditUser, sourceIPs } from './audit/event.js';
export { RequestAuditEvent } from './audit/request-audit-event.js';
export { AUDIT_ID_HEADER, type AuditConfig, withAudit, withAuditInit, withFailedAuthenticationAudit } from './filters/audit.js';
export { DECISION_ANNOTATION, REASON_ANNOTATION } from './filters/authorization.js';
export { auditEventFrom, auditIDFrom } from './request/context.js';
export { type Logger, type Verbose, type VerbositySetter, type Severity, isVerbositySetter } from './logs/logger.js';
export { KlogLogger, LOGGING_FORMATS, type KlogLoggerOptions, type LoggingFormat } from './logs/klog-logger.js';
export { CallbackLogger } from './logs/callback-logger.js';
export { kObj, kRef, ObjectRef, type KMetadata } from './logs/object-ref.js';
export { Duration, formatGoDuration } from './logs/go-duration.js';
export { withLogging, HTTP_LOG_VERBOSITY } from './httplog/httplog.js';
export { installDebugFlags, stringFlagPutHandler, verbositySetter, FlagValueError, type StringFlagSetter } from './routes/flags.js';
export { installProfiling, DEFAULT_CPU_PROFILE_SECONDS } from './routes/profiling.js';
export { collectCPUProfile, cpuProfileToPprof, CPUProfilingInUseError, CPU_SAMPLING_INTERVAL_MICROS } from './pprof/cpu-profile.js';
export {
  collectHeapProfile,
  heapProfileToPprof,
  startHeapSampling,
  HEAP_SAMPLING_INTERVAL_BYTES,
  type SamplingHeapProfile,
  type SamplingHeapProfileNode,
} from './pprof/heap-profile.js';
export {
  decodePprofProfile,
  encodePprofProfile,
  pprofProfileType,
  type Line,
  type Location,
  type PprofFunction,
  type PprofProfile,
  type Sample,
  type ValueType,
} from './pprof/profile-proto.js';
export { ProfileBuilder, type ProfileShape, type V8CallFrame } from './pprof/profile-builder.js';
