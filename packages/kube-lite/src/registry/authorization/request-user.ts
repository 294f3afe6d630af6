/**
 * The user of the request a storage call serves (upstream `genericapirequest.UserFrom(ctx)`). The request
 * context carries it when the endpoints fill `ctx.user`; until then {@link trackRequestUser} records the user
 * the authorization filter saw in the request's async context, where the handler that follows reads it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestContext } from '@apiserver/registry';
import type { Authorizer, UserInfo } from '@apiserver/server';

const requestUser = new AsyncLocalStorage<UserInfo | undefined>();

/**
 * Wraps the server's authorizer so that the user of each authorized resource request is remembered for the rest
 * of that request (the storage calls it leads to). Wrapping changes no decision. Non-resource requests
 * (`/readyz`, `/healthz`, `/version`, discovery, OpenAPI) reach no storage call that reads the user, and are not
 * tracked: on Node 20 and 22 the first `enterWith` turns on promise hooks for the rest of the process (every
 * promise then costs a hook call), and the readiness probes of a starting server would otherwise turn them on
 * while the bootstrap writes run.
 */
export function trackRequestUser(authorizer: Authorizer): Authorizer {
  const tracking: Authorizer = {
    authorize(attributes) {
      // Synchronously, before the filter awaits: the handler that follows continues this async context.
      if (attributes.isResourceRequest) requestUser.enterWith(attributes.user);
      return authorizer.authorize(attributes);
    },
  };
  tracked.set(tracking, authorizer);
  return tracking;
}

const tracked = new WeakMap<Authorizer, Authorizer>();

/**
 * The authorizer `authorizer` wraps when it is a {@link trackRequestUser} wrapper, else itself: what checks made on
 * behalf of a request (CEL's `authorizer`) ask, so that they do not replace the request's user.
 */
export function untrackedAuthorizer(authorizer: Authorizer): Authorizer {
  return tracked.get(authorizer) ?? authorizer;
}

/** The requesting user: `ctx.user` when set, else the user {@link trackRequestUser} recorded, else `undefined`. */
export function requestUserOf(ctx: RequestContext): UserInfo | undefined {
  const u = ctx.user;
  if (u !== undefined) return { name: u.name, uid: u.uid ?? '', groups: u.groups ?? [] };
  return requestUser.getStore();
}
