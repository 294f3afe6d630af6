import type { X509Certificate } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { TLSSocket } from 'node:tls';
import { AuthenticationError, type RequestAuthenticator } from './authenticator.js';
import { parseCertificateBundle, peerCertificates, subjectOf, verifyClientChain } from './client-cert-verify.js';
import type { UserInfo } from './user.js';

function asList(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/**
 * Client-certificate authentication (k8s `x509.CommonNameUserConversion`): the subject's CN is the user, its O
 * values the groups. Given a client CA (PEM), the certificate is verified against it alone (the TLS server may
 * request certificates against more CAs, e.g. the requestheader CA); without one, the TLS server's verification
 * against its CA is used. An unverified certificate is an authentication error.
 */
export class X509Authenticator implements RequestAuthenticator {
  readonly #roots: readonly X509Certificate[] | undefined;

  /** Verifies against `clientCA` (PEM bundle) when given; throws when it holds no certificate. */
  constructor(clientCA?: string) {
    this.#roots = clientCA === undefined ? undefined : parseCertificateBundle(clientCA);
  }

  /** Authenticates the peer certificate of a TLS connection; plain HTTP → no opinion. */
  authenticateRequest(request: IncomingMessage): UserInfo | undefined {
    const socket = request.socket;
    if (!(socket instanceof TLSSocket)) return undefined;
    if (this.#roots !== undefined) return this.#verified(request, this.#roots);
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
