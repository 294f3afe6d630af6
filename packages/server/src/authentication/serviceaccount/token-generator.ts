/**
 * Issues service account tokens (pkg/serviceaccount/jwt.go `JWTTokenGenerator` with the claims of
 * `serviceaccount.Claims`): signed JWTs for one service account, audiences and lifetime.
 */
import { randomUUID } from 'node:crypto';
import type { KubernetesClaim, ServiceAccountClaims } from './claims.js';
import { serviceAccountUsername } from './claims.js';
import { signJWS } from './jws.js';
import type { SigningKey } from './keys.js';

/** The request for one token. */
export interface TokenRequestInput {
  /** Namespace of the service account. */
  readonly namespace: string;
  /** Name of the service account. */
  readonly name: string;
  /** UID of the service account. */
  readonly uid: string;
  /** Audiences the token is for. */
  readonly audiences: readonly string[];
  /** Lifetime in seconds. */
  readonly expirationSeconds: number;
  /** The pod, secret or node the token is bound to. */
  readonly boundObject?: { readonly kind: 'Pod' | 'Secret' | 'Node'; readonly name: string; readonly uid: string };
}

/** An issued token. */
export interface IssuedToken {
  /** The compact JWS. */
  readonly token: string;
  /** When it expires. */
  readonly expiresAt: Date;
  /** Its claims. */
  readonly claims: ServiceAccountClaims;
}

/** Signs service account tokens with one key for one issuer. */
export class ServiceAccountTokenGenerator {
  readonly #issuer: string;
  readonly #key: SigningKey;
  readonly #now: () => number;

  /** `now` returns milliseconds since the epoch (default `Date.now`; tests move time with it). */
  constructor(issuer: string, key: SigningKey, now: () => number = Date.now) {
    this.#issuer = issuer;
    this.#key = key;
    this.#now = now;
  }

  /** The issuer written into `iss`. */
  get issuer(): string {
    return this.#issuer;
  }

  /** Issues a token: `iat` = `nbf` = now, `exp` = now + lifetime, a fresh `jti`. */
  generateToken(input: TokenRequestInput): IssuedToken {
    const now = Math.floor(this.#now() / 1000);
    const exp = now + Math.floor(input.expirationSeconds);
    const bound = input.boundObject;
    const kubernetes: KubernetesClaim = {
      namespace: input.namespace,
      serviceaccount: { name: input.name, uid: input.uid },
      ...(bound?.kind === 'Pod' && { pod: { name: bound.name, uid: bound.uid } }),
      ...(bound?.kind === 'Secret' && { secret: { name: bound.name, uid: bound.uid } }),
      ...(bound?.kind === 'Node' && { node: { name: bound.name, uid: bound.uid } }),
    };
    const claims: ServiceAccountClaims = {
      aud: [...input.audiences],
      exp,
      iat: now,
      iss: this.#issuer,
      jti: randomUUID(),
      'kubernetes.io': kubernetes,
      nbf: now,
      sub: serviceAccountUsername(input.namespace, input.name),
    };
    return { token: signJWS(claims, this.#key.privateKey, this.#key.publicKey), expiresAt: new Date(exp * 1000), claims };
  }
}
