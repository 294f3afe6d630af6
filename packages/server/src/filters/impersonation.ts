/**
 * `WithImpersonation`: a request carrying `Impersonate-*` headers acts as the user they name, once the requesting
 * user may `impersonate` each of them (users, groups, serviceaccounts, userextras/<key>, uids); the first denial
 * answers 403 as the authorization filter words it, malformed headers (groups, extras or a UID without a user)
 * answer 500 as upstream. It runs after authentication and before the in-flight limit and authorization, which
 * then see the impersonated user.
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { newForbidden } from '@apiserver/runtime';
import { serviceAccountGroups, serviceAccountUsername } from '../authentication/serviceaccount/claims.js';
import { ALL_AUTHENTICATED, ALL_UNAUTHENTICATED, ANONYMOUS_USER, type UserInfo } from '../authentication/user.js';
import type { Attributes, Authorization, Authorizer } from '../authorization/authorizer.js';
import type { Handler } from '../handler.js';
import { auditEventFrom, userFrom, withUserValue } from '../request/context.js';
import {
  deleteImpersonationHeaders,
  IMPERSONATE_GROUP_HEADER,
  ImpersonationHeaderError,
  type ImpersonationRequest,
  impersonationRequestsOf,
} from '../request/impersonation-requests.js';
import { internalError, writeStatus } from '../responsewriters.js';
import { forbiddenMessage } from './authorization.js';

const RESOURCE_OF: Readonly<Record<ImpersonationRequest['kind'], string>> = {
  ServiceAccount: 'serviceaccounts',
  User: 'users',
  Group: 'groups',
  UserExtra: 'userextras',
  UID: 'uids',
};

/** The `impersonate` check of one request, as the requesting user. */
function actingAsAttributes(requestor: UserInfo, r: ImpersonationRequest): Attributes {
  const [group = '', version = ''] = r.apiVersion === '' ? [] : r.apiVersion.split('/');
  return {
    user: requestor,
    verb: 'impersonate',
    isResourceRequest: true,
    path: '',
    namespace: r.namespace,
    apiGroup: group,
    apiVersion: version,
    resource: RESOURCE_OF[r.kind],
    subresource: r.kind === 'UserExtra' ? r.fieldPath : '',
    name: r.name,
  };
}

/**
 * The user the requests describe. Groups sent in `Impersonate-Group` are the whole list (a service account's own
 * groups are added only when none are sent); `system:authenticated` is added for a named user unless either
 * well-known group is already there, `system:unauthenticated` for the anonymous user.
 */
export function impersonatedUser(requests: readonly ImpersonationRequest[], groupsSent: boolean): UserInfo {
  let name = '';
  let uid = '';
  let groups: string[] = [];
  const extra: Record<string, string[]> = {};
  for (const r of requests) {
    if (r.kind === 'ServiceAccount') {
      name = serviceAccountUsername(r.namespace, r.name);
      if (!groupsSent) groups = serviceAccountGroups(r.namespace);
    } else if (r.kind === 'User') name = r.name;
    else if (r.kind === 'Group') groups.push(r.name);
    else if (r.kind === 'UserExtra') (extra[r.fieldPath] ??= []).push(r.name);
    else uid = r.name;
  }
  if (name !== ANONYMOUS_USER) {
    if (!groups.includes(ALL_AUTHENTICATED) && !groups.includes(ALL_UNAUTHENTICATED)) groups.push(ALL_AUTHENTICATED);
  } else if (!groups.includes(ALL_UNAUTHENTICATED)) groups.push(ALL_UNAUTHENTICATED);
  return { name, uid, groups, extra };
}

/**
 * The first impersonation the requesting user may not perform, with the authorizer's reason; undefined when all
 * are allowed. An authorizer error denies, with no reason (upstream answers it as a plain denial).
 */
async function firstDenied(
  authorizer: Authorizer,
  requestor: UserInfo,
  requests: readonly ImpersonationRequest[],
): Promise<{ attributes: Attributes; reason: string } | undefined> {
  for (const r of requests) {
    const attributes = actingAsAttributes(requestor, r);
    let result: Authorization;
    try {
      result = await authorizer.authorize(attributes);
    } catch {
      return { attributes, reason: '' };
    }
    if (result.decision !== 'Allow') return { attributes, reason: result.reason };
  }
  return undefined;
}

/** Wraps `handler` with the impersonation filter; requests without `Impersonate-*` headers pass straight through. */
export function withImpersonation(handler: Handler, authorizer: Authorizer): Handler {
  const impersonate = async (request: IncomingMessage, response: ServerResponse, requests: ImpersonationRequest[]): Promise<void> => {
    const requestor = userFrom(request);
    if (requestor === undefined) return internalError(response, request.url ?? '', new Error('no user found for request'));
    const denied = await firstDenied(authorizer, requestor, requests);
    if (denied !== undefined) {
      const message = forbiddenMessage(denied.attributes);
      const why = denied.reason === '' ? message : `${message}: ${denied.reason}`;
      writeStatus(response, newForbidden({ group: denied.attributes.apiGroup, resource: denied.attributes.resource }, denied.attributes.name, why));
      return;
    }
    const user = impersonatedUser(requests, (request.headersDistinct[IMPERSONATE_GROUP_HEADER] ?? []).length > 0);
    auditEventFrom(request)?.logImpersonatedUser(user);
    withUserValue(request, user);
    deleteImpersonationHeaders(request);
    await handler(request, response);
  };
  return (request, response) => {
    let requests: ImpersonationRequest[];
    try {
      requests = impersonationRequestsOf(request);
    } catch (err) {
      if (!(err instanceof ImpersonationHeaderError)) throw err;
      internalError(response, request.url ?? '', err);
      return undefined;
    }
    if (requests.length === 0) return handler(request, response);
    return impersonate(request, response, requests);
  };
}
