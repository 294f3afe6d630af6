import t from 'tap';
import { csrSubjectOrganizations, organizationsOf } from '../../../src/registry/certificates/csr/subject.js';
import { EC_CSR, MASTERS_CSR, RSA_CSR, UTF8_ORG_CSR } from './pem-fixtures.js';

t.test('csrSubjectOrganizations: the O values of the request subject, in order', async (t) => {
  t.same(csrSubjectOrganizations(RSA_CSR), ['dev']);
  t.same(csrSubjectOrganizations(EC_CSR), ['system:nodes']);
  t.same(csrSubjectOrganizations(MASTERS_CSR), ['dev', 'system:masters'], 'both values of a multi-valued RDN');
  t.same(csrSubjectOrganizations(UTF8_ORG_CSR), ['équipe'], 'UTF8String');
  t.throws(() => csrSubjectOrganizations('nope'), { message: 'PEM block type must be CERTIFICATE REQUEST' });
  const cert = '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n';
  t.throws(() => csrSubjectOrganizations(cert), { message: 'PEM block type must be CERTIFICATE REQUEST' });
  t.throws(() => csrSubjectOrganizations('-----BEGIN CERTIFICATE REQUEST-----\nMAA=\n-----END CERTIFICATE REQUEST-----\n'), { message: /^asn1: syntax error: / });
});

t.test('organizationsOf: string types as Go reads them; other value types are skipped', async (t) => {
  const oid = [0x06, 0x03, 0x55, 0x04, 0x0a];
  const atv = (tag: number, bytes: number[]) => [0x30, oid.length + 2 + bytes.length, ...oid, tag, bytes.length, ...bytes];
  const rdn = (...atvs: number[][]) => {
    const body = atvs.flat();
    return [0x31, body.length, ...body];
  };
  const name = (...rdns: number[][]) => {
    const body = rdns.flat();
    return Buffer.from([0x30, body.length, ...body]);
  };
  const ascii = (s: string) => [...Buffer.from(s, 'latin1')];
  t.same(organizationsOf(name(rdn(atv(0x13, ascii('printable'))), rdn(atv(0x16, ascii('ia5'))), rdn(atv(0x1e, [0x00, 0x61, 0x00, 0xe9])))), ['printable', 'ia5', 'aé']);
  t.same(organizationsOf(name(rdn(atv(0x04, ascii('octets'))))), [], 'an OCTET STRING is not a Go string');
  t.same(organizationsOf(name()), []);
  t.throws(() => organizationsOf(name(rdn(atv(0x1e, [0x00])))), { message: 'invalid BMPString' });
  t.throws(() => organizationsOf(name([0x30, 0x00])), { message: /^asn1: syntax error: tags don't match/ });
});
