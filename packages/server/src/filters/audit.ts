/**
 * The audit filters (apiserver `endpoints/filters/audit_init.go`, `audit.go`, `authn_audit.go`):
 * - `withAuditInit` gives every request an audit ID (the client's `Audit-ID` header, else a new UUID) and echoes it
 *   in the `Audit-Id` response header;
 * - `withAudit` evaluates the policy for the authenticated user and writes the request's event at
 *   RequestReceived, ResponseStarted (long-running requests only), ResponseComplete, or Panic;
 * - `withFailedAuthenticationAudit` writes the event of a request whose authentication failed.
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { withRequestAuditRecorder } from '@apiserver/endpoints';
import type { AuditBackend } from '../audit/audit-backend.js';
import { newAuditID } from '../audit/audit-id.js';
import type { PolicyRuleEvaluator } from '../audit/policy-rule-evaluator.js';
import { nowAuditTime } from '../audit/event.js';
import { RequestAuditEvent } from '../audit/request-audit-event.js';
import { attributesFor } from '../authorization/authorizer.js';
import type { Handler } from '../handler.js';
import type { RequestInfo } from '../request/request-info.js';
import { auditIDFrom, onResponseClose, requestInfoFrom, userFrom, withAuditEventValue, withAuditIDValue } from '../request/context.js';
import type { LongRunningRequestCheck } from './long-running.js';

/** The request and response header carrying the audit ID. */
export const AUDIT_ID_HEADER = 'Audit-Id';

/** Wraps `handler` so that every request has an audit ID, sent back in the `Audit-Id` header. */
export function withAuditInit(handler: Handler, newID: () => string = newAuditID): Handler {
  return (request, response) => {
    const sent = request.headers['audit-id'];
    let id = typeof sent === 'string' && sent !== '' ? sent : newID();
    try {
      response.setHeader(AUDIT_ID_HEADER, id);
    } catch {
      // A client's ID that may not be written back (control characters) is replaced.
      id = newID();
      response.setHeader(AUDIT_ID_HEADER, id);
    }
    withAuditIDValue(request, id);
    return handler(request, response);
  };
}

/** The policy and the sink shared by the audit filters. */
export interface AuditConfig {
  /** Where events go. */
  readonly backend: AuditBackend;
  /** Decides each request's level. */
  readonly evaluator: PolicyRuleEvaluator;
}

/** Starts the event of `request` (with its RequestInfo) when the policy audits it; undefined at level None. */
function startEvent(request: IncomingMessage, info: RequestInfo | undefined, config: AuditConfig): RequestAuditEvent | undefined {
  if (info === undefined) return undefined;
  const attributes = attributesFor(userFrom(request), info);
  const requestConfig = config.evaluator.evaluatePolicyRule(attributes);
  if (requestConfig.level === 'None') return undefined;
  const event = new RequestAuditEvent(request, attributes, requestConfig, config.backend, auditIDFrom(request) ?? newAuditID(), nowAuditTime());
  withAuditEventValue(request, event);
  withRequestAuditRecorder(request, event);
  return event;
}

/** Calls `onStart` with the status code once, when the response's headers are written. */
function onResponseStarted(response: ServerResponse, onStart: (code: number) => void): void {
  const writeHead = response.writeHead;
  // The instance's writeHead is replaced only for requests that need the stage; node's implicit headers call it too.
  response.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse['writeHead']>) {
    response.writeHead = writeHead;
    onStart(typeof args[0] === 'number' ? args[0] : response.statusCode);
    return writeHead.apply(this, args);
  } as ServerResponse['writeHead'];
}

/** Writes the ResponseStarted stage when the headers go out. */
function auditResponseStarted(response: ServerResponse, event: RequestAuditEvent): void {
  onResponseStarted(response, (code) => {
    event.setResponseCode(code);
    event.process('ResponseStarted');
  });
}

/** A handler's throw, recorded as the Panic stage (the panic filter outside answers it). */
function panicked(event: RequestAuditEvent, panic: unknown): never {
  event.setResponseStatus({ metadata: {}, status: 'Failure', message: `APIServer panic'd: ${panic instanceof Error ? panic.message : String(panic)}`, reason: 'InternalError', code: 500 });
  event.process('Panic');
  throw panic;
}

/** Wraps `handler` with the audit filter (after authentication, before impersonation). */
export function withAudit(handler: Handler, config: AuditConfig, longRunning: LongRunningRequestCheck): Handler {
  return (request, response) => {
    const info = requestInfoFrom(request);
    const event = startEvent(request, info, config);
    if (event === undefined || info === undefined) return handler(request, response);
    event.process('RequestReceived');
    if (longRunning(request, info)) auditResponseStarted(response, event);
    let finished = false;
    onResponseClose(request, response, () => {
      if (finished) return;
      if (response.headersSent) event.setResponseCode(response.statusCode);
      else event.setResponseStatus({ metadata: {}, status: 'Success', message: 'Connection closed early', code: 200 });
      event.process('ResponseComplete');
    });
    try {
      const pending = handler(request, response);
      if (pending instanceof Promise) {
        return pending.catch((panic: unknown) => {
          finished = true;
          panicked(event, panic);
        });
      }
      return pending;
    } catch (panic) {
      finished = true;
      return panicked(event, panic);
    }
  };
}

/** The methods a request tried to authenticate with (`getAuthMethods`). */
function authMethods(request: IncomingMessage): string {
  const methods: string[] = [];
  const auth = (request.headers.authorization ?? '').trim();
  const [scheme = '', ...rest] = auth.split(' ');
  if (scheme.toLowerCase() === 'basic' && rest.length > 0) methods.push('basic');
  if (scheme.toLowerCase() === 'bearer' && rest.length > 0) methods.push('bearer');
  const query = (request.url ?? '').split('?')[1];
  if (new URLSearchParams(query ?? '').get('access_token')?.trim()) methods.push('access_token');
  const socket = request.socket as { getPeerCertificate?: () => { raw?: Buffer } };
  if (socket.getPeerCertificate?.()?.raw !== undefined) methods.push('x509');
  return methods.length > 0 ? `Authentication failed, attempted: ${methods.join(', ')}` : 'Authentication failed, no credentials provided';
}

/** Wraps the 401 answer of a failed authentication with its audit event, written at ResponseStarted. */
export function withFailedAuthenticationAudit(unauthorized: Handler, config: AuditConfig): Handler {
  return (request, response) => {
    const event = startEvent(request, requestInfoFrom(request), config);
    if (event === undefined) return unauthorized(request, response);
    event.setResponseStatus({ metadata: {}, message: authMethods(request) });
    auditResponseStarted(response, event);
    return unauthorized(request, response);
  };
}
