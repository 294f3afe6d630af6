/**
 * Windows options of a security context (pkg/apis/core/validation `validateWindowsSecurityContextOptions`):
 * the GMSA credential spec and its name, and `runAsUserName` as `DOMAIN\USER`.
 * @module
 */
import { Buffer } from 'node:buffer';
import { type FieldError, type FieldPath, fieldInvalid, isDNS1123Subdomain } from '@apiserver/runtime';
import type { JSONRecord } from '../../../object-fields.js';

const MAX_GMSA_CREDENTIAL_SPEC_KIB = 64;
const MAX_USER_NAME_DOMAIN_LENGTH = 256;
const MAX_USER_NAME_USER_LENGTH = 104;
// biome-ignore lint/suspicious/noControlCharactersInRegex: Go's [[:cntrl:]] is exactly these characters.
const CONTROL_CHARS = /[\x00-\x1f\x7f]/;
const NETBIOS_DOMAIN = /^[^\\/:*?"<>|.][^\\/:*?"<>|]{0,14}$/u;
const DNS_LABEL = '[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?';
const DNS_DOMAIN = new RegExp(`^${DNS_LABEL}(?:\\.${DNS_LABEL})*$`);
const INVALID_USER_CHARS = /["/\\:;|=,+*?<>@[\]]/;
const ONLY_DOTS_OR_SPACES = /^[. ]+$/;

const byteLength = (s: string): number => Buffer.byteLength(s, 'utf8');

/** Messages for a bad `runAsUserName` (upstream checks the whole value first, then its domain and user parts). */
function runAsUserNameErrors(name: string): string[] {
  if (name.length === 0) return ['runAsUserName cannot be an empty string'];
  if (CONTROL_CHARS.test(name)) return ['runAsUserName cannot contain control characters'];
  const parts = name.split('\\');
  if (parts.length > 2) return ['runAsUserName cannot contain more than one backslash'];
  const hasDomain = parts.length === 2;
  const domain = hasDomain ? (parts[0] ?? '') : '';
  const user = hasDomain ? (parts[1] ?? '') : (parts[0] ?? '');
  const errs: string[] = [];
  if (byteLength(domain) >= MAX_USER_NAME_DOMAIN_LENGTH) errs.push(`runAsUserName's Domain length must be under ${MAX_USER_NAME_DOMAIN_LENGTH} characters`);
  if (hasDomain && !(NETBIOS_DOMAIN.test(domain) || DNS_DOMAIN.test(domain))) errs.push("runAsUserName's Domain doesn't match the NetBios nor the DNS format");
  if (user.length === 0) errs.push("runAsUserName's User cannot be empty");
  else if (byteLength(user) > MAX_USER_NAME_USER_LENGTH) errs.push(`runAsUserName's User length must not be longer than ${MAX_USER_NAME_USER_LENGTH} characters`);
  if (ONLY_DOTS_OR_SPACES.test(user)) errs.push("runAsUserName's User cannot contain only periods or spaces");
  if (INVALID_USER_CHARS.test(user)) errs.push(`runAsUserName's User cannot contain the following characters: "/\\:;|=,+*?<>@[]`);
  return errs;
}

/** Validates `windowsOptions` when set: credential spec name a DNS subdomain, spec 1 byte…64 KiB, runAsUserName. */
export function validateWindowsOptions(options: JSONRecord | undefined, path: FieldPath): FieldError[] {
  if (options === undefined) return [];
  const errs: FieldError[] = [];
  const specName = options.gmsaCredentialSpecName;
  if (typeof specName === 'string') {
    for (const msg of isDNS1123Subdomain(specName)) errs.push(fieldInvalid(path.child('gmsaCredentialSpecName'), specName, msg));
  }
  const spec = options.gmsaCredentialSpec;
  if (typeof spec === 'string') {
    const p = path.child('gmsaCredentialSpec');
    if (spec.length === 0) errs.push(fieldInvalid(p, spec, 'gmsaCredentialSpec cannot be an empty string'));
    else if (byteLength(spec) > MAX_GMSA_CREDENTIAL_SPEC_KIB * 1024) {
      errs.push(fieldInvalid(p, spec, `gmsaCredentialSpec size must be under ${MAX_GMSA_CREDENTIAL_SPEC_KIB} KiB`));
    }
  }
  const userName = options.runAsUserName;
  if (typeof userName === 'string') {
    for (const msg of runAsUserNameErrors(userName)) errs.push(fieldInvalid(path.child('runAsUserName'), userName, msg));
  }
  return errs;
}
