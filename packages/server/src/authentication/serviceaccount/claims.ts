/**
 * The claims of a service account token (pkg/serviceaccount/claims.go): registered JWT claims plus the private
 * `kubernetes.io` claim naming the namespace, the service account and an optional bound object.
 */
import { nameIsDNSLabel, nameIsDNSSubdomain } from '@apiserver/runtime';

/** Prefix of every service account user name (`system:serviceaccount:<ns>:<name>`). */
export const SERVICE_ACCOUNT_USERNAME_PREFIX = 'system:serviceaccount:';
/** The group of every service account. */
export const ALL_SERVICE_ACCOUNTS_GROUP = 'system:serviceaccounts';
/** The default issuer of kube-lite's tokens (`--service-account-issuer`). */
export const DEFAULT_SERVICE_ACCOUNT_ISSUER = 'https://kubernetes.default.svc.cluster.local';

/** A reference to a named object with its UID (`kubernetes.io.serviceaccount`, `.pod`, `.secret`). */
export interface ClaimReference {
  /** Object name. */
  readonly name: string;
  /** Object UID. */
  readonly uid: string;
}

/** The private `kubernetes.io` claim. */
export interface KubernetesClaim {
  /** Namespace of the service account. */
  readonly namespace: string;
  /** The service account. */
  readonly serviceaccount: ClaimReference;
  /** The pod the token is bound to. */
  readonly pod?: ClaimReference;
  /** The secret the token is bound to. */
  readonly secret?: ClaimReference;
  /** The node the token is bound to. */
  readonly node?: ClaimReference;
}

/** The claims of a service account token. */
export interface ServiceAccountClaims {
  /** Intended audiences (a single string is allowed on input, as RFC 7519 permits). */
  readonly aud: readonly string[] | string;
  /** Expiry (seconds since the epoch). */
  readonly exp: number;
  /** Issue time (seconds since the epoch). */
  readonly iat: number;
  /** Issuer. */
  readonly iss: string;
  /** Unique token id. */
  readonly jti: string;
  /** The Kubernetes claim. */
  readonly 'kubernetes.io': KubernetesClaim;
  /** Not valid before (seconds since the epoch). */
  readonly nbf: number;
  /** Subject: `system:serviceaccount:<ns>:<name>`. */
  readonly sub: string;
}

/** The user name of a service account (`serviceaccount.MakeUsername`). */
export function serviceAccountUsername(namespace: string, name: string): string {
  return `${SERVICE_ACCOUNT_USERNAME_PREFIX}${namespace}:${name}`;
}

/** The groups of a service account in `namespace` (`serviceaccount.MakeGroupNames`). */
export function serviceAccountGroups(namespace: string): string[] {
  return [ALL_SERVICE_ACCOUNTS_GROUP, `${ALL_SERVICE_ACCOUNTS_GROUP}:${namespace}`];
}

/**
 * Splits a service account user name into namespace and name (`serviceaccount.SplitUsername`); `undefined` for any
 * other user name, including one whose namespace is not a DNS label or whose name is not a DNS subdomain.
 */
export function splitServiceAccountUsername(username: string): { namespace: string; name: string } | undefined {
  if (!username.startsWith(SERVICE_ACCOUNT_USERNAME_PREFIX)) return undefined;
  const parts = username.slice(SERVICE_ACCOUNT_USERNAME_PREFIX.length).split(':');
  if (parts.length !== 2) return undefined;
  const [namespace = '', name = ''] = parts;
  if (nameIsDNSLabel(namespace, false).length > 0 || nameIsDNSSubdomain(name, false).length > 0) return undefined;
  return { namespace, name };
}

function isReference(value: unknown): value is ClaimReference {
  return typeof value === 'object' && value !== null && typeof Reflect.get(value, 'name') === 'string' && typeof Reflect.get(value, 'uid') === 'string';
}

/** Whether a decoded JWT payload has the shape of service account claims (types only; validity is checked later). */
export function isServiceAccountClaims(value: unknown): value is ServiceAccountClaims {
  if (typeof value !== 'object' || value === null) return false;
  const get = (k: string): unknown => Reflect.get(value, k);
  const k8s = get('kubernetes.io');
  const aud = get('aud');
  return (
    typeof get('iss') === 'string' &&
    typeof get('sub') === 'string' &&
    typeof get('exp') === 'number' &&
    (get('nbf') === undefined || typeof get('nbf') === 'number') &&
    (typeof aud === 'string' || (Array.isArray(aud) && aud.every((a) => typeof a === 'string'))) &&
    typeof k8s === 'object' &&
    k8s !== null &&
    typeof Reflect.get(k8s, 'namespace') === 'string' &&
    isReference(Reflect.get(k8s, 'serviceaccount'))
  );
}
