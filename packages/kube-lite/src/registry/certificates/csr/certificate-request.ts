/**
 * PKCS#10 certificate requests as upstream checks them (pkg/apis/certificates `ParseCSR`, Go's
 * `x509.ParseCertificateRequest` and `CertificateRequest.CheckSignature`): the first PEM block must be a
 * `CERTIFICATE REQUEST` whose DER parses, and its signature must verify with its own public key (RSA PKCS#1
 * v1.5, ECDSA or Ed25519; SHA-1 allowed, as Go allows it for requests).
 * @module
 */
import { createPublicKey, type KeyObject, verify } from 'node:crypto';
import { DER_TAG, DerSyntaxError, expectElement, oidOf } from './der.js';
import { decodePemBlocks } from './pem.js';

/** Signature algorithms by OID: the digest node:crypto verifies with (null: none, Ed25519) and the key type. */
const SIGNATURE_ALGORITHMS: Readonly<Record<string, { hash: string | null; key: 'rsa' | 'ec' | 'ed25519' }>> = {
  '1.2.840.113549.1.1.5': { hash: 'sha1', key: 'rsa' },
  '1.2.840.113549.1.1.11': { hash: 'sha256', key: 'rsa' },
  '1.2.840.113549.1.1.12': { hash: 'sha384', key: 'rsa' },
  '1.2.840.113549.1.1.13': { hash: 'sha512', key: 'rsa' },
  '1.2.840.10045.4.1': { hash: 'sha1', key: 'ec' },
  '1.2.840.10045.4.3.2': { hash: 'sha256', key: 'ec' },
  '1.2.840.10045.4.3.3': { hash: 'sha384', key: 'ec' },
  '1.2.840.10045.4.3.4': { hash: 'sha512', key: 'ec' },
  '1.3.101.112': { hash: null, key: 'ed25519' },
};

const UNIMPLEMENTED = 'x509: cannot verify signature: algorithm unimplemented';
const VERIFY_FAILURE: Readonly<Record<string, string>> = {
  rsa: 'crypto/rsa: verification error',
  ec: 'x509: ECDSA verification failure',
  ed25519: 'x509: Ed25519 verification failure',
};

const GO_KEY_TYPES: Readonly<Record<string, string>> = { rsa: '*rsa.PublicKey', ec: '*ecdsa.PublicKey', ed25519: 'ed25519.PublicKey' };
const GO_ALGORITHM_NAMES: Readonly<Record<string, string>> = { rsa: 'RSA', ec: 'ECDSA', ed25519: 'Ed25519' };

/** The parts of a parsed request the signature check needs. */
export interface CertificateRequest {
  /** DER of CertificationRequestInfo (what is signed). */
  readonly rawTBS: Buffer;
  /** DER of the subject Name. */
  readonly rawSubject: Buffer;
  /** DER of SubjectPublicKeyInfo. */
  readonly rawPublicKeyInfo: Buffer;
  /** Signature algorithm OID. */
  readonly signatureAlgorithm: string;
  /** Signature bytes. */
  readonly signature: Buffer;
}

/** Parses the DER of a CertificationRequest; throws with Go's asn1 wording when malformed. */
export function parseCertificateRequestDER(der: Buffer): CertificateRequest {
  const outer = expectElement(der, 0, DER_TAG.SEQUENCE);
  if (outer.end !== der.length) throw new DerSyntaxError('trailing data');
  const tbs = expectElement(der, outer.contentStart, DER_TAG.SEQUENCE, outer.end);
  const version = expectElement(der, tbs.contentStart, DER_TAG.INTEGER, tbs.end);
  const subject = expectElement(der, version.end, DER_TAG.SEQUENCE, tbs.end);
  const spki = expectElement(der, subject.end, DER_TAG.SEQUENCE, tbs.end);
  if (spki.end < tbs.end) expectElement(der, spki.end, DER_TAG.CONTEXT_0, tbs.end);
  const algorithm = expectElement(der, tbs.end, DER_TAG.SEQUENCE, outer.end);
  const oid = expectElement(der, algorithm.contentStart, DER_TAG.OID, algorithm.end);
  const signature = expectElement(der, algorithm.end, DER_TAG.BIT_STRING, outer.end);
  if (signature.end !== outer.end) throw new DerSyntaxError('trailing data');
  if (signature.end - signature.contentStart < 1) throw new DerSyntaxError('zero length BIT STRING');
  return {
    rawTBS: der.subarray(tbs.start, tbs.end),
    rawSubject: der.subarray(subject.start, subject.end),
    rawPublicKeyInfo: der.subarray(spki.start, spki.end),
    signatureAlgorithm: oidOf(der, oid),
    signature: der.subarray(signature.contentStart + 1, signature.end),
  };
}

function publicKeyOf(req: CertificateRequest): KeyObject | undefined {
  try {
    return createPublicKey({ key: req.rawPublicKeyInfo, format: 'der', type: 'spki' });
  } catch {
    return undefined;
  }
}

/** `CheckSignature`: undefined when the request's signature verifies, else Go's error text. */
export function checkSignature(req: CertificateRequest): string | undefined {
  const algorithm = SIGNATURE_ALGORITHMS[req.signatureAlgorithm];
  const key = publicKeyOf(req);
  if (algorithm === undefined || key === undefined) return UNIMPLEMENTED;
  const keyType = key.asymmetricKeyType ?? '';
  if (keyType !== algorithm.key) {
    const goType = GO_KEY_TYPES[keyType];
    return goType === undefined ? UNIMPLEMENTED : `x509: signature algorithm specifies an ${GO_ALGORITHM_NAMES[algorithm.key]} public key, but have public key of type ${goType}`;
  }
  let ok = false;
  try {
    ok = verify(algorithm.hash, req.rawTBS, key, req.signature);
  } catch {
    ok = false;
  }
  return ok ? undefined : VERIFY_FAILURE[algorithm.key];
}

/** `validateCSR`: undefined for a PEM CERTIFICATE REQUEST that parses and whose signature verifies, else the error. */
export function certificateRequestError(pem: string): string | undefined {
  const block = decodePemBlocks(pem)[0];
  if (block === undefined || block.type !== 'CERTIFICATE REQUEST') return 'PEM block type must be CERTIFICATE REQUEST';
  try {
    return checkSignature(parseCertificateRequestDER(block.bytes));
  } catch (err) {
    return err instanceof DerSyntaxError ? err.message : String(err);
  }
}
