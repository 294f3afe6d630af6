import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join } from 'node:path';

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

function length(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v % 256);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

/** A DER TLV. */
function tlv(tag: number, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), length(body.length), body]);
}

const seq = (...c: Buffer[]): Buffer => tlv(0x30, ...c);

function oid(dotted: string): Buffer {
  const parts = dotted.split('.').map(Number);
  const bytes: number[] = [40 * (parts[0] ?? 0) + (parts[1] ?? 0)];
  for (const part of parts.slice(2)) {
    const chunk: number[] = [part & 0x7f];
    for (let v = part >>> 7; v > 0; v >>>= 7) chunk.unshift((v & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return tlv(0x06, Buffer.from(bytes));
}

function utf8(text: string): Buffer {
  return tlv(0x0c, Buffer.from(text, 'utf8'));
}

/** UTCTime before 2050, GeneralizedTime after (RFC 5280 §4.1.2.5). */
function time(date: Date): Buffer {
  const iso = date.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return date.getUTCFullYear() < 2050 ? tlv(0x17, Buffer.from(`${iso.slice(2)}Z`)) : tlv(0x18, Buffer.from(`${iso}Z`));
}

function ipBytes(ip: string): Buffer {
  if (isIP(ip) === 4) return Buffer.from(ip.split('.').map(Number));
  const [head = '', tail = ''] = ip.split('::');
  const groups = (s: string): number[] => (s === '' ? [] : s.split(':').map((g) => Number.parseInt(g, 16)));
  const h = groups(head);
  const t = ip.includes('::') ? groups(tail) : [];
  const all = [...h, ...new Array<number>(8 - h.length - t.length).fill(0), ...t];
  const out = Buffer.alloc(16);
  for (const [i, g] of all.entries()) out.writeUInt16BE(g, i * 2);
  return out;
}

function name(commonName: string): Buffer {
  return seq(tlv(0x31, seq(oid('2.5.4.3'), utf8(commonName))));
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
 * A positive serial number from random bytes, minimally encoded as DER requires: the top bit clear (not negative)
 * and the first byte not zero (a leading zero before a byte under 0x80 is padding DER refuses).
 */
export function certificateSerial(random: Buffer): Buffer {
  const serial = Buffer.from(random);
  serial[0] = (serial[0] ?? 0) & 0x7f || 0x01;
  return serial;
}

function pem(label: string, der: Buffer): string {
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
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
  const serial = certificateSerial(randomBytes(16));
  const ecdsaWithSHA256 = seq(oid('1.2.840.10045.4.3.2'));
  const tbs = seq(
    tlv(0xa0, tlv(0x02, Buffer.from([2]))),
    tlv(0x02, serial),
    ecdsaWithSHA256,
    name(commonName),
    seq(time(notBefore), time(notAfter)),
    name(commonName),
    publicKey.export({ type: 'spki', format: 'der' }),
    extensions(hosts),
  );
  const signature = sign('sha256', tbs, { key: privateKey, dsaEncoding: 'der' });
  const cert = seq(tbs, ecdsaWithSHA256, tlv(0x03, Buffer.from([0]), signature));
  return { cert: pem('CERTIFICATE', cert), key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
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
