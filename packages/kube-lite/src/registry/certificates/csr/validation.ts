/**
 * CertificateSigningRequest validation (pkg/apis/certificates/validation): the request must be a PEM
 * CERTIFICATE REQUEST whose signature verifies, usages present, known and unique, a well-formed signerName (not
 * the legacy `kubernetes.io/legacy-unknown`), expirationSeconds ≥ 600, consistent conditions and a parsable
 * issued certificate; updates may not remove Approved/Denied/Failed conditions, touch Approved/Denied outside
 * `/approval`, or set the certificate outside `/status`. What the old object already got wrong is tolerated, as
 * upstream's `getValidationOptions`.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { type FieldError, fieldDuplicate, fieldForbidden, fieldInvalid, fieldNotSupported, fieldRequired, newPath } from '@apiserver/runtime';
import { isDeepStrictEqual } from 'node:util';
import { type JSONRecord, recordAt, recordsAt, stringAt } from '../../../object-fields.js';
import { certificateRequestError } from './certificate-request.js';
import { issuedCertificateError } from './issued-certificate.js';
import { validateSignerName } from './signer-name.js';

/** The key usages a request may ask for (certificates.KeyUsage values). */
export const KEY_USAGES = [
  'any',
  'cert sign',
  'client auth',
  'code signing',
  'content commitment',
  'crl sign',
  'data encipherment',
  'decipher only',
  'digital signature',
  'email protection',
  'encipher only',
  'ipsec end system',
  'ipsec tunnel',
  'ipsec user',
  'key agreement',
  'key encipherment',
  'microsoft sgc',
  'netscape sgc',
  'ocsp signing',
  's/mime',
  'server auth',
  'signing',
  'timestamping',
];
const LEGACY_UNKNOWN_SIGNER = 'kubernetes.io/legacy-unknown';
const TRUE_ONLY_TYPES = new Set(['Approved', 'Denied', 'Failed']);
const ALL_STATUSES = ['False', 'True', 'Unknown'];
const SPEC = newPath('spec');
const CONDITIONS = newPath('status', 'conditions');

/** Which problems already in the stored object an update may keep, and which subresource is writing. */
export interface CSRValidationOptions {
  allowSettingApprovalConditions: boolean;
  allowSettingCertificate: boolean;
  allowBothApprovedAndDenied: boolean;
  allowLegacySignerName: boolean;
  allowDuplicateConditionTypes: boolean;
  allowEmptyConditionType: boolean;
  allowArbitraryCertificate: boolean;
  allowUnknownUsages: boolean;
  allowDuplicateUsages: boolean;
}

/** A base64 `[]byte` field as text ('' when absent or not base64). */
export function bytesField(parent: JSONRecord | undefined, key: string): string {
  const v = parent?.[key];
  return typeof v === 'string' ? Buffer.from(v, 'base64').toString('latin1') : '';
}

function usagesOf(csr: ApiObject): string[] {
  const usages = recordAt(csr, 'spec')?.usages;
  return Array.isArray(usages) ? usages.map(String) : [];
}
const conditionsOf = (csr: ApiObject): JSONRecord[] => recordsAt(recordAt(csr, 'status'), 'conditions');
const typesOf = (csr: ApiObject): string[] => conditionsOf(csr).map((c) => stringAt(c, 'type'));
const hasDuplicates = (values: string[]): boolean => new Set(values).size !== values.length;

/** `getValidationOptions`: tolerances derived from the stored object (`old`, absent on create). */
export function csrValidationOptions(csr: ApiObject, old?: ApiObject): CSRValidationOptions {
  const oldTypes = old === undefined ? [] : typesOf(old);
  const oldCert = old === undefined ? '' : bytesField(recordAt(old, 'status'), 'certificate');
  const sameCert = old !== undefined && bytesField(recordAt(csr, 'status'), 'certificate') === oldCert;
  return {
    allowSettingApprovalConditions: false,
    allowSettingCertificate: false,
    allowBothApprovedAndDenied: oldTypes.includes('Approved') && oldTypes.includes('Denied'),
    allowLegacySignerName: old !== undefined && stringAt(recordAt(old, 'spec'), 'signerName') === LEGACY_UNKNOWN_SIGNER,
    allowDuplicateConditionTypes: hasDuplicates(oldTypes),
    allowEmptyConditionType: oldTypes.includes(''),
    allowArbitraryCertificate: sameCert || (old !== undefined && issuedCertificateError(oldCert) !== undefined),
    allowUnknownUsages: old !== undefined && usagesOf(old).some((u) => !KEY_USAGES.includes(u)),
    allowDuplicateUsages: old !== undefined && hasDuplicates(usagesOf(old)),
  };
}

