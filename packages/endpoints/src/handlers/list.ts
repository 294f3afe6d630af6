/**
 * LIST and WATCH (handlers/get.go `ListResource`): list, or hand over to the watch server on `watch=true` and
 * on the deprecated `/watch/` routes.
 */
import { acceptSharedObjects, type InternalListOptions, type Lister, type Watcher } from '@apiserver/registry';
import { newBadRequest, newMethodNotSupported, parseFieldSelector } from '@apiserver/runtime';
import { cachesEncodedObjects } from './cached-encoding.js';
import { listOptionsOf } from './options.js';
import { type Handler, type HandlerRequest, type RequestScope, requestContextOf, requestInfoOf } from './request-scope.js';
import { negotiateOutput, serve, writeObjectNegotiated } from './responsewriters.js';
import { kubeObject } from './transform.js';
import { serveWatch } from './watch.js';

/** How a list route behaves. */
export interface ListRoute {
  /** The deprecated `/watch/` routes always watch. */
  readonly forceWatch: boolean;
}

function withNameSelector(opts: InternalListOptions, name: string): InternalListOptions {
  if (name === '') return opts;
  const existing = opts.fieldSelector;
  if (existing !== undefined && !existing.isEmpty()) {
    const wanted = existing.requiresExactMatch?.('metadata.name');
    if (wanted !== name) throw newBadRequest("fieldSelector metadata.name doesn't match requested name");
    return opts;
  }
  return { ...opts, fieldSelector: parseFieldSelector(`metadata.name=${name}`) };
}

/** Options of a list/watch request (name from the legacy watch-item route becomes a field selector). */
export function listRequestOptions(scope: RequestScope, request: HandlerRequest, forceWatch: boolean): InternalListOptions {
  return withNameSelector(listOptionsOf(request.query, forceWatch, scope.fieldLabels), request.name);
}

/** The LIST handler (also serving `watch=true` when the storage is a Watcher). */
export function listResource(scope: RequestScope, lister: Lister | undefined, watcher: Watcher | undefined, route: ListRoute): Handler {
  return (request) =>
    serve(scope, request, async () => {
      const opts = listRequestOptions(scope, request, route.forceWatch);
      if (opts.watch === true) {
        if (watcher === undefined) {
          throw newMethodNotSupported({ group: scope.resource.group, resource: scope.resource.resource }, 'watch');
        }
        await serveWatch(scope, request, watcher, opts);
        return;
      }
      const negotiated = negotiateOutput(scope, request);
      if (lister === undefined) {
        throw newMethodNotSupported({ group: scope.resource.group, resource: scope.resource.resource }, 'list');
      }
      const ctx = requestContextOf(request, request.namespace, false, requestInfoOf(scope, request, 'list'));
      // The items are only encoded (no Table or metadata view to build from them): storage may share them.
      if (negotiated.target === undefined && cachesEncodedObjects(scope)) acceptSharedObjects(ctx);
      const list = await lister.list(ctx, opts);
      await writeObjectNegotiated(scope, request, 200, kubeObject(list), negotiated);
    });
}
