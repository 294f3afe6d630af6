/**
 * `spec.managedBy` of a Job (pkg/apis/batch/validation, apimachinery `IsDomainPrefixedPath`): a domain-prefixed
 * path such as `acme.io/foo`, at most 63 characters.
 * @module
 */
import { type FieldError, type FieldPath, fieldInvalid, fieldRequired, fieldTooLongMaxLength, isDNS1123Subdomain, regexError } from '@apiserver/runtime';

const MAX_MANAGED_BY_LENGTH = 63;
const HTTP_PATH_FMT = "[A-Za-z0-9/\\-._~%!$&'()*+,;=:]+";
const HTTP_PATH = new RegExp(`^${HTTP_PATH_FMT}$`);

/** apimachinery's `IsDomainPrefixedPath`: `<DNS subdomain>/<HTTP path>`. */
export function validateDomainPrefixedPath(value: string, path: FieldPath): FieldError[] {
  if (value === '') return [fieldRequired(path, '')];
  const slash = value.indexOf('/');
  const host = slash < 0 ? '' : value.slice(0, slash);
  const rest = slash < 0 ? '' : value.slice(slash + 1);
  if (host === '' || rest === '') return [fieldInvalid(path, value, 'must be a domain-prefixed path (such as "acme.io/foo")')];
  const errs = isDNS1123Subdomain(host).map((msg) => fieldInvalid(path, host, msg));
  if (!HTTP_PATH.test(rest)) errs.push(fieldInvalid(path, rest, regexError('Invalid path', HTTP_PATH_FMT)));
  return errs;
}

/** Validates `spec.managedBy` when set. */
export function validateManagedBy(value: unknown, path: FieldPath): FieldError[] {
  if (typeof value !== 'string') return [];
  const errs = validateDomainPrefixedPath(value, path);
  if (value.length > MAX_MANAGED_BY_LENGTH) errs.push(fieldTooLongMaxLength(path, value, MAX_MANAGED_BY_LENGTH));
  return errs;
}