function validateConditions(csr: ApiObject, o: CSRValidationOptions): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  let approved = false;
  let denied = false;
  conditionsOf(csr).forEach((c, i) => {
    const p = CONDITIONS.index(i);
    const type = stringAt(c, 'type');
    const status = stringAt(c, 'status');
    if (!o.allowEmptyConditionType && type === '') errs.push(fieldRequired(p.child('type'), ''));
    const allowed = TRUE_ONLY_TYPES.has(type) ? ['True'] : ALL_STATUSES;
    if (status === '') errs.push(fieldRequired(p.child('status'), ''));
    else if (!allowed.includes(status)) errs.push(fieldNotSupported(p.child('status'), status, allowed));
    if (!o.allowBothApprovedAndDenied && (type === 'Approved' || type === 'Denied')) {
      if ((type === 'Approved' && denied) || (type === 'Denied' && approved)) {
        errs.push(fieldInvalid(p.child('type'), type, 'Approved and Denied conditions are mutually exclusive'));
      }
      if (type === 'Approved') approved = true;
      else denied = true;
    }
    if (!o.allowDuplicateConditionTypes && seen.has(type)) errs.push(fieldDuplicate(p.child('type'), type));
    seen.add(type);
  });
  return errs;
}

function validateUsages(usages: string[], o: CSRValidationOptions): FieldError[] {
  const errs = usages.length === 0 ? [fieldRequired(SPEC.child('usages'), '')] : [];
  usages.forEach((u, i) => {
    if (!o.allowUnknownUsages && !KEY_USAGES.includes(u)) errs.push(fieldNotSupported(SPEC.child('usages').index(i), u, KEY_USAGES));
  });
  usages.forEach((u, i) => {
    if (!o.allowDuplicateUsages && usages.indexOf(u) < i) errs.push(fieldDuplicate(SPEC.child('usages').index(i), u));
  });
  return errs;
}

/** `validateCertificateSigningRequest` with the given tolerances. */
export function validateCSR(csr: ApiObject, o: CSRValidationOptions): FieldError[] {
  const spec = recordAt(csr, 'spec');
  const requestError = certificateRequestError(bytesField(spec, 'request'));
  const errs = requestError === undefined ? [] : [fieldInvalid(SPEC.child('request'), spec?.request ?? '', requestError)];
  errs.push(...validateUsages(usagesOf(csr), o));
  const signerName = stringAt(spec, 'signerName');
  if (!o.allowLegacySignerName && signerName === LEGACY_UNKNOWN_SIGNER) {
    errs.push(fieldInvalid(SPEC.child('signerName'), signerName, 'the legacy signerName is not allowed via this API version'));
  } else {
    errs.push(...validateSignerName(SPEC.child('signerName'), signerName));
  }
  const seconds = spec?.expirationSeconds;
  if (typeof seconds === 'number' && seconds < 600) errs.push(fieldInvalid(SPEC.child('expirationSeconds'), seconds, 'may not specify a duration less than 600 seconds (10 minutes)'));
  errs.push(...validateConditions(csr, o));
  const certError = o.allowArbitraryCertificate ? undefined : issuedCertificateError(bytesField(recordAt(csr, 'status'), 'certificate'));
  if (certError !== undefined) errs.push(fieldInvalid(newPath('status', 'certificate'), '<certificate data>', certError));
  return errs;
}

const conditionsOfType = (csr: ApiObject, type: string): JSONRecord[] => conditionsOf(csr).filter((c) => c.type === type);

/** `validateCertificateSigningRequestUpdate`: the object with its tolerances, then the transition rules. */
export function validateCSRUpdate(csr: ApiObject, old: ApiObject, o: CSRValidationOptions): FieldError[] {
  const errs = validateCSR(csr, o);
  for (const type of ['Approved', 'Denied', 'Failed']) {
    if (conditionsOfType(csr, type).length < conditionsOfType(old, type).length) errs.push(fieldForbidden(CONDITIONS, `updates may not remove a condition of type "${type}"`));
  }
  if (!o.allowSettingApprovalConditions) {
    for (const type of ['Approved', 'Denied']) {
      const before = conditionsOfType(old, type);
      const after = conditionsOfType(csr, type);
      if (after.length > before.length) errs.push(fieldForbidden(CONDITIONS, `updates may not add a condition of type "${type}"`));
      else if (after.length === before.length && !isDeepStrictEqual(after, before)) errs.push(fieldForbidden(CONDITIONS, `updates may not modify a condition of type "${type}"`));
    }
  }
  const cert = bytesField(recordAt(csr, 'status'), 'certificate');
  const oldCert = bytesField(recordAt(old, 'status'), 'certificate');
  if (cert !== oldCert) {
    if (!o.allowSettingCertificate) errs.push(fieldForbidden(newPath('status', 'certificate'), 'updates may not set certificate content'));
    else if (oldCert !== '') errs.push(fieldForbidden(newPath('status', 'certificate'), 'updates may not modify existing certificate content'));
  }
  return errs;
}
