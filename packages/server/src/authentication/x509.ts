import type { X509Certificate } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { TLSSocket } from 'node:tls';
import { AuthenticationError, type RequestAuthenticator } from './authenticator.js';
import { CABundleRoots, type CAContentProvider } from './ca-content.js';
import { peerCertificates, subjectOf, verifyClientChain } from './client-cert-verify.js';
import type { UserInfo } from './user.js';

function asList(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/**
 * Client-certificate authentication (k8s `x509.CommonNameUserConversion`): the subject's CN is the user, its O
 * values the groups. Given a client CA (PEM), the certificate is verified against it alone (the TLS server may
 * request certificates against more CAs, e.g. the requestheader CA); without one, the TLS server's verification
 * against its CA is used. An unverified certificate is an authentication error. A {@link CAContentProvider} is read
 * per request; while it knows no bundle, certificates get no opinion (upstream fails closed the same way).
 */
export class X509Authenticator implements RequestAuthenticator {
  readonly #roots: CABundleRoots | undefined;

  /** Verifies against `clientCA` (PEM bundle or provider) when given; throws when a fixed bundle holds no certificate. */
  constructor(clientCA?: string | CAContentProvider) {
    this.#roots = clientCA === undefined ? undefined : new CABundleRoots(clientCA);
  }

  /** Authenticates the peer certificate of a TLS connection; plain HTTP → no opinion. */
  authenticateRequest(request: IncomingMessage): UserInfo | undefined {
    const socket = request.socket;
    if (!(socket instanceof TLSSocket)) return undefined;
    if (this.#roots !== undefined) {
      const roots = this.#roots.current();
      return roots === undefined ? undefined : this.#verified(request, roots);
    }
    const cert = socket.getPeerCertificate();
    if (cert === null || Object.keys(cert).length === 0) return undefined;
    if (!socket.authorized) {
      throw new AuthenticationError(`verifying certificate failed: ${String(socket.authorizationError)}`);
    }
    const name = asList(cert.subject.CN)[0] ?? '';
    if (name === '') throw new AuthenticationError('x509: certificate has no common name');
    return { name, uid: '', groups: asList(cert.subject.O) };
  }

  #verified(request: IncomingMessage, roots: readonly X509Certificate[]): UserInfo | undefined {
    const chain = peerCertificates(request);
    if (chain.length === 0) return undefined;
    verifyClientChain(chain, roots);
    const { commonName, organizations } = subjectOf(chain[0] as X509Certificate);
    if (commonName === '') throw new AuthenticationError('x509: certificate has no common name');
    return { name: commonName, uid: '', groups: organizations };
  }
}
