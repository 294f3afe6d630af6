/**
 * Front-proxy (requestheader) authentication (k8s.io/apiserver `pkg/authentication/request/headerrequest` behind
 * `request/x509.Verifier`): a request whose TLS client certificate verifies against the requestheader client CA (and
 * carries an allowed CN, when names are configured) is the user named in its identity headers.
 * @module
 */
import type { X509Certificate } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { AuthenticationError, type RequestAuthenticator } from './authenticator.js';
import { CABundleRoots } from './ca-content.js';
import { peerCertificates, subjectOf, verifyClientChain } from './client-cert-verify.js';
import type { UserInfo } from './user.js';
import { unescapeExtraKey } from '../request/extra-key.js';

/** How a front proxy is trusted and where it puts the user (`--requestheader-*`). */
export interface RequestHeaderConfig {
  /** PEM bundle of the CA that signs the proxy's client certificate (`--requestheader-client-ca-file`'s content). */
  readonly clientCA: string;
  /** CNs the proxy's certificate may have; empty = any certificate the CA signed (`--requestheader-allowed-names`). */
  readonly allowedNames?: readonly string[];
  /** Headers holding the user name, the first non-empty wins (`--requestheader-username-headers`, default `X-Remote-User`). */
  readonly usernameHeaders?: readonly string[];
  /**
   * Headers holding the user's UID, the first non-empty wins (`--requestheader-uid-headers`; no default, as in
   * Kubernetes 1.32, where kube-apiserver accepts the flag only with the alpha `RemoteRequestHeaderUID` gate).
   */
  readonly uidHeaders?: readonly string[];
  /** Headers holding groups, every value of each (`--requestheader-group-headers`, default `X-Remote-Group`). */
  readonly groupHeaders?: readonly string[];
  /** Prefixes of extra headers (`--requestheader-extra-headers-prefix`, default `X-Remote-Extra-`). */
  readonly extraHeaderPrefixes?: readonly string[];
}

/** Upstream's defaults of the three header flags (`RequestHeaderAuthenticationOptions` as kube-apiserver and delegating servers set them). */
export const DEFAULT_REQUEST_HEADERS = {
  usernameHeaders: ['X-Remote-User'],
  groupHeaders: ['X-Remote-Group'],
  extraHeaderPrefixes: ['X-Remote-Extra-'],
} as const;

function distinct(request: IncomingMessage, header: string): string[] {
  return request.headersDistinct[header.toLowerCase()] ?? [];
}

/** The first non-empty value of the first header that has one. */
function firstValue(request: IncomingMessage, headers: readonly string[]): string {
  for (const header of headers) {
    const value = distinct(request, header)[0] ?? '';
    if (value !== '') return value;
  }
  return '';
}

/** The identity headers alone, without the certificate check (upstream `requestHeaderAuthRequestHandler`). */
export class RequestHeaderUserReader implements RequestAuthenticator {
  readonly #names: readonly string[];
  readonly #uids: readonly string[];
  readonly #groups: readonly string[];
  readonly #prefixes: readonly string[];

  /** Reads the given headers (upstream's defaults for the ones not given). */
  constructor(config: Omit<RequestHeaderConfig, 'clientCA' | 'allowedNames'> = {}) {
    this.#names = (config.usernameHeaders ?? DEFAULT_REQUEST_HEADERS.usernameHeaders).map((h) => h.toLowerCase());
    this.#uids = (config.uidHeaders ?? []).map((h) => h.toLowerCase());
    this.#groups = (config.groupHeaders ?? DEFAULT_REQUEST_HEADERS.groupHeaders).map((h) => h.toLowerCase());
    this.#prefixes = (config.extraHeaderPrefixes ?? DEFAULT_REQUEST_HEADERS.extraHeaderPrefixes).map((h) => h.toLowerCase());
  }

