/**
 * A minimal DER writer for X.509 certificates (RFC 5280): what the self-signed serving pair and the front-proxy
 * certificates are built from.
 * @module
 */
import { type KeyObject, randomBytes, sign } from 'node:crypto';
import { isIP } from 'node:net';

function length(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v % 256);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

/** A DER TLV. */
export function tlv(tag: number, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), length(body.length), body]);
}

export const seq = (...c: Buffer[]): Buffer => tlv(0x30, ...c);

export function oid(dotted: string): Buffer {
  const parts = dotted.split('.').map(Number);
  const bytes: number[] = [40 * (parts[0] ?? 0) + (parts[1] ?? 0)];
  for (const part of parts.slice(2)) {
    const chunk: number[] = [part & 0x7f];
    for (let v = part >>> 7; v > 0; v >>>= 7) chunk.unshift((v & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return tlv(0x06, Buffer.from(bytes));
}

export function utf8(text: string): Buffer {
  return tlv(0x0c, Buffer.from(text, 'utf8'));
}

/** UTCTime before 2050, GeneralizedTime after (RFC 5280 §4.1.2.5). */
export function time(date: Date): Buffer {
  const iso = date.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return date.getUTCFullYear() < 2050 ? tlv(0x17, Buffer.from(`${iso.slice(2)}Z`)) : tlv(0x18, Buffer.from(`${iso}Z`));
}

export function ipBytes(ip: string): Buffer {
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

/** An X.501 name of one common name and, after it, organizations (`O=`, what client certificates carry as groups). */
export function name(commonName: string, organizations: readonly string[] = []): Buffer {
  const o = organizations.map((org) => tlv(0x31, seq(oid('2.5.4.10'), utf8(org))));
  return seq(...o, tlv(0x31, seq(oid('2.5.4.3'), utf8(commonName))));
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

export function pem(label: string, der: Buffer): string {
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}


/** What {@link signCertificate} writes into a certificate. */
export interface CertificateTemplate {
  /** The subject name ({@link name}). */
  readonly subject: Buffer;
  /** The issuer name (the subject for a self-signed certificate). */
  readonly issuer: Buffer;
  /** Start of validity. */
  readonly notBefore: Date;
  /** End of validity. */
  readonly notAfter: Date;
  /** The subject's public key. */
  readonly publicKey: KeyObject;
  /** The `[3]` extensions element. */
  readonly extensions: Buffer;
}

/** Encodes and signs a v3 certificate with the issuer's P-256 key (ecdsa-with-SHA256); returns it as PEM. */
export function signCertificate(template: CertificateTemplate, issuerKey: KeyObject): string {
  const ecdsaWithSHA256 = seq(oid('1.2.840.10045.4.3.2'));
  const tbs = seq(
    tlv(0xa0, tlv(0x02, Buffer.from([2]))),
    tlv(0x02, certificateSerial(randomBytes(16))),
    ecdsaWithSHA256,
    template.issuer,
    seq(time(template.notBefore), time(template.notAfter)),
    template.subject,
    template.publicKey.export({ type: 'spki', format: 'der' }),
    template.extensions,
  );
  const signature = sign('sha256', tbs, { key: issuerKey, dsaEncoding: 'der' });
  return pem('CERTIFICATE', seq(tbs, ecdsaWithSHA256, tlv(0x03, Buffer.from([0]), signature)));
}
