/**
 * Ingress rules (pkg/apis/networking/validation `validateIngressRules`, `validateHTTPIngressRuleValue`,
 * `validateHTTPIngressPath`): hosts that are DNS names (wildcards allowed, IPs not), at least one path per HTTP
 * rule, a required pathType, absolute paths and, for Exact and Prefix, no `//`, `/./`, `/../`, `%2f` inside and
 * no `/..` or `/.` at the end.
 * @module
 */
import { type FieldError, type FieldPath, fieldInvalid, fieldNotSupported, fieldRequired } from '@apiserver/runtime';
import { type JSONRecord, recordAt, recordsAt, stringAt } from '../../../object-fields.js';
import { validateIngressBackend } from '../backend-validation.js';
import { looksLikeIP, validateHostName } from '../host-validation.js';

const INVALID_PATH_SEQUENCES = ['//', '/./', '/../', '%2f', '%2F'];
const INVALID_PATH_SUFFIXES = ['/..', '/.'];
// sets.NewString(...).List(): sorted.
const SUPPORTED_PATH_TYPES = ['Exact', 'ImplementationSpecific', 'Prefix'];

/** What an update may keep from the old object (`IngressValidationOptions`). */
export interface IngressValidationOptions {
  /** The old object had a TLS secretName that is not a valid Secret name. */
  readonly allowInvalidSecretName: boolean;
  /** The old object had a wildcard-host rule whose value was invalid. */
  readonly allowInvalidWildcardHostRule: boolean;
}

function validatePathText(path: string, fldPath: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (!path.startsWith('/')) errs.push(fieldInvalid(fldPath, path, 'must be an absolute path'));
  if (path === '') return errs;
  for (const seq of INVALID_PATH_SEQUENCES) if (path.includes(seq)) errs.push(fieldInvalid(fldPath, path, `must not contain '${seq}'`));
  for (const suffix of INVALID_PATH_SUFFIXES) if (path.endsWith(suffix)) errs.push(fieldInvalid(fldPath, path, `cannot end with '${suffix}'`));
  return errs;
}

function validateHTTPIngressPath(p: JSONRecord, fldPath: FieldPath): FieldError[] {
  const pathType = p.pathType;
  if (typeof pathType !== 'string') return [fieldRequired(fldPath.child('pathType'), 'pathType must be specified')];
  const path = stringAt(p, 'path');
  const errs: FieldError[] = [];
  if (pathType === 'Exact' || pathType === 'Prefix') errs.push(...validatePathText(path, fldPath.child('path')));
  else if (pathType === 'ImplementationSpecific') {
    if (path !== '' && !path.startsWith('/')) errs.push(fieldInvalid(fldPath.child('path'), path, 'must be an absolute path'));
  } else errs.push(fieldNotSupported(fldPath.child('pathType'), pathType, SUPPORTED_PATH_TYPES));
  errs.push(...validateIngressBackend(p.backend, fldPath.child('backend')));
  return errs;
}

/** `validateIngressRuleValue`: the HTTP paths of one rule, when it has `http`. */
export function validateIngressRuleValue(rule: JSONRecord, fldPath: FieldPath): FieldError[] {
  const http = recordAt(rule, 'http');
  if (http === undefined) return [];
  const httpPath = fldPath.child('http');
  const paths = recordsAt(http, 'paths');
  const errs: FieldError[] = paths.length === 0 ? [fieldRequired(httpPath.child('paths'), '')] : [];
  paths.forEach((p, i) => {
    errs.push(...validateHTTPIngressPath(p, httpPath.child('paths').index(i)));
  });
  return errs;
}

/** `validateIngressRules`: each rule's host and value (a wildcard rule's value is not checked when the old object had a bad one). */
export function validateIngressRules(rules: readonly JSONRecord[], fldPath: FieldPath, opts: IngressValidationOptions): FieldError[] {
  const errs: FieldError[] = [];
  rules.forEach((rule, i) => {
    const host = stringAt(rule, 'host');
    const hostPath = fldPath.index(i).child('host');
    if (host !== '') {
      if (looksLikeIP(host)) errs.push(fieldInvalid(hostPath, host, 'must be a DNS name, not an IP address'));
      errs.push(...validateHostName(host, hostPath));
    }
    if (!host.includes('*') || !opts.allowInvalidWildcardHostRule) errs.push(...validateIngressRuleValue(rule, fldPath.index(i)));
  });
  return errs;
}
