import type { EncodedObjectCache } from '@apiserver/endpoints';
import type { MetricsRegistry } from '@apiserver/storage';
import type { AuditBackend } from '../audit/audit-backend.js';
import type { AuditPolicy } from '../audit/policy.js';
import type { RequestAuthenticator } from '../authentication/authenticator.js';
import type { CAContentProvider } from '../authentication/ca-content.js';
import type { RequestHeaderConfig, RequestHeaderConfigProvider } from '../authentication/request-header.js';
import type { Authorizer } from '../authorization/authorizer.js';
import type { LongRunningRequestCheck } from '../filters/long-running.js';
import type { PanicLogger } from '../filters/panic-recovery.js';
import type { HealthChecker } from '../healthz/health-checker.js';
import type { Logger } from '../logs/logger.js';
import type { VersionInfo } from '../routes/version.js';
import type { DelegationTarget } from './delegation.js';

/**
 * Something a server runs while it serves (k8s.io/apiserver `dynamiccertificates.ControllerRunner`), such as the
 * controller keeping CAs current: started when the server first listens, stopped when `signal` aborts at shutdown.
 */
export interface ControllerRunner {
  /** Runs until `signal` aborts. */
  run(signal: AbortSignal): void;
}

/** Authentication settings. */
export interface AuthenticationConfig {
  /** A static token file (`--token-auth-file`). */
  readonly tokenAuthFile?: string;
  /**
   * Front-proxy authentication (`--requestheader-*`), tried first as upstream. The TLS listener then also requests
   * client certificates against its CA; give `clientCA` too for client-certificate users (without it, no
   * certificate authenticates as itself). A provider is read per request, and the listener follows its CA.
   */
  readonly requestHeader?: RequestHeaderConfig | RequestHeaderConfigProvider;
  /**
   * PEM CA bundle client certificates are verified against (`--client-ca-file`'s content), by the authenticator
   * itself rather than by the TLS listener; the listener requests certificates against it. A provider is read per
   * request, and the listener follows its changes.
   */
  readonly clientCA?: string | CAContentProvider;
  /** What keeps the providers current (run from the first `listen` until shutdown). */
  readonly controllers?: readonly ControllerRunner[];
  /** More authenticators, tried after client certificates and the token file. */
  readonly authenticators?: readonly RequestAuthenticator[];
  /** Whether requests without credentials are `system:anonymous` (`--anonymous-auth`, default true). */
  readonly anonymous?: boolean;
}

/** Authorization settings. */
export interface AuthorizationConfig {
  /** Modes in order (`--authorization-mode`, default `AlwaysAllow`). */
  readonly modes?: readonly string[];
  /** An authorizer replacing the modes. */
  readonly authorizer?: Authorizer;
  /**
   * Whether list, watch and deletecollection requests are authorized with their field and label selectors (the
   * `AuthorizeWithSelectors` feature gate, beta and on by default in Kubernetes 1.32; default `true`).
   */
  readonly authorizeWithSelectors?: boolean;
}

/** The configuration of a {@link GenericAPIServer} (k8s `server.Config`, the parts we run). */
export interface GenericAPIServerConfig {
  /** The server's name in logs. */
  readonly name?: string;
  /** The next server of the delegation chain (default: the not-found delegate). */
  readonly delegate?: DelegationTarget;
  /** Default and maximum request timeout in ms (`--request-timeout`, default 60 s). */
  readonly requestTimeoutMillis?: number;
  /** `--max-requests-inflight` (default 400; 0 = unlimited). */
  readonly maxRequestsInFlight?: number;
  /** `--max-mutating-requests-inflight` (default 200; 0 = unlimited). */
  readonly maxMutatingRequestsInFlight?: number;
  /** Which requests are long-running (default kube-apiserver's). */
  readonly longRunning?: LongRunningRequestCheck;
  /** Authentication. */
  readonly authentication?: AuthenticationConfig;
  /** Authorization. */
  readonly authorization?: AuthorizationConfig;
  /** Overrides of the `/version` document. */
  readonly version?: Partial<VersionInfo>;
  /** Extra checks for `/healthz`, `/livez` and `/readyz`. */
  readonly healthChecks?: readonly HealthChecker[];
  /** Extra checks for `/readyz` only (e.g. storage readiness). */
  readonly readyzChecks?: readonly HealthChecker[];
  /** How long shutdown lets aborted long-running requests end by themselves before ending their streams, in ms (default 1 s). */
  readonly watchTerminationGraceMillis?: number;
  /** How long shutdown waits for in-flight requests, in ms (default 60 s). */
  readonly shutdownTimeoutMillis?: number;
  /** Prefixes `installLegacyAPIGroup` accepts (default `['/api']`). */
  readonly legacyAPIGroupPrefixes?: readonly string[];
  /** Minimum watch timeout in seconds for installed groups (default 1800). */
  readonly minRequestTimeoutSeconds?: number;
  /** Request body limit in bytes for installed groups (default 3 MiB). */
  readonly maxRequestBodyBytes?: number;
  /**
   * The most series `apiserver_request_total` and `apiserver_request_duration_seconds` each hold (default 2000;
   * further observations are counted in `apiserver_request_metrics_dropped_total`). Upstream has no such cap.
   */
  readonly maxRequestMetricSeries?: number;
  /**
   * The metrics registry `/metrics` writes (default a new one holding at most `maxRequestMetricSeries` series per
   * metric). Give the same registry to the servers of a delegation chain and to what records metrics on their
   * behalf — the storage (watch cache, etcd3 backend, object counts), admission chains — so the served `/metrics`
   * shows them all; two chains in one process keep two registries.
   */
  readonly metrics?: MetricsRegistry;
  /**
   * The encoded bytes of shared objects that GET and LIST reuse (see `EncodedObjectCache` in
   * `@apiserver/endpoints`); give one cache to the servers of a delegation chain to bound them together. Default:
   * a cache of `DEFAULT_ENCODED_OBJECT_CACHE_BYTES` (64 MiB) recording in this server's metrics; a cache of size
   * 0 turns the reuse off.
   */
  readonly encodedObjects?: EncodedObjectCache;
  /** Do not serve `/openapi/v2` and `/openapi/v3` (k8s `Config.SkipOpenAPIInstallation`). */
  readonly skipOpenAPIInstallation?: boolean;
  /** Title of the OpenAPI documents (default `Kubernetes`); their version is the `/version` gitVersion. */
  readonly openAPITitle?: string;
  /**
   * The server's logger (default a {@link KlogLogger} writing klog's text format to standard error at verbosity 0).
   * Give the same logger to the servers of a delegation chain: `/debug/flags/v` changes its verbosity.
   */
  readonly logger?: Logger;
  /**
   * The server log as a callback receiving each line's text without header (a {@link CallbackLogger}); used only
   * when `logger` is absent.
   */
  readonly log?: (message: string) => void;
  /**
   * Serve `/debug/pprof/` (CPU and heap profiles) and `/debug/flags/v` (k8s `Config.EnableProfiling`,
   * kube-apiserver's `--profiling`; default true). Both are non-resource URLs behind authorization.
   */
  readonly enableProfiling?: boolean;
  /** Panic log (default `console.error`). */
  readonly panicLogger?: PanicLogger;
  /** Auditing: the policy and where events go (the backend is shut down with the server). Absent = no events. */
  readonly audit?: { readonly policy: AuditPolicy; readonly backend: AuditBackend };
}
