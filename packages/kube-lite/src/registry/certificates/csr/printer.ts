/**
 * kubectl's certificatesigningrequest columns (pkg/printers/internalversion `printCertificateSigningRequest`):
 * NAME AGE SIGNERNAME REQUESTOR REQUESTEDDURATION CONDITION, the condition Denied, Approved or Pending, then
 * `,Failed` and `,Issued`. The descriptions are the first sentences of the field docs upstream uses.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { AGE_COLUMN, ageCell, column, humanDuration, NAME_COLUMN, type PrintContext, PrinterTableConvertor, type PrinterOptions, recordAt, recordsAt, stringAt } from '../../../printers/index.js';

const CSR_COLUMNS = [
  NAME_COLUMN,
  AGE_COLUMN,
  column('SignerName', 'string', 'Requested signer for the request.'),
  column('Requestor', 'string', 'Base64-encoded PKCS#10 CSR data'),
  column('RequestedDuration', 'string', 'expirationSeconds is the requested duration of validity of the issued certificate.'),
  column('Condition', 'string', 'Conditions applied to the request, such as approval or denial.'),
];

/** `extractCSRStatus`: the CONDITION cell. */
export function csrCondition(csr: ApiObject): string {
  const status = recordAt(csr, 'status');
  const types = new Set(recordsAt(status, 'conditions').map((c) => stringAt(c, 'type')));
  let cell = types.has('Denied') ? 'Denied' : types.has('Approved') ? 'Approved' : 'Pending';
  if (types.has('Failed')) cell += ',Failed';
  if (stringAt(status, 'certificate') !== '') cell += ',Issued';
  return cell;
}

/** The cells of one CSR row. */
export function printCSR(csr: ApiObject, ctx: PrintContext): unknown[] {
  const spec = recordAt(csr, 'spec');
  const signerName = stringAt(spec, 'signerName');
  const seconds = spec?.expirationSeconds;
  const duration = typeof seconds === 'number' ? humanDuration(seconds * 1000) : '<none>';
  return [csr.metadata.name ?? '', ageCell(csr, ctx.now), signerName === '' ? '<none>' : signerName, stringAt(spec, 'username'), duration, csrCondition(csr)];
}

/** The CSRs' TableConvertor. */
export function newCSRTableConvertor(options?: PrinterOptions): PrinterTableConvertor {
  return new PrinterTableConvertor(CSR_COLUMNS, printCSR, options);
}
