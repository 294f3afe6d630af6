import type { IncomingMessage } from 'node:http';
import { isPromiseLike, type MaybePromise } from '../handler.js';
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

  /**
   * Authenticates with the first authenticator that recognises the request. Synchronous authenticators give a
   * synchronous answer (no promise on the request path); failures are always a rejected promise.
   */
  authenticateRequest(request: IncomingMessage): UserInfo | undefined | Promise<UserInfo | undefined> {
    return this.#from(request, 0, undefined);
  }

  /** `errors` is made on the first failure: a request every authenticator passes over allocates nothing here. */
  #from(request: IncomingMessage, start: number, errors: string[] | undefined): MaybePromise<UserInfo | undefined> {
    let failures = errors;
    for (let i = start; i < this.#authenticators.length; i++) {
      let user: MaybePromise<UserInfo | undefined>;
      try {
        user = (this.#authenticators[i] as RequestAuthenticator).authenticateRequest(request);
      } catch (err) {
        if (!(err instanceof AuthenticationError)) return Promise.reject(err);
        (failures ??= []).push(err.message);
        continue;
      }
      if (isPromiseLike(user)) return this.#after(request, i, user, failures ?? []);
      if (user !== undefined) return user;
    }
    if (failures !== undefined && failures.length > 0) {
      return Promise.reject(new AuthenticationError(failures.length === 1 ? (failures[0] ?? '') : `[${failures.join(', ')}]`));
    }
    return undefined;
  }

  /** Continues after the asynchronous answer of authenticator `i`. */
  #after(request: IncomingMessage, i: number, user: PromiseLike<UserInfo | undefined>, errors: string[]): Promise<UserInfo | undefined> {
    const next = () => this.#from(request, i + 1, errors);
    return Promise.resolve(user).then(
      (u) => u ?? next(),
      (err: unknown) => {
        if (!(err instanceof AuthenticationError)) throw err;
        errors.push(err.message);
        return next();
      },
    );
  }
}

/** Adds `system:authenticated` to every user an authenticator returns (k8s `group.AuthenticatedGroupAdder`). */
export class AuthenticatedGroupAdder implements RequestAuthenticator {
  readonly #inner: RequestAuthenticator;

  /** Wraps an authenticator. */
  constructor(inner: RequestAuthenticator) {
    this.#inner = inner;
  }

  /** Authenticates and adds the group when missing (never to the anonymous user); synchronous when the inner one is. */
  authenticateRequest(request: IncomingMessage): UserInfo | undefined | Promise<UserInfo | undefined> {
    let user: MaybePromise<UserInfo | undefined>;
    try {
      user = this.#inner.authenticateRequest(request);
    } catch (err) {
      return Promise.reject(err);
    }
    return isPromiseLike(user) ? Promise.resolve(user).then(withAuthenticatedGroup) : withAuthenticatedGroup(user);
  }
}

function withAuthenticatedGroup(user: UserInfo | undefined): UserInfo | undefined {
  if (user === undefined || user.name === ANONYMOUS_USER) return user;
  if (user.groups.includes(ALL_AUTHENTICATED) || user.groups.includes(ALL_UNAUTHENTICATED)) return user;
  return { ...user, groups: [...user.groups, ALL_AUTHENTICATED] };
}

/** The anonymous user: one frozen object shared by every anonymous request (users are never changed in place). */
const ANONYMOUS: UserInfo = Object.freeze({ name: ANONYMOUS_USER, uid: '', groups: Object.freeze([ALL_UNAUTHENTICATED]) });

/** Authenticates every request as `system:anonymous` in `system:unauthenticated` (k8s `anonymous.NewAuthenticator`). */
export class AnonymousAuthenticator implements RequestAuthenticator {
  /** Always returns the anonymous user. */
  authenticateRequest(): UserInfo {
    return ANONYMOUS;
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
  const orAnonymous = (user: UserInfo | undefined): UserInfo => user ?? anonymous.authenticateRequest();
  return {
    authenticateRequest(request: IncomingMessage): MaybePromise<UserInfo | undefined> {
      // The credential authenticators never throw synchronously (their failures are rejections).
      const user = credentials.authenticateRequest(request);
      return isPromiseLike(user) ? Promise.resolve(user).then(orAnonymous) : orAnonymous(user);
    },
  };
}
