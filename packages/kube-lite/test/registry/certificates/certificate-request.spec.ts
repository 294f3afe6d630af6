/**
 * PKCS#10 checks of CSRs (`ParseCSR` + `CheckSignature`): RSA, ECDSA and Ed25519 requests verify; a changed
 * signature, a wrong PEM type and truncated DER give Go's messages; issued certificates must be CERTIFICATE blocks.
 */
import t from 'tap';
import { certificateRequestError } from '../../../src/registry/certificates/csr/certificate-request.js';
import { issuedCertificateError } from '../../../src/registry/certificates/csr/issued-certificate.js';
import { validateSignerName } from '../../../src/registry/certificates/csr/signer-name.js';
import { newPath } from '@apiserver/runtime';
import { fieldErrorStrings } from '../core/core-fixtures.js';
import { CERTIFICATE, EC_CSR, ED25519_CSR, RSA_CSR } from './pem-fixtures.js';

/** The PEM with its DER changed by `edit`. */
function reencoded(pem: string, edit: (der: Buffer) => Buffer): string {
  const [, type = '', body = ''] = /-----BEGIN ([^-]+)-----\n([\s\S]*?)-----END/.exec(pem) ?? [];
  const der = edit(Buffer.from(body.replace(/\s/g, ''), 'base64'));
  return `-----BEGIN ${type}-----\n${der.toString('base64')}\n-----END ${type}-----\n`;
}
const flipLast = (der: Buffer): Buffer => {
  const copy = Buffer.from(der);
  copy[copy.length - 1] = (copy[copy.length - 1] ?? 0) ^ 0xff;
  return copy;
};

t.test('signatures', async (t) => {
  for (const pem of [RSA_CSR, EC_CSR, ED25519_CSR]) t.equal(certificateRequestError(pem), undefined);
  t.equal(certificateRequestError(reencoded(RSA_CSR, flipLast)), 'crypto/rsa: verification error');
  t.equal(certificateRequestError(reencoded(EC_CSR, flipLast)), 'x509: ECDSA verification failure');
  t.equal(certificateRequestError(reencoded(ED25519_CSR, flipLast)), 'x509: Ed25519 verification failure');
});

t.test('malformed requests', async (t) => {
  t.equal(certificateRequestError(''), 'PEM block type must be CERTIFICATE REQUEST');
  t.equal(certificateRequestError(CERTIFICATE), 'PEM block type must be CERTIFICATE REQUEST');
  t.equal(certificateRequestError(reencoded(RSA_CSR, (d) => d.subarray(0, 40))), 'asn1: syntax error: data truncated');
  t.equal(certificateRequestError(reencoded(RSA_CSR, (d) => Buffer.concat([d, Buffer.from([0])]))), 'asn1: syntax error: trailing data');
});

t.test('issued certificates', async (t) => {
  t.equal(issuedCertificateError(''), undefined);
  t.equal(issuedCertificateError(CERTIFICATE + CERTIFICATE), undefined);
  t.equal(issuedCertificateError('not pem'), 'must contain at least one CERTIFICATE PEM block');
  t.equal(issuedCertificateError(RSA_CSR), 'only CERTIFICATE PEM blocks are allowed, found "CERTIFICATE REQUEST"');
  t.equal(issuedCertificateError(CERTIFICATE.replace('-----\n', '-----\nProc-Type: 4,ENCRYPTED\n\n')), 'no PEM block headers are permitted');
  t.equal(issuedCertificateError(reencoded(CERTIFICATE, (d) => d.subarray(0, 50))), 'x509: malformed certificate');
});

t.test('signer names', async (t) => {
  const p = newPath('spec', 'signerName');
  t.same(validateSignerName(p, 'example.com/my-signer'), []);
  t.same(fieldErrorStrings(validateSignerName(p, '')), ['spec.signerName: Required value']);
  t.same(fieldErrorStrings(validateSignerName(p, 'example.com')), [
    "spec.signerName: Invalid value: \"example.com\": must be a fully qualified domain and path of the form 'example.com/signer-name'",
  ]);
  t.same(fieldErrorStrings(validateSignerName(p, 'localhost/Bad_Path')), [
    'spec.signerName: Invalid value: "localhost": should be a domain with at least two segments separated by dots',
    "spec.signerName: Invalid value: \"Bad_Path\": validating label \"Bad_Path\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
  ]);
});
