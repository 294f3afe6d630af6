/**
 * A policy's paramKind (pkg/apis/admissionregistration/validation `validateParamKind`): an apiVersion whose group is
 * a DNS subdomain and whose version a DNS-1035 label, as for APIServices, and a kind that is a DNS-1035 label
 * apart from its case.
 * @module
 */
import { type FieldError, type FieldPath, fieldInvalid, fieldRequired, isDNS1035Label, isDNS1123Subdomain } from '@apiserver/runtime';
import { type JSONRecord, stringAt } from '../../../object-fields.js';

/** `parseGroupVersion`: `[group, version]`, or Go's error text for more than one slash. */
function parseGroupVersion(gv: string): [string, string] | string {
  if (gv === '' || gv === '/') return ['', ''];
  const parts = gv.split('/');
  if (parts.length === 1) return ['', gv];
  if (parts.length === 2) return [parts[0] ?? '', parts[1] ?? ''];
  return `unexpected GroupVersion string: ${gv}`;
}

function validateAPIVersion(apiVersion: string, path: FieldPath): FieldError[] {
  if (apiVersion === '') return [fieldRequired(path, '')];
  const gv = parseGroupVersion(apiVersion);
  if (typeof gv === 'string') return [fieldInvalid(path, apiVersion, gv)];
  const [group, version] = gv;
  const errs: FieldError[] = [];
  const groupErrs = group === '' ? [] : isDNS1123Subdomain(group);
  if (groupErrs.length > 0) errs.push(fieldInvalid(path, group, groupErrs.join(',')));
  if (version === '') return [...errs, fieldInvalid(path, apiVersion, 'version must be specified')];
  const versionErrs = isDNS1035Label(version);
  if (versionErrs.length > 0) errs.push(fieldInvalid(path, version, versionErrs.join(',')));
  return errs;
}

/** `validateParamKind`. */
export function validateParamKind(paramKind: JSONRecord, path: FieldPath): FieldError[] {
  const errs = validateAPIVersion(stringAt(paramKind, 'apiVersion'), path.child('apiVersion'));
  const kind = stringAt(paramKind, 'kind');
  if (kind === '') return [...errs, fieldRequired(path.child('kind'), '')];
  const kindErrs = isDNS1035Label(kind.toLowerCase());
  if (kindErrs.length > 0) errs.push(fieldInvalid(path.child('kind'), kind, `may have mixed case, but should otherwise match: ${kindErrs.join(',')}`));
  return errs;
}
