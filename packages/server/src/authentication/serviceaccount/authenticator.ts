/**
 * Authenticates service account tokens (pkg/serviceaccount/jwt.go `JWTTokenAuthenticator` with the
 * `validator` of claims.go): a bearer JWT from one of our issuers, signed by one of our keys, not expired, for
 * one of the API audiences, naming a service account that still exists with the same UID.
 */
import type { IncomingMessage } from 'node:http';
import { goQuote } from '@apiserver/runtime';
import type { KeyObject } from 'node:crypto';
import { AuthenticationError, type RequestAuthenticator } from '../authenticator.js';
import type { UserInfo } from '../user.js';
import { isServiceAccountClaims, type ServiceAccountClaims, serviceAccountGroups, serviceAccountUsername } from './claims.js';
import { JWSError, looksLikeJWS, parseJWS, verifyJWS } from './jws.js';

/** A service account as the authenticator needs it: just its UID. */
export interface ServiceAccountRecord {
  /** The service account's UID. */
  readonly uid: string;
}

/** Finds a service account (`undefined` when it does not exist). */
export type ServiceAccountLookup = (namespace: string, name: string) => Promise<ServiceAccountRecord | undefined>;

/** What the authenticator accepts. */
export interface ServiceAccountTokenAuthenticatorOptions {
  /** Issuers whose tokens are ours (`--service-account-issuer`, repeatable); other JWTs get no opinion. */
  readonly issuers: readonly string[];
  /** Keys that verify signatures. */
  readonly publicKeys: readonly KeyObject[];
  /** `--api-audiences`: a token must carry one of them (default: the issuers). */
  readonly apiAudiences?: readonly string[];
  /** Looks the service account up; absent or another UID → the token is refused. */
  readonly lookup: ServiceAccountLookup;
  /** Milliseconds since the epoch (default `Date.now`). */
  readonly now?: () => number;
}

/** A token authenticated for some audiences: its user, and which of those audiences the token carries. */
export interface AudiencedUser {
  /** The service account's user. */
  readonly user: UserInfo;
  /** The token's audiences that were asked for (in the token's order). */
  readonly audiences: readonly string[];
}

/** Tolerated clock skew for `exp`/`nbf`/`iat`, as go-jose's default leeway. */
const LEEWAY_SECONDS = 60;

function bearerToken(request: IncomingMessage): string | undefined {
  const header = (request.headers.authorization ?? '').trim();
  const parts = header.split(' ');
  if (parts.length < 2 || parts[0]?.toLowerCase() !== 'bearer') return undefined;
  const token = parts[1] ?? '';
  return token === '' ? undefined : token;
}

/** Service account JWT authentication. */
export class ServiceAccountTokenAuthenticator implements RequestAuthenticator {
  readonly #issuers: ReadonlySet<string>;
  readonly #keys: readonly KeyObject[];
  readonly #audiences: readonly string[];
  readonly #lookup: ServiceAccountLookup;
  readonly #now: () => number;

  /** Creates the authenticator. */
  constructor(options: ServiceAccountTokenAuthenticatorOptions) {
    this.#issuers = new Set(options.issuers);
    this.#keys = options.publicKeys;
    this.#audiences = options.apiAudiences !== undefined && options.apiAudiences.length > 0 ? options.apiAudiences : options.issuers;
    this.#lookup = options.lookup;
    this.#now = options.now ?? Date.now;
  }

  /** No bearer JWT, or a JWT of another issuer → no opinion; an invalid token of ours → AuthenticationError. */
  async authenticateRequest(request: IncomingMessage): Promise<UserInfo | undefined> {
    const token = bearerToken(request);
    if (token === undefined || !looksLikeJWS(token)) return undefined;
    return this.authenticateToken(token);
  }

  /** Validates one token (as `authenticateRequest`, without the header parsing). */
  async authenticateToken(token: string): Promise<UserInfo | undefined> {
    return (await this.authenticateTokenFor(token, this.#audiences))?.user;
  }

  /**
   * Validates one token for `audiences` (a TokenReview's `spec.audiences`; the API audiences when it names none): the
   * token must carry one of them, and the answer lists those it carries, as upstream's authenticator does with the
   * audiences of its request context.
   */
  async authenticateTokenFor(token: string, audiences: readonly string[]): Promise<AudiencedUser | undefined> {
    let jws: ReturnType<typeof parseJWS>;
    try {
      jws = parseJWS(token);
    } catch {
      return undefined;
    }
    const claims = jws.payload;
    const iss = typeof claims === 'object' && claims !== null ? Reflect.get(claims, 'iss') : undefined;
    if (typeof iss !== 'string' || !this.#issuers.has(iss)) return undefined;
    try {
      if (!verifyJWS(jws, this.#keys)) throw new AuthenticationError('invalid bearer token, service account token signature is invalid');
    } catch (err) {
      if (err instanceof JWSError) throw new AuthenticationError(`invalid bearer token, ${err.message}`);
      throw err;
    }
    if (!isServiceAccountClaims(claims)) throw new AuthenticationError('invalid bearer token, service account token claims are malformed');
    this.#checkTimes(claims);
    const granted = audiencesOf(claims, audiences);
    return { user: await this.#userOf(claims), audiences: granted };
  }

  #checkTimes(claims: ServiceAccountClaims): void {
    const now = this.#now() / 1000;
    if (now > claims.exp + LEEWAY_SECONDS) throw new AuthenticationError('service account token has expired');
    if (claims.nbf !== undefined && now < claims.nbf - LEEWAY_SECONDS) throw new AuthenticationError('service account token is not valid yet');
  }

  async #userOf(claims: ServiceAccountClaims): Promise<UserInfo> {
    const k8s = claims['kubernetes.io'];
    const { namespace } = k8s;
    const { name, uid } = k8s.serviceaccount;
    if (claims.sub !== serviceAccountUsername(namespace, name)) throw new AuthenticationError('service account token subject does not match its kubernetes.io claim');
    const sa = await this.#lookup(namespace, name);
    if (sa === undefined) throw new AuthenticationError(`serviceaccounts "${name}" not found`);
    if (sa.uid !== uid) throw new AuthenticationError(`service account UID (${sa.uid}) does not match claim (${uid})`);
    return { name: claims.sub, uid, groups: serviceAccountGroups(namespace) };
  }
}

/** The token's audiences among `wanted`; none is an AuthenticationError naming both lists. */
function audiencesOf(claims: ServiceAccountClaims, wanted: readonly string[]): string[] {
  const aud = typeof claims.aud === 'string' ? [claims.aud] : claims.aud;
  const granted = aud.filter((a) => wanted.includes(a));
  if (granted.length === 0) {
    throw new AuthenticationError(`token audiences ${quotedList(aud)} is invalid for the target audiences ${quotedList(wanted)}`);
  }
  return granted;
}

/** A string list as Go's `%q` prints a `[]string`: `["a" "b"]`. */
function quotedList(list: readonly string[]): string {
  return `[${list.map((a) => goQuote(a)).join(' ')}]`;
}
