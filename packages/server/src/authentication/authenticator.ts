import type { IncomingMessage } from 'node:http';
import type { UserInfo } from './user.js';

/** A credential was presented but is not valid (the request gets a 401). */
export class AuthenticationError extends Error {
  /** Creates the error. */
  constructor(message: string) {
    super(message);
    this.name = 'AuthenticationError';
  }
}

/**
 * Authenticates a request (k8s `authenticator.Request`): the user, `undefined` when this
 * authenticator has no opinion (no credential of its kind), or a thrown
 * {@link AuthenticationError} when its credential is invalid.
 */
export interface RequestAuthenticator {
  /** Authenticates one request. */
  authenticateRequest(request: IncomingMessage): UserInfo | undefined | Promise<UserInfo | undefined>;
}
