/**
 * The user a request is served for (upstream `request.WithUser` / `request.UserFrom` of the request context): the
 * server's authentication filter (and impersonation, which replaces it) attaches it to the request, and the verb
 * handlers put it into the registry `RequestContext` as `ctx.user`, where storages, admission and the reviews read it.
 * @module
 */
import type { IncomingMessage } from 'node:http';
import type { UserInfo } from '@apiserver/registry';

const USER = Symbol('apiserver request user');

interface Carrier {
  [USER]?: UserInfo;
}

/** Attaches the user the request is served for (the last call wins: impersonation replaces the authenticated user). */
export function withRequestUser(request: IncomingMessage, user: UserInfo): void {
  (request as Carrier)[USER] = user;
}

/** The user attached by {@link withRequestUser}, if any. */
export function requestUserFrom(request: IncomingMessage): UserInfo | undefined {
  return (request as Carrier)[USER];
}
