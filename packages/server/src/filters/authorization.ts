import type { IncomingMessage, ServerResponse } from 'node:http';
import { newForbidden } from '@apiserver/runtime';
import { type Attributes, type Authorization, type Authorizer, attributesFor } from '../authorization/authorizer.js';
import { type Handler, isPromiseLike, type MaybePromise } from '../handler.js';
import { auditEventFrom, requestInfoFrom, userFrom } from '../request/context.js';
import { internalError, writeStatus } from '../responsewriters.js';

/** `responsewriters.forbiddenMessage`: who cannot do what. */
export function forbiddenMessage(a: Attributes): string {
  const user = JSON.stringify(a.user?.name ?? '');
  if (!a.isResourceRequest) return `User ${user} cannot ${a.verb} path ${JSON.stringify(a.path)}`;
  const resource = a.subresource === '' ? a.resource : `${a.resource}/${a.subresource}`;
  const what = `User ${user} cannot ${a.verb} resource ${JSON.stringify(resource)} in API group ${JSON.stringify(a.apiGroup)}`;
  return a.namespace === '' ? `${what} at the cluster scope` : `${what} in the namespace ${JSON.stringify(a.namespace)}`;
}

/** The audit annotation holding the authorization decision (`allow` or `forbid`). */
export const DECISION_ANNOTATION = 'authorization.k8s.io/decision';
/** The audit annotation holding the authorizer's reason. */
export const REASON_ANNOTATION = 'authorization.k8s.io/reason';

/** An authorizer error: 500, with the reason annotation `internal error`. */
function failed(request: IncomingMessage, response: ServerResponse, err: unknown): void {
  auditEventFrom(request)?.addAnnotation(REASON_ANNOTATION, 'internal error');
  internalError(response, request.url ?? '', err);
}

/**
 * `WithAuthorization`: Allow → next; an authorizer error → 500 plain text; otherwise 403
 * Forbidden Status worded as Kubernetes, with the authorizer's reason appended. A synchronous authorizer
 * (AlwaysAllow, RBAC on cached rules) keeps the request synchronous.
 */
export function withAuthorization(handler: Handler, authorizer: Authorizer): Handler {
  const decided = (request: IncomingMessage, response: ServerResponse, attributes: Attributes, result: Authorization): void | Promise<void> => {
    const audit = auditEventFrom(request);
    audit?.addAnnotation(DECISION_ANNOTATION, result.decision === 'Allow' ? 'allow' : 'forbid');
    audit?.addAnnotation(REASON_ANNOTATION, result.reason);
    if (result.decision === 'Allow') return handler(request, response);
    const message = forbiddenMessage(attributes);
    const why = result.reason === '' ? message : `${message}: ${result.reason}`;
    writeStatus(response, newForbidden({ group: attributes.apiGroup, resource: attributes.resource }, attributes.name, why));
    return undefined;
  };
  return (request, response) => {
    const info = requestInfoFrom(request);
    if (info === undefined) {
      internalError(response, request.url ?? '', new Error('no RequestInfo found in the context'));
      return undefined;
    }
    const attributes = attributesFor(userFrom(request), info);
    let result: MaybePromise<Authorization>;
    try {
      result = authorizer.authorize(attributes);
    } catch (err) {
      failed(request, response, err);
      return undefined;
    }
    if (!isPromiseLike(result)) return decided(request, response, attributes, result);
    return Promise.resolve(result).then(
      (r) => decided(request, response, attributes, r),
      (err: unknown) => failed(request, response, err),
    );
  };
}