  /** No user header → no opinion; otherwise the user, and the identity headers are removed from the request. */
  authenticateRequest(request: IncomingMessage): UserInfo | undefined {
    const name = firstValue(request, this.#names);
    if (name === '') return undefined;
    const uid = firstValue(request, this.#uids);
    const groups = this.#groups.flatMap((header) => distinct(request, header).filter((v) => v !== ''));
    const extra: Record<string, string[]> = {};
    // Prefix by prefix, so values keep the prefixes' order.
    for (const prefix of this.#prefixes) {
      for (const [header, values] of Object.entries(request.headersDistinct)) {
        if (!header.startsWith(prefix) || values === undefined) continue;
        const key = unescapeExtraKey(header.slice(prefix.length));
        extra[key] = [...(extra[key] ?? []), ...values];
      }
    }
    this.#clear(request);
    return { name, uid, groups, extra };
  }

  /** Removes the identity headers (upstream `ClearAuthenticationHeaders`), so nothing downstream passes them on. */
  #clear(request: IncomingMessage): void {
    const identity = (header: string): boolean =>
      this.#names.includes(header) || this.#uids.includes(header) || this.#groups.includes(header) || this.#prefixes.some((p) => header.startsWith(p));
    for (const header of Object.keys(request.headers)) if (identity(header)) delete request.headers[header];
    for (const header of Object.keys(request.headersDistinct)) if (identity(header)) delete request.headersDistinct[header];
  }
}

/** Requestheader settings that may change while the server runs (kept current from the ConfigMap, for example). */
export interface RequestHeaderConfigProvider {
  /** The settings now; undefined when no requestheader CA is known (no request is then believed). */
  current(): RequestHeaderConfig | undefined;
  /** Calls `listener` after each change; returns a function removing it. */
  addListener(listener: () => void): () => void;
}

interface Verifier {
  readonly config: RequestHeaderConfig;
  readonly roots: CABundleRoots;
  readonly reader: RequestHeaderUserReader;
}

function verifierOf(config: RequestHeaderConfig): Verifier {
  return { config, roots: new CABundleRoots(config.clientCA), reader: new RequestHeaderUserReader(config) };
}

/**
 * The requestheader authenticator: no client certificate → no opinion; a certificate the CA did not sign or whose
 * CN is not allowed → an {@link AuthenticationError} (a 401 unless another authenticator accepts the request);
 * otherwise the user of the identity headers (no opinion without a user header). Given a provider, each request is
 * judged by the provider's current settings (no opinion while it has none).
 */
export class RequestHeaderAuthenticator implements RequestAuthenticator {
  readonly #provider: RequestHeaderConfigProvider | undefined;
  #verifier: Verifier | undefined;

  /** Builds the authenticator; throws when a fixed config's `clientCA` holds no certificate. */
  constructor(config: RequestHeaderConfig | RequestHeaderConfigProvider) {
    if ('current' in config) this.#provider = config;
    else this.#verifier = verifierOf(config);
  }

  /** Verifies the proxy's certificate, then reads the user. */
  authenticateRequest(request: IncomingMessage): UserInfo | undefined {
    const verifier = this.#current();
    if (verifier === undefined) return undefined;
    const chain = peerCertificates(request);
    if (chain.length === 0) return undefined;
    verifyClientChain(chain, verifier.roots.current() ?? []);
    const allowedNames = verifier.config.allowedNames ?? [];
    const { commonName } = subjectOf(chain[0] as X509Certificate);
    if (allowedNames.length > 0 && !allowedNames.includes(commonName)) {
      throw new AuthenticationError(`x509: subject with cn=${commonName} is not in the allowed list`);
    }
    return verifier.reader.authenticateRequest(request);
  }

  /** The verifier of the current settings, rebuilt when the provider hands out new ones. */
  #current(): Verifier | undefined {
    if (this.#provider === undefined) return this.#verifier;
    const config = this.#provider.current();
    if (config === undefined) return undefined;
    if (this.#verifier?.config !== config) this.#verifier = verifierOf(config);
    return this.#verifier;
  }
}
