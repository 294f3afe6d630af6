/**
 * pkg/apis/core/validation `ValidateSignerName`: `<domain>/<path>`, the domain (≤ 253 characters) made of at
 * least two DNS labels, the path of DNS labels, both together a valid DNS subdomain length.
 * @module
 */
import { DNS1123_SUBDOMAIN_MAX_LENGTH, type FieldError, type FieldPath, fieldInvalid, fieldRequired, fieldTooLong, isDNS1123Label } from '@apiserver/runtime';

function labelErrors(segment: string, path: FieldPath): FieldError[] {
  for (const label of segment.split('.')) {
    const errs = isDNS1123Label(label);
    // The first bad label is reported; the others would repeat the same messages.
    if (errs.length > 0) return errs.map((e) => fieldInvalid(path, segment, `validating label "${label}": ${e}`));
  }
  return [];
}

/** Validates a signer name at `path`. */
export function validateSignerName(path: FieldPath, signerName: string): FieldError[] {
  if (signerName === '') return [fieldRequired(path, '')];
  const segments = signerName.split('/');
  if (segments.length !== 2) return [fieldInvalid(path, signerName, "must be a fully qualified domain and path of the form 'example.com/signer-name'")];
  const [domain = '', rest = ''] = segments;
  const errs: FieldError[] = [];
  if (domain.length > DNS1123_SUBDOMAIN_MAX_LENGTH) errs.push(fieldTooLong(path, domain, DNS1123_SUBDOMAIN_MAX_LENGTH));
  errs.push(...labelErrors(domain, path));
  if (domain.split('.').length < 2) errs.push(fieldInvalid(path, domain, 'should be a domain with at least two segments separated by dots'));
  errs.push(...labelErrors(rest, path));
  const maxPath = DNS1123_SUBDOMAIN_MAX_LENGTH - domain.length - 1;
  if (rest.length > maxPath) errs.push(fieldTooLong(path, rest, maxPath));
  return errs;
}
