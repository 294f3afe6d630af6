/**
 * A signing CA and the client certificates it issues (k8s `certutil.NewSelfSignedCACert` and a client-auth leaf as
 * kubeadm's front-proxy certificates): what a server that proxies to aggregated servers presents to them when no
 * `--proxy-client-cert-file` is given.
 * @module
 */
import { createPrivateKey, generateKeyPairSync, X509Certificate } from 'node:crypto';
import { name, oid, seq, signCertificate, tlv } from './x509-der.js';
import type { CertKeyPair } from './self-signed.js';

const DAY_MILLIS = 86_400_000;
/** Upstream's clock-skew allowance on the start of validity. */
const SKEW_MILLIS = 3_600_000;

const critical = (): Buffer => tlv(0x01, Buffer.from([0xff]));

/** Creates a self-signed P-256 CA (CA:true, keyCertSign|digitalSignature|keyEncipherment) valid for `days` (default 3650, upstream's ten years). */
export function generateCACertKey(commonName: string, days = 3650): CertKeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const notBefore = new Date(Date.now() - SKEW_MILLIS);
  const basicConstraints = seq(oid('2.5.29.19'), critical(), tlv(0x04, seq(critical())));
  const keyUsage = seq(oid('2.5.29.15'), critical(), tlv(0x04, tlv(0x03, Buffer.from([0x02, 0xa4]))));
  const subject = name(commonName);
  const cert = signCertificate(
    { subject, issuer: subject, notBefore, notAfter: new Date(notBefore.getTime() + days * DAY_MILLIS), publicKey, extensions: tlv(0xa3, seq(basicConstraints, keyUsage)) },
    privateKey,
  );
  return { cert, key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
}

/** The subject of a client certificate. */
export interface ClientSubject {
  /** The CN (the user name a client-certificate authenticator sees). */
  readonly commonName: string;
  /** The O values (its groups). */
  readonly organizations?: readonly string[];
}

/** Issues a P-256 client certificate (digitalSignature|keyEncipherment, clientAuth) signed by `ca`, valid for `days` (default 365). */
export function generateClientCertKey(ca: CertKeyPair, subject: ClientSubject, days = 365): CertKeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const issuer = new X509Certificate(ca.cert);
  const notBefore = new Date(Date.now() - SKEW_MILLIS);
  const keyUsage = seq(oid('2.5.29.15'), critical(), tlv(0x04, tlv(0x03, Buffer.from([0x05, 0xa0]))));
  const extKeyUsage = seq(oid('2.5.29.37'), tlv(0x04, seq(oid('1.3.6.1.5.5.7.3.2'))));
  const cert = signCertificate(
    {
      subject: name(subject.commonName, subject.organizations),
      issuer: issuer.raw.subarray(...issuerNameRange(issuer.raw)),
      notBefore,
      notAfter: new Date(notBefore.getTime() + days * DAY_MILLIS),
      publicKey,
      extensions: tlv(0xa3, seq(keyUsage, extKeyUsage)),
    },
    createPrivateKey(ca.key),
  );
  return { cert, key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
}

/** Start and end of one DER element's header+content at `offset`. */
function elementEnd(der: Buffer, offset: number): { contentStart: number; end: number } {
  const first = der[offset + 1] ?? 0;
  if (first < 0x80) return { contentStart: offset + 2, end: offset + 2 + first };
  const count = first & 0x7f;
  let length = 0;
  for (let i = 0; i < count; i++) length = length * 256 + (der[offset + 2 + i] ?? 0);
  return { contentStart: offset + 2 + count, end: offset + 2 + count + length };
}

/** The byte range of the subject name in a certificate's DER (the issuer name of what it signs). */
function issuerNameRange(der: Buffer): [number, number] {
  const tbs = elementEnd(der, 0).contentStart;
  let at = elementEnd(der, tbs).contentStart;
  // version [0], serial, signature algorithm, issuer, validity, then the subject.
  if (der[at] === 0xa0) at = elementEnd(der, at).end;
  for (let skip = 0; skip < 4; skip++) at = elementEnd(der, at).end;
  return [at, elementEnd(der, at).end];
}
