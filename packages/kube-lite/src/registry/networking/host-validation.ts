/**
 * Ingress host names (pkg/apis/networking/validation): DNS-1123 subdomains or wildcard ones (apimachinery
 * `IsWildcardDNS1123Subdomain`: `*.` then a subdomain), never IP addresses.
 * @module
 */
import { isIP } from 'node:net';
import { DNS1123_SUBDOMAIN_MAX_LENGTH, type FieldError, type FieldPath, fieldInvalid, isDNS1123Subdomain, maxLenError, regexError } from '@apiserver/runtime';

const DNS1123_LABEL_FMT = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const WILDCARD_DNS1123_SUBDOMAIN_FMT = `\\*\\.${DNS1123_LABEL_FMT}(\\.${DNS1123_LABEL_FMT})*`;
const WILDCARD_DNS1123_SUBDOMAIN_RE = new RegExp(`^${WILDCARD_DNS1123_SUBDOMAIN_FMT}$`);
const WILDCARD_DNS1123_SUBDOMAIN_ERR =
  "a wildcard DNS-1123 subdomain must start with '*.', followed by a valid DNS subdomain, which must consist of lower case alphanumeric characters, '-' or '.' and end with an alphanumeric character";

/** `IsWildcardDNS1123Subdomain`: the messages for a bad `*.example.com`-style name, empty when valid. */
export function isWildcardDNS1123Subdomain(value: string): string[] {
  const errs: string[] = [];
  if (Buffer.byteLength(value, 'utf8') > DNS1123_SUBDOMAIN_MAX_LENGTH) errs.push(maxLenError(DNS1123_SUBDOMAIN_MAX_LENGTH));
  if (!WILDCARD_DNS1123_SUBDOMAIN_RE.test(value)) errs.push(regexError(WILDCARD_DNS1123_SUBDOMAIN_ERR, WILDCARD_DNS1123_SUBDOMAIN_FMT, '*.example.com'));
  return errs;
}

/** Whether Go's `ParseIPSloppy` reads `host` as an IP address (IPv4 octets may have leading zeros). */
export function looksLikeIP(host: string): boolean {
  return isIP(host) !== 0 || (/^\d{1,3}(\.\d{1,3}){3}$/.test(host) && host.split('.').every((o) => Number(o) <= 255));
}

/** A TLS or rule host: wildcard rules for names with `*`, a DNS-1123 subdomain otherwise. */
export function validateHostName(host: string, path: FieldPath): FieldError[] {
  const messages = host.includes('*') ? isWildcardDNS1123Subdomain(host) : isDNS1123Subdomain(host);
  return messages.map((m) => fieldInvalid(path, host, m));
}
