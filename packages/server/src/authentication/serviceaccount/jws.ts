/**
 * Compact JWS (RFC 7515) signing and verification with node:crypto for the two algorithms service account
 * tokens use here: RS256 (RSA keys) and ES256 (P-256 keys, raw `r||s` signatures).
 */
import { createHash, type KeyObject, sign, verify } from 'node:crypto';

/** A token that is not a well-formed JWS, or whose signature or algorithm is not acceptable. */
export class JWSError extends Error {
  /** Creates the error. */
  constructor(message: string) {
    super(message);
    this.name = 'JWSError';
  }
}

/** The JWS algorithms supported. */
export type JWSAlgorithm = 'RS256' | 'ES256';

/** A compact JWS split into its parts, header and payload decoded. */
export interface ParsedJWS {
  /** The protected header. */
  readonly header: Record<string, unknown>;
  /** The payload, parsed as JSON. */
  readonly payload: unknown;
  /** `base64url(header) + '.' + base64url(payload)`: the signed bytes. */
  readonly signingInput: string;
  /** The signature bytes. */
  readonly signature: Buffer;
}

/** The algorithm a key signs with: RS256 for RSA, ES256 for P-256; other keys are refused. */
export function algorithmOf(key: KeyObject): JWSAlgorithm {
  if (key.asymmetricKeyType === 'rsa') return 'RS256';
  if (key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1') return 'ES256';
  throw new JWSError(`unsupported key type ${key.asymmetricKeyType ?? 'unknown'}: service account keys must be RSA or EC P-256`);
}

/** The key id of a public key: base64url of the SHA-256 of its DER SubjectPublicKeyInfo (as upstream's `keyIDFromPublicKey`). */
export function keyIDOf(publicKey: KeyObject): string {
  return createHash('sha256').update(publicKey.export({ type: 'spki', format: 'der' })).digest('base64url');
}

function encodePart(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

function signatureOptions(alg: JWSAlgorithm): { dsaEncoding?: 'ieee-p1363' } {
  return alg === 'ES256' ? { dsaEncoding: 'ieee-p1363' } : {};
}

/** Signs `payload` with `privateKey` into a compact JWS whose header carries `alg`, `kid`. */
export function signJWS(payload: unknown, privateKey: KeyObject, publicKey: KeyObject): string {
  const alg = algorithmOf(privateKey);
  const signingInput = `${encodePart({ alg, kid: keyIDOf(publicKey) })}.${encodePart(payload)}`;
  const signature = sign('sha256', Buffer.from(signingInput, 'ascii'), { key: privateKey, ...signatureOptions(alg) });
  return `${signingInput}.${signature.toString('base64url')}`;
}

const BASE64URL = /^[A-Za-z0-9_-]*$/;

function decodeJSONPart(part: string, what: string): unknown {
  if (!BASE64URL.test(part)) throw new JWSError(`malformed token: ${what} is not base64url`);
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    throw new JWSError(`malformed token: ${what} is not JSON`);
  }
}

/** Whether `token` looks like a compact JWS (three base64url parts); cheap, used to pass on other bearer tokens. */
export function looksLikeJWS(token: string): boolean {
  const parts = token.split('.');
  return parts.length === 3 && parts.every((p) => p !== '' && BASE64URL.test(p));
}

/** Splits and decodes a compact JWS without checking its signature. */
export function parseJWS(token: string): ParsedJWS {
  const parts = token.split('.');
  if (parts.length !== 3) throw new JWSError('malformed token: a compact JWS has three parts');
  const [h = '', p = '', s = ''] = parts;
  const header = decodeJSONPart(h, 'header');
  if (typeof header !== 'object' || header === null || Array.isArray(header)) throw new JWSError('malformed token: header is not an object');
  if (!BASE64URL.test(s)) throw new JWSError('malformed token: signature is not base64url');
  return { header: { ...header }, payload: decodeJSONPart(p, 'payload'), signingInput: `${h}.${p}`, signature: Buffer.from(s, 'base64url') };
}

/** Whether one of `publicKeys` verifies the JWS; the header's `alg` must be the key's algorithm (no `none`, no HMAC). */
export function verifyJWS(jws: ParsedJWS, publicKeys: readonly KeyObject[]): boolean {
  const alg = jws.header.alg;
  if (alg !== 'RS256' && alg !== 'ES256') throw new JWSError(`unsupported signature algorithm ${JSON.stringify(alg)}`);
  const data = Buffer.from(jws.signingInput, 'ascii');
  for (const key of publicKeys) {
    if (algorithmOf(key) !== alg) continue;
    try {
      if (verify('sha256', data, { key, ...signatureOptions(alg) }, jws.signature)) return true;
    } catch {
      // A signature of the wrong length for this key: not this key.
    }
  }
  return false;
}
