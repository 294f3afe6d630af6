/**
 * Verifying a TLS peer's client certificate against one CA bundle (Go's `x509.Certificate.Verify` with
 * `ExtKeyUsageClientAuth`, as k8s.io/apiserver's x509 and requestheader authenticators call it): a TLS server may
 * request certificates against the union of several CAs, so each authenticator checks its own.
 * @module
 */
import { X509Certificate } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { TLSSocket } from 'node:tls';
import { AuthenticationError } from './authenticator.js';

const CLIENT_AUTH = '1.3.6.1.5.5.7.3.2';
const ANY_EXTENDED_KEY_USAGE = '2.5.29.37.0';
/** Longest chain tried (leaf, intermediates, root). */
const MAX_CHAIN = 8;

/** Bundles parsed lately, by their PEM text (a handful at most: the client and request-header CAs). */
const parsedBundles = new Map<string, readonly X509Certificate[]>();
/** How many parsed bundles {@link parseCertificateBundle} keeps; it forgets them all when one more comes. */
const PARSED_BUNDLES_LIMIT = 16;

/**
 * Parses every certificate of a PEM bundle; throws when there is none. The certificates of a bundle parsed before
 * are those parsed then (an `X509Certificate` does not change), in a new array: kube-lite's start-up parsed the
 * front-proxy CA three times (the request-header authenticators of the main server and the aggregator, and the
 * cluster authentication info).
 */
export function parseCertificateBundle(pem: string): X509Certificate[] {
  const known = parsedBundles.get(pem);
  if (known !== undefined) return [...known];
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  if (blocks.length === 0) throw new Error('data does not contain any valid RSA or ECDSA certificates');
  const certificates = blocks.map((block) => new X509Certificate(block));
  if (parsedBundles.size >= PARSED_BUNDLES_LIMIT) parsedBundles.clear();
  parsedBundles.set(pem, certificates);
  return [...certificates];
}

/** The peer's certificate chain as sent (leaf first), or empty when the request did not come over TLS with one. */
export function peerCertificates(request: IncomingMessage): X509Certificate[] {
  const socket = request.socket;
  if (!(socket instanceof TLSSocket)) return [];
  const chain: X509Certificate[] = [];
  let cert = socket.getPeerCertificate(true);
  const seen = new Set<string>();
  while (cert !== null && cert !== undefined && cert.raw !== undefined && !seen.has(cert.fingerprint256) && chain.length < MAX_CHAIN) {
    seen.add(cert.fingerprint256);
    chain.push(new X509Certificate(cert.raw));
    cert = cert.issuerCertificate;
  }
  return chain;
}

function current(cert: X509Certificate, now: number): boolean {
  return Date.parse(cert.validFrom) <= now && now <= Date.parse(cert.validTo);
}

function signedBy(cert: X509Certificate, issuer: X509Certificate): boolean {
  return cert.checkIssued(issuer) && cert.verify(issuer.publicKey);
}

/** Whether a path from `cert` through `intermediates` ends at one of `roots`. */
function chainsTo(cert: X509Certificate, intermediates: readonly X509Certificate[], roots: readonly X509Certificate[], now: number, depth: number): boolean {
  if (!current(cert, now)) throw new AuthenticationError('x509: certificate has expired or is not yet valid');
  if (roots.some((root) => cert.fingerprint256 === root.fingerprint256 || (signedBy(cert, root) && current(root, now)))) return true;
  if (depth >= MAX_CHAIN) return false;
  return intermediates.some((next) => next.ca && signedBy(cert, next) && chainsTo(next, intermediates, roots, now, depth + 1));
}

/**
 * Verifies `chain[0]` (intermediates after it) against `roots` for client authentication; throws an
 * {@link AuthenticationError} worded as Go's verification errors.
 */
export function verifyClientChain(chain: readonly X509Certificate[], roots: readonly X509Certificate[], now = Date.now()): void {
  const [leaf, ...intermediates] = chain;
  if (leaf === undefined) throw new AuthenticationError('x509: no certificate');
  if (!chainsTo(leaf, intermediates, roots, now, 0)) throw new AuthenticationError('x509: certificate signed by unknown authority');
  const usages = leaf.keyUsage;
  if (usages !== undefined && !usages.includes(CLIENT_AUTH) && !usages.includes(ANY_EXTENDED_KEY_USAGE)) {
    throw new AuthenticationError('x509: certificate specifies an incompatible key usage');
  }
}

/** The subject's first CN and its O values, read from the certificate's subject text. */
export function subjectOf(cert: X509Certificate): { commonName: string; organizations: string[] } {
  let commonName: string | undefined;
  const organizations: string[] = [];
  for (const line of cert.subject.split('\n')) {
    const eq = line.indexOf('=');
    const key = line.slice(0, eq);
    const value = line.slice(eq + 1);
    if (key === 'CN' && commonName === undefined) commonName = value;
    if (key === 'O') organizations.push(value);
  }
  return { commonName: commonName ?? '', organizations };
}
