import type { IncomingMessage } from 'node:http';
import { TLSSocket } from 'node:tls';
import { AuthenticationError, type RequestAuthenticator } from './authenticator.js';
import type { UserInfo } from './user.js';

function asList(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/**
 * Client-certificate authentication (k8s `x509.CommonNameUserConversion`): the subject's
 * CN is the user, its O values the groups. The TLS server must request certificates
 * against the client CA; an unverified certificate is an authentication error.
 */
export class X509Authenticator implements RequestAuthenticator {
  /** Authenticates the peer certificate of a TLS connection; plain HTTP → no opinion. */
  authenticateRequest(request: IncomingMessage): UserInfo | undefined {
    const socket = request.socket;
    if (!(socket instanceof TLSSocket)) return undefined;
    const cert = socket.getPeerCertificate();
    if (cert === null || Object.keys(cert).length === 0) return undefined;
    if (!socket.authorized) {
      throw new AuthenticationError(`verifying certificate failed: ${String(socket.authorizationError)}`);
    }
    const name = asList(cert.subject.CN)[0] ?? '';
    if (name === '') throw new AuthenticationError('x509: certificate has no common name');
    return { name, uid: '', groups: asList(cert.subject.O) };
  }
}
