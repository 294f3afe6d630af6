import type { IncomingMessage } from 'node:http';
import { AuthenticationError, type RequestAuthenticator } from './authenticator.js';
import { ALL_AUTHENTICATED, ALL_UNAUTHENTICATED, ANONYMOUS_USER, type UserInfo } from './user.js';

/**
 * Tries authenticators in order (k8s `union.New`): the first user wins; errors are kept and
 * reported together only when nobody authenticated the request.
 */
export class UnionAuthenticator implements RequestAuthenticator {
  readonly #authenticators: readonly RequestAuthenticator[];

  /** Combines authenticators. */
  constructor(authenticators: readonly RequestAuthenticator[]) {
    this.#authenticators = authenticators;
  }

  /** Authenticates with the first authenticator that recognises the request. */
  async authenticateRequest(request: IncomingMessage): Promise<UserInfo | undefined> {
    const errors: string[] = [];
    for (const authenticator of this.#authenticators) {
      try {
        const user = await authenticator.authenticateRequest(request);
        if (user !== undefined) return user;
      } catch (err) {
        if (!(err instanceof AuthenticationError)) throw err;
        errors.push(err.message);
      }
    }
    if (errors.length > 0) throw new AuthenticationError(errors.length === 1 ? (errors[0] ?? '') : `[${errors.join(', ')}]`);
    return undefined;
  }
}

/** Adds `system:authenticated` to every user an authenticator returns (k8s `group.AuthenticatedGroupAdder`). */
export class AuthenticatedGroupAdder implements RequestAuthenticator {
  readonly #inner: RequestAuthenticator;

  /** Wraps an authenticator. */
  constructor(inner: RequestAuthenticator) {
    this.#inner = inner;
  }

  /** Authenticates and adds the group when missing (never to the anonymous user). */
  async authenticateRequest(request: IncomingMessage): Promise<UserInfo | undefined> {
    const user = await this.#inner.authenticateRequest(request);
    if (user === undefined || user.name === ANONYMOUS_USER) return user;
    if (user.groups.includes(ALL_AUTHENTICATED) || user.groups.includes(ALL_UNAUTHENTICATED)) return user;
    return { ...user, groups: [...user.groups, ALL_AUTHENTICATED] };
  }
}

/** Authenticates every request as `system:anonymous` in `system:unauthenticated` (k8s `anonymous.NewAuthenticator`). */
export class AnonymousAuthenticator implements RequestAuthenticator {
  /** Always returns the anonymous user. */
  authenticateRequest(): UserInfo {
    return { name: ANONYMOUS_USER, uid: '', groups: [ALL_UNAUTHENTICATED] };
  }
}

/** Options of {@link newRequestAuthenticator}. */
export interface AuthenticatorOptions {
  /** Authenticators of credentials (tokens, certificates), tried in order. */
  readonly authenticators: readonly RequestAuthenticator[];
  /** Whether requests without credentials are anonymous (otherwise 401). */
  readonly anonymous?: boolean;
}

/**
 * Builds kube-apiserver's authenticator: union of credential authenticators with
 * `system:authenticated` added; when anonymous is on, a request without credentials is
 * anonymous but an invalid credential still fails (`union.NewFailOnError`).
 */
export function newRequestAuthenticator(options: AuthenticatorOptions): RequestAuthenticator {
  const credentials = new AuthenticatedGroupAdder(new UnionAuthenticator(options.authenticators));
  if (options.anonymous !== true) return credentials;
  const anonymous = new AnonymousAuthenticator();
  return {
    async authenticateRequest(request: IncomingMessage): Promise<UserInfo | undefined> {
      return (await credentials.authenticateRequest(request)) ?? anonymous.authenticateRequest();
    },
  };
}
