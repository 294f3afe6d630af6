/**
 * The user of the request a storage call serves (upstream `genericapirequest.UserFrom(ctx)`): the server's
 * authentication and impersonation filters attach it to the request and the endpoints put it into the request
 * context as `ctx.user` (endpoints `withRequestUser`).
 */
import type { RequestContext } from '@apiserver/registry';
import type { UserInfo } from '@apiserver/server';

/** The requesting user of `ctx` in the server's shape (uid and groups always present), or `undefined`. */
export function requestUserOf(ctx: RequestContext): UserInfo | undefined {
  const u = ctx.user;
  if (u === undefined) return undefined;
  const user: { name: string; uid: string; groups: readonly string[]; extra?: UserInfo['extra'] } = { name: u.name, uid: u.uid ?? '', groups: u.groups ?? [] };
  if (u.extra !== undefined) user.extra = u.extra;
  return user;
}
