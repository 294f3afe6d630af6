import { newUnauthorized } from '@apiserver/runtime';
import { AuthenticationError, type RequestAuthenticator } from '../authentication/authenticator.js';
import type { Handler } from '../handler.js';
import { withUserValue } from '../request/context.js';
import { writeStatus } from '../responsewriters.js';

/** Where authentication failures are logged (default: nowhere). */
export type AuthenticationFailureLogger = (reason: string) => void;

/**
 * `WithAuthentication`: attaches the user and drops the `Authorization` header; no user or
 * an invalid credential → 401 Status `Unauthorized`.
 */
export function withAuthentication(
  handler: Handler,
  authenticator: RequestAuthenticator,
  onFailure: AuthenticationFailureLogger = () => undefined,
): Handler {
  return async (request, response) => {
    let user: Awaited<ReturnType<RequestAuthenticator['authenticateRequest']>>;
    try {
      user = await authenticator.authenticateRequest(request);
    } catch (err) {
      if (!(err instanceof AuthenticationError)) throw err;
      onFailure(err.message);
      user = undefined;
    }
    if (user === undefined) {
      writeStatus(response, newUnauthorized('Unauthorized'));
      return;
    }
    delete request.headers.authorization;
    withUserValue(request, user);
    await handler(request, response);
  };
}
