/**
 * Service account issuer discovery (kube-apiserver's `ServiceAccountIssuerDiscovery`, GA in 1.21): the OpenID
 * Connect provider configuration served at `/.well-known/openid-configuration` and the JSON Web Key Set of the keys
 * verifying service account tokens served at `/openid/v1/jwks`, rendered once as upstream renders them (Go's
 * encoding/json with its HTML escaping; JWK members in go-jose's order).
 */
import type { KeyObject } from 'node:crypto';
import { escapeGoJSON } from '@apiserver/runtime';
import { algorithmOf, keyIDOf } from './jws.js';

/** Path of the OpenID provider configuration document. */
export const OPENID_CONFIG_PATH = '/.well-known/openid-configuration';

/** Path of the JSON Web Key Set. */
export const JWKS_PATH = '/openid/v1/jwks';

/** The rendered documents. */
export interface OpenIDMetadata {
  /** The provider configuration (`issuer`, `jwks_uri`, response and subject types, signing algorithms). */
  readonly configJSON: string;
  /** The key set (`{"keys": [...]}`), public keys only. */
  readonly keysetJSON: string;
}

/** What the documents are rendered from. */
export interface OpenIDMetadataOptions {
  /** The issuer written into tokens (`--service-account-issuer`, the first one). */
  readonly issuerURL: string;
  /** `--service-account-jwks-uri`; when empty, `https://<external address>/openid/v1/jwks`. */
  readonly jwksURI?: string;
  /**
   * The server's external address, `host:port` (upstream's `ExternalAddress`), asked when the documents are first
   * rendered (a server listening on port 0 knows its port only then).
   */
  readonly externalAddress?: () => string | undefined;
  /** The keys verifying service account tokens. */
  readonly publicKeys: readonly KeyObject[];
}

/** The scheme of `url` (lower case, as Go's url.Parse reports it), or '' when it has none. */
function schemeOf(url: string): string {
  return /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(url)?.[1]?.toLowerCase() ?? '';
}

/** Checks the issuer as the OIDC discovery spec wants it: https, no query, no fragment (upstream's messages). */
function checkIssuer(issuerURL: string): void {
  if (issuerURL === '') throw new Error('empty issuer URL');
  if (schemeOf(issuerURL) !== 'https') throw new Error(`issuer URL must use https scheme, got: ${issuerURL}`);
  const withoutFragment = issuerURL.split('#')[0] ?? '';
  if (/\?./.test(withoutFragment)) throw new Error(`issuer URL may not include a query, got: ${issuerURL}`);
  if (/#./.test(issuerURL)) throw new Error(`issuer URL may not include a fragment, got: ${issuerURL}`);
}

/** A public key as a JWK, members in go-jose's order (`use`, `kty`, `kid`, `crv`, `alg`, `x`, `y`, `n`, `e`). */
function publicJWK(key: KeyObject): Record<string, string> {
  const alg = algorithmOf(key);
  const jwk = key.export({ format: 'jwk' });
  const base = { use: 'sig', kty: String(jwk.kty), kid: keyIDOf(key) };
  if (jwk.kty === 'EC') return { ...base, crv: String(jwk.crv), alg, x: String(jwk.x), y: String(jwk.y) };
  return { ...base, alg, n: String(jwk.n), e: String(jwk.e) };
}

/** The key set's entries: each key once (by key id), in the order given. */
function keySet(publicKeys: readonly KeyObject[]): Record<string, string>[] {
  const byKeyID = new Map<string, Record<string, string>>();
  for (const key of publicKeys) {
    const jwk = publicJWK(key);
    if (!byKeyID.has(jwk.kid ?? '')) byKeyID.set(jwk.kid ?? '', jwk);
  }
  return [...byKeyID.values()];
}

/**
 * The discovery documents of a service account issuer (upstream's `NewOpenIDMetadataProvider`). The constructor
 * throws with upstream's message where upstream's does: an issuer that is not an https URL or has a query or
 * fragment, a JWKS URI that is not https, neither a JWKS URI nor an external address, no keys. The documents are
 * rendered on first read.
 */
export class OpenIDMetadataProvider {
  readonly #options: OpenIDMetadataOptions;
  readonly #keys: readonly Record<string, string>[];
  #metadata: OpenIDMetadata | undefined;

  /** Checks `o` (see the class). */
  constructor(o: OpenIDMetadataOptions) {
    checkIssuer(o.issuerURL);
    if (o.jwksURI !== undefined && o.jwksURI !== '') {
      if (schemeOf(o.jwksURI) !== 'https') throw new Error(`jwksURI requires https scheme, parsed as: ${o.jwksURI}`);
    } else if (o.externalAddress === undefined) {
      throw new Error('either the JWKS URI or the default external address, or both, must be set');
    }
    if (o.publicKeys.length === 0) throw new Error('no keys provided for validating keyset');
    this.#options = o;
    this.#keys = keySet(o.publicKeys);
  }

  /** The rendered documents; throws when the JWKS URI is to be built from an external address that is not known. */
  get metadata(): OpenIDMetadata {
    this.#metadata ??= this.#render();
    return this.#metadata;
  }

  /** The JWKS URI: the one given, or one on the external address. */
  #jwksURI(): string {
    const o = this.#options;
    if (o.jwksURI !== undefined && o.jwksURI !== '') return o.jwksURI;
    const address = o.externalAddress?.();
    if (address === undefined || address === '') throw new Error('attempted to build jwks_uri from external address , but could not construct a valid URL. Error: empty address');
    return `https://${address}${JWKS_PATH}`;
  }

  #render(): OpenIDMetadata {
    const config = {
      issuer: this.#options.issuerURL,
      jwks_uri: this.#jwksURI(),
      response_types_supported: ['id_token'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: [...new Set(this.#keys.map((k) => k.alg ?? ''))].sort(),
    };
    return { configJSON: escapeGoJSON(JSON.stringify(config)), keysetJSON: escapeGoJSON(JSON.stringify({ keys: this.#keys })) };
  }
}
