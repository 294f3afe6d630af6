/**
 * `status.certificate` as upstream checks it (pkg/apis/certificates/validation `validateCertificate`): empty, or
 * only header-less `CERTIFICATE` PEM blocks that each parse as X.509.
 * @module
 */
import { X509Certificate } from 'node:crypto';
import { decodePemBlocks } from './pem.js';

/** Undefined when `pem` is an acceptable issued certificate (chain), else upstream's error text. */
export function issuedCertificateError(pem: string): string | undefined {
  if (pem === '') return undefined;
  const blocks = decodePemBlocks(pem);
  for (const block of blocks) {
    if (block.type !== 'CERTIFICATE') return `only CERTIFICATE PEM blocks are allowed, found "${block.type}"`;
    if (Object.keys(block.headers).length > 0) return 'no PEM block headers are permitted';
    try {
      new X509Certificate(block.bytes);
    } catch {
      return 'x509: malformed certificate';
    }
  }
  return blocks.length === 0 ? 'must contain at least one CERTIFICATE PEM block' : undefined;
}
