/**
 * The subject of a PKCS#10 request as Go reads it (`pkix.RDNSequence` filled into a `pkix.Name`): the values of
 * its organization (O, 2.5.4.10) attributes, in order, for the CertificateSubjectRestriction admission plugin.
 * @module
 */
import { DER_TAG, expectElement, oidOf, readElement } from './der.js';
import { parseCertificateRequestDER } from './certificate-request.js';
import { decodePemBlocks } from './pem.js';

const ORGANIZATION = '2.5.4.10';

/** A BMPString: UTF-16 big-endian; an odd length is Go's `invalid BMPString`. */
function bmpString(b: Buffer): string {
  if (b.length % 2 !== 0) throw new Error('invalid BMPString');
  return Buffer.from(b).swap16().toString('utf16le');
}

/** ASN.1 string types Go's `asn1.Unmarshal` gives as a Go string (others are skipped by `FillFromRDNSequence`). */
const STRING_TAGS: ReadonlyMap<number, (b: Buffer) => string> = new Map([
  [0x0c, (b: Buffer) => b.toString('utf8')], // UTF8String
  [0x12, (b: Buffer) => b.toString('latin1')], // NumericString
  [0x13, (b: Buffer) => b.toString('latin1')], // PrintableString
  [0x14, (b: Buffer) => b.toString('latin1')], // T61String
  [0x16, (b: Buffer) => b.toString('latin1')], // IA5String
  [0x1e, bmpString], // BMPString
]);

/** The organizations of a DER Name: each RDN SET's AttributeTypeAndValue with the O type and a string value. */
export function organizationsOf(name: Buffer): string[] {
  const seq = expectElement(name, 0, DER_TAG.SEQUENCE);
  const found: string[] = [];
  for (let rdn = seq.contentStart; rdn < seq.end; ) {
    const set = expectElement(name, rdn, DER_TAG.SET, seq.end);
    for (let at = set.contentStart; at < set.end; ) {
      const atv = expectElement(name, at, DER_TAG.SEQUENCE, set.end);
      const type = expectElement(name, atv.contentStart, DER_TAG.OID, atv.end);
      const value = readElement(name, type.end, atv.end);
      const decode = STRING_TAGS.get(value.tag);
      if (oidOf(name, type) === ORGANIZATION && decode !== undefined) found.push(decode(name.subarray(value.contentStart, value.end)));
      at = atv.end;
    }
    rdn = set.end;
  }
  return found;
}

/**
 * `ParseCSR(pem).Subject.Organization`: throws `PEM block type must be CERTIFICATE REQUEST` when the first block is
 * not one, and the DER error when the request does not parse.
 */
export function csrSubjectOrganizations(pem: string): string[] {
  const block = decodePemBlocks(pem)[0];
  if (block === undefined || block.type !== 'CERTIFICATE REQUEST') throw new Error('PEM block type must be CERTIFICATE REQUEST');
  return organizationsOf(parseCertificateRequestDER(block.bytes).rawSubject);
}
