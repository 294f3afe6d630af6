import type { IncomingMessage, ServerResponse } from 'node:http';
import { newUnauthorized } from '@apiserver/runtime';
import { AuthenticationError, type RequestAuthenticator } from '../authentication/authenticator.js';
import type { UserInfo } from '../authentication/user.js';
import { type Handler, isPromiseLike, type MaybePromise } from '../handler.js';
import { withUserValue } from '../request/context.js';
import { writeStatus } from '../responsewriters.js';

/** Where authentication failures are logged (default: nowhere). */
export type AuthenticationFailureLogger = (reason: string) => void;

/** `Unauthorized`: the 401 Status a request without a user gets. */
export const unauthorizedHandler: Handler = (_request, response) => {
  writeStatus(response, newUnauthorized('Unauthorized'));
};

/**
 * `WithAuthentication`: attaches the user and drops the `Authorization` header; no user or
 * an invalid credential → 401 Status `Unauthorized`. A synchronous authenticator (anonymous, token file,
 * client certificates) keeps the request synchronous: no promise is made on its path.
 */
export function withAuthentication(
  handler: Handler,
  authenticator: RequestAuthenticator,
  onFailure: AuthenticationFailureLogger = () => undefined,
  unauthorized: Handler = unauthorizedHandler,
): Handler {
  const failed = (err: unknown): undefined => {
    if (!(err instanceof AuthenticationError)) throw err;
    onFailure(err.message);
    return undefined;
  };
  const proceed = (request: IncomingMessage, response: ServerResponse, user: UserInfo | undefined): void | Promise<void> => {
    if (user === undefined) return unauthorized(request, response);
    // Only when present: deleting a property turns the headers object into a slower dictionary for later reads.
    if (request.headers.authorization !== undefined) delete request.headers.authorization;
    withUserValue(request, user);
    return handler(request, response);
  };
  return (request, response) => {
    let user: MaybePromise<UserInfo | undefined>;
    try {
      user = authenticator.authenticateRequest(request);
    } catch (err) {
      user = failed(err);
    }
    if (!isPromiseLike(user)) return proceed(request, response, user);
    return Promise.resolve(user)
      .then(undefined, failed)
      .then((u) => proceed(request, response, u));
  };
}
