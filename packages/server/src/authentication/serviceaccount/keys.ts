/**
 * Service account keys (`--service-account-signing-key-file`, `--service-account-key-file`): PEM private keys
 * for signing, PEM public keys, private keys or certificates for verification, and a generated P-256 key
 * kept in a directory when no file is given.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject, X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { algorithmOf, JWSError } from './jws.js';

/** A key file that cannot be read or holds no usable key. */
export class ServiceAccountKeyError extends Error {
  /** Creates the error. */
  constructor(message: string) {
    super(message);
    this.name = 'ServiceAccountKeyError';
  }
}

/** A signing key with its public half. */
export interface SigningKey {
  /** The private key. */
  readonly privateKey: KeyObject;
  /** The public key (verification, key id). */
  readonly publicKey: KeyObject;
}

/** The file name of the generated key inside its directory. */
export const GENERATED_KEY_FILE = 'service-account.key';

function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    throw new ServiceAccountKeyError(`cannot read service account key file '${path}': ${err instanceof Error ? err.message : String(err)}`);
  }
}

function checked(key: KeyObject, path: string): KeyObject {
  try {
    algorithmOf(key);
  } catch (err) {
    if (err instanceof JWSError) throw new ServiceAccountKeyError(`${path}: ${err.message}`);
    throw err;
  }
  return key;
}

/** Reads a PEM private key (PKCS#1, PKCS#8 or SEC1; RSA or EC P-256) for signing. */
export function readSigningKeyFile(path: string): SigningKey {
  const text = readText(path);
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey({ key: text, format: 'pem' });
  } catch (err) {
    throw new ServiceAccountKeyError(`${path} holds no PEM private key: ${err instanceof Error ? err.message : String(err)}`);
  }
  checked(privateKey, path);
  return { privateKey, publicKey: createPublicKey(privateKey) };
}

const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----[\s\S]*?-----END \1-----/g;

function publicKeyOfBlock(kind: string, block: string): KeyObject | undefined {
  if (kind === 'CERTIFICATE') return new X509Certificate(block).publicKey;
  if (kind.endsWith('PRIVATE KEY')) return createPublicKey(createPrivateKey({ key: block, format: 'pem' }));
  if (kind.endsWith('PUBLIC KEY')) return createPublicKey({ key: block, format: 'pem' });
  return undefined;
}

/** Reads every public key of a PEM file (public keys, private keys and certificates; other blocks are skipped). */
export function readPublicKeysFile(path: string): KeyObject[] {
  const text = readText(path);
  const keys: KeyObject[] = [];
  for (const match of text.matchAll(PEM_BLOCK)) {
    let key: KeyObject | undefined;
    try {
      key = publicKeyOfBlock(match[1] ?? '', match[0]);
    } catch (err) {
      throw new ServiceAccountKeyError(`${path}: unreadable ${match[1] ?? ''} block: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (key !== undefined) keys.push(checked(key, path));
  }
  if (keys.length === 0) throw new ServiceAccountKeyError(`${path} holds no public key, private key or certificate`);
  return keys;
}

function isErrnoException(err: unknown): err is NodeJS.ErrnoException {
  return err instanceof Error && typeof Reflect.get(err, 'code') === 'string';
}

/** Reads `<dir>/service-account.key`, generating a new EC P-256 key there (mode 0600) when it is absent. */
export function loadOrGenerateSigningKey(dir: string): SigningKey {
  const path = join(dir, GENERATED_KEY_FILE);
  if (existsSync(path)) return readSigningKeyFile(path);
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' });
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (err) {
    throw new ServiceAccountKeyError(`cannot write service account key '${path}': ${err instanceof Error ? err.message : String(err)}`);
  }
  try {
    writeFileSync(path, pem, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    // Another process sharing the directory wrote its key first: use that one, so both sign alike.
    if (isErrnoException(err) && err.code === 'EEXIST') return readSigningKeyFile(path);
    throw new ServiceAccountKeyError(`cannot write service account key '${path}': ${err instanceof Error ? err.message : String(err)}`);
  }
  return { privateKey, publicKey };
}
