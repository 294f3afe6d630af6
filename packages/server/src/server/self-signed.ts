import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join } from 'node:path';
import { ipBytes, name, oid, seq, signCertificate, tlv } from './x509-der.js';

export { certificateSerial } from './x509-der.js';

/** A PEM certificate and its PEM (PKCS#8) private key. */
export interface CertKeyPair {
  /** The certificate, PEM. */
  readonly cert: string;
  /** The private key, PEM. */
  readonly key: string;
}

/** Options of {@link generateSelfSignedCertKey}. */
export interface SelfSignedOptions {
  /** The subject and issuer common name (default the first host). */
  readonly commonName?: string;
  /** Host names and IP addresses for the subjectAltName (default `localhost`, `127.0.0.1`, `::1`). */
  readonly hosts?: readonly string[];
  /** Validity in days (default 365). */
  readonly days?: number;
  /** The start of validity (default now minus one hour, as upstream's clock-skew allowance). */
  readonly notBefore?: Date;
}

function extensions(hosts: readonly string[]): Buffer {
  const altNames = hosts.map((h) => (isIP(h) === 0 ? tlv(0x82, Buffer.from(h)) : tlv(0x87, ipBytes(h))));
  const basicConstraints = seq(oid('2.5.29.19'), tlv(0x01, Buffer.from([0xff])), tlv(0x04, seq(tlv(0x01, Buffer.from([0xff])))));
  const keyUsage = seq(oid('2.5.29.15'), tlv(0x01, Buffer.from([0xff])), tlv(0x04, tlv(0x03, Buffer.from([0x02, 0xa4]))));
  const extKeyUsage = seq(oid('2.5.29.37'), tlv(0x04, seq(oid('1.3.6.1.5.5.7.3.1'))));
  const san = seq(oid('2.5.29.17'), tlv(0x04, seq(...altNames)));
  return tlv(0xa3, seq(basicConstraints, keyUsage, extKeyUsage, san));
}

/**
 * Creates a self-signed ECDSA P-256 serving certificate (CA:true, serverAuth) for the given
 * hosts (k8s `certutil.GenerateSelfSignedCertKey`, with a P-256 key instead of RSA 2048).
 */
export function generateSelfSignedCertKey(options: SelfSignedOptions = {}): CertKeyPair {
  const hosts = options.hosts ?? ['localhost', '127.0.0.1', '::1'];
  const commonName = options.commonName ?? hosts[0] ?? 'localhost';
  const notBefore = options.notBefore ?? new Date(Date.now() - 3_600_000);
  const notAfter = new Date(notBefore.getTime() + (options.days ?? 365) * 86_400_000);
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const subject = name(commonName);
  const cert = signCertificate({ subject, issuer: subject, notBefore, notAfter, publicKey, extensions: extensions(hosts) }, privateKey);
  return { cert, key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
}

/** The files of a serving certificate pair. */
export interface CertKeyFiles {
  /** The PEM certificate file. */
  readonly certFile: string;
  /** The PEM private key file. */
  readonly keyFile: string;
}

/**
 * Writes `apiserver.crt` / `apiserver.key` into `dir` unless both exist (kube-apiserver's
 * `MaybeDefaultWithSelfSignedCerts`); returns the two paths.
 */
export function maybeSelfSignedCertKey(dir: string, options: SelfSignedOptions = {}): CertKeyFiles {
  const certFile = join(dir, 'apiserver.crt');
  const keyFile = join(dir, 'apiserver.key');
  if (existsSync(certFile) && existsSync(keyFile)) return { certFile, keyFile };
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const pair = generateSelfSignedCertKey(options);
  writeFileSync(keyFile, pair.key, { mode: 0o600 });
  writeFileSync(certFile, pair.cert);
  return { certFile, keyFile };
}
