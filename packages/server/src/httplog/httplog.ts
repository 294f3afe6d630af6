import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Handler } from '../handler.js';
import { Duration } from '../logs/go-duration.js';
import type { Logger } from '../logs/logger.js';
import { cleanVerb, OTHER_REQUEST_METHOD } from '../metrics/request-metrics.js';
import { auditIDFrom, requestInfoFrom } from '../request/context.js';

/** The verbosity from which every request is logged (upstream `klog.V(3).Enabled()`). */
export const HTTP_LOG_VERBOSITY = 3;

/** Audit IDs longer than this are cut in the line (upstream `GetAuditIDTruncated`). */
const MAX_AUDIT_ID_LENGTH = 64;

/** Go's `RemoteAddr`: `ip:port`, IPv6 addresses in brackets. */
function remoteAddr(request: IncomingMessage): string {
  const { remoteAddress = '', remotePort } = request.socket;
  const host = remoteAddress.includes(':') ? `[${remoteAddress}]` : remoteAddress;
  return remotePort === undefined ? host : `${host}:${remotePort}`;
}

/** The verb of the line: `LIST`, `WATCH`, `APPLY`, … as the metrics report it, else the method. */
function verbOf(request: IncomingMessage): string {
  const method = (request.method ?? '').toUpperCase();
  const info = requestInfoFrom(request);
  if (info === undefined) return method;
  const verb = cleanVerb(request, info);
  return verb === OTHER_REQUEST_METHOD ? method : verb;
}

/** The pairs of one request's `"HTTP"` line, in upstream's order. */
function httpLogPairs(request: IncomingMessage, response: ServerResponse, start: bigint, userAgent: string, srcIP: string): unknown[] {
  const auditID = (auditIDFrom(request) ?? '').slice(0, MAX_AUDIT_ID_LENGTH);
  return [
    'verb',
    verbOf(request),
    'URI',
    request.url ?? '',
    'latency',
    Duration.since(start),
    'userAgent',
    userAgent,
    'audit-ID',
    auditID,
    'srcIP',
    srcIP,
    // Go's recorder holds 0 when the handler never wrote a status.
    'resp',
    response.headersSent ? response.statusCode : 0,
  ];
}

/**
 * `httplog.WithLogging` (upstream `WithHTTPLogging`): at verbosity 3 and above, each request writes upstream's
 * `"HTTP"` line (`verb`, `URI`, `latency`, `userAgent`, `audit-ID`, `srcIP`, `resp`) once its response closed.
 * Below that the request costs one comparison. Upstream logs nothing per request at verbosity 2 or less.
 */
export function withLogging(handler: Handler, logger: Logger): Handler {
  return (request, response) => {
    if (logger.verbosity < HTTP_LOG_VERBOSITY) return handler(request, response);
    const start = process.hrtime.bigint();
    const userAgent = request.headers['user-agent'] ?? '';
    const srcIP = remoteAddr(request);
    response.once('close', () => {
      logger.v(HTTP_LOG_VERBOSITY).info('HTTP', ...httpLogPairs(request, response, start, userAgent, srcIP));
    });
    return handler(request, response);
  };
}
