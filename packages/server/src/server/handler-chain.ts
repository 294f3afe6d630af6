import type { RequestAuthenticator } from '../authentication/authenticator.js';
import type { Authorizer } from '../authorization/authorizer.js';
import { type AuditConfig, withAudit, withAuditInit, withFailedAuthenticationAudit } from '../filters/audit.js';
import { unauthorizedHandler, withAuthentication } from '../filters/authentication.js';
import { withAuthorization } from '../filters/authorization.js';
import { withImpersonation } from '../filters/impersonation.js';
import type { LongRunningRequestCheck } from '../filters/long-running.js';
import { withMaxInFlightLimit } from '../filters/max-in-flight.js';
import { type PanicLogger, withPanicRecovery } from '../filters/panic-recovery.js';
import { withRequestDeadline } from '../filters/request-deadline.js';
import { withRequestInfo } from '../filters/request-info.js';
import type { Handler } from '../handler.js';
import { withLogging } from '../httplog/httplog.js';
import type { Logger } from '../logs/logger.js';
import type { RequestMetrics } from '../metrics/request-metrics.js';
import type { RequestInfoFactory } from '../request/request-info.js';

/** Everything {@link buildHandlerChain} needs. */
export interface HandlerChainConfig {
  /** Resolves RequestInfo. */
  readonly requestInfoFactory: RequestInfoFactory;
  /** Long-running check shared by the deadline and in-flight filters. */
  readonly longRunning: LongRunningRequestCheck;
  /** Default and maximum request timeout in ms. */
  readonly requestTimeoutMillis: number;
  /** Read-only in-flight limit (0 = unlimited). */
  readonly maxRequestsInFlight: number;
  /** Mutating in-flight limit (0 = unlimited). */
  readonly maxMutatingRequestsInFlight: number;
  /** The authenticator. */
  readonly authenticator: RequestAuthenticator;
  /** The authorizer. */
  readonly authorizer: Authorizer;
  /** Request metrics (recorded after RequestInfo is known). */
  readonly metrics: RequestMetrics;
  /** The logger of the `"HTTP"` request lines (absent: no request lines). */
  readonly logger?: Logger;
  /** Panic logger. */
  readonly panicLogger?: PanicLogger;
  /** Audit policy and backend; absent = no audit events (every answer still carries an `Audit-Id`). */
  readonly audit?: AuditConfig;
}

/**
 * `DefaultBuildHandlerChain` (the subset we run), outermost first: audit ID → panic recovery → request
 * info → HTTP logging → metrics → request deadline / timeout → authentication (failures audited) → audit → impersonation →
 * max-in-flight → authorization → `handler` (the director).
 */
export function buildHandlerChain(handler: Handler, config: HandlerChainConfig): Handler {
  let h = withAuthorization(handler, config.authorizer);
  h = withMaxInFlightLimit(h, {
    maxRequestsInFlight: config.maxRequestsInFlight,
    maxMutatingRequestsInFlight: config.maxMutatingRequestsInFlight,
    longRunning: config.longRunning,
    metrics: config.metrics,
  });
  h = withImpersonation(h, config.authorizer);
  const { audit } = config;
  if (audit !== undefined) h = withAudit(h, audit, config.longRunning);
  const unauthorized = audit === undefined ? unauthorizedHandler : withFailedAuthenticationAudit(unauthorizedHandler, audit);
  h = withAuthentication(h, config.authenticator, undefined, unauthorized);
  h = withRequestDeadline(h, { requestTimeoutMillis: config.requestTimeoutMillis, longRunning: config.longRunning, metrics: config.metrics });
  h = config.metrics.filter(h);
  if (config.logger !== undefined) h = withLogging(h, config.logger);
  h = withRequestInfo(h, config.requestInfoFactory);
  return withAuditInit(withPanicRecovery(h, config.panicLogger));
}
