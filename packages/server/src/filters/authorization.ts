import { newForbidden } from '@apiserver/runtime';
import { type Attributes, type Authorizer, attributesFor } from '../authorization/authorizer.js';
import type { Handler } from '../handler.js';
import { requestInfoFrom, userFrom } from '../request/context.js';
import { internalError, writeStatus } from '../responsewriters.js';

/** `responsewriters.forbiddenMessage`: who cannot do what. */
export function forbiddenMessage(a: Attributes): string {
  const user = JSON.stringify(a.user?.name ?? '');
  if (!a.isResourceRequest) return `User ${user} cannot ${a.verb} path ${JSON.stringify(a.path)}`;
  const resource = a.subresource === '' ? a.resource : `${a.resource}/${a.subresource}`;
  const what = `User ${user} cannot ${a.verb} resource ${JSON.stringify(resource)} in API group ${JSON.stringify(a.apiGroup)}`;
  return a.namespace === '' ? `${what} at the cluster scope` : `${what} in the namespace ${JSON.stringify(a.namespace)}`;
}

/**
 * `WithAuthorization`: Allow → next; an authorizer error → 500 plain text; otherwise 403
 * Forbidden Status worded as Kubernetes, with the authorizer's reason appended.
 */
export function withAuthorization(handler: Handler, authorizer: Authorizer): Handler {
  return async (request, response) => {
    const info = requestInfoFrom(request);
    if (info === undefined) {
      internalError(response, request.url ?? '', new Error('no RequestInfo found in the context'));
      return;
    }
    const attributes = attributesFor(userFrom(request), info);
    let result: Awaited<ReturnType<Authorizer['authorize']>>;
    try {
      result = await authorizer.authorize(attributes);
    } catch (err) {
      internalError(response, request.url ?? '', err);
      return;
    }
    if (result.decision === 'Allow') {
      await handler(request, response);
      return;
    }
    const message = forbiddenMessage(attributes);
    const why = result.reason === '' ? message : `${message}: ${result.reason}`;
    writeStatus(response, newForbidden({ group: attributes.apiGroup, resource: attributes.resource }, attributes.name, why));
  };
}
