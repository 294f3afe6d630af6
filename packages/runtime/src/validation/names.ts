/**
 * Name and label checks of `k8s.io/apimachinery/pkg/util/validation`, returning the same
 * message strings (an empty array means valid). Lengths count UTF-8 bytes, as Go's `len`.
 *
 * @module
 */
import { Buffer } from 'node:buffer';

const QNAME_CHAR = '[A-Za-z0-9]';
const QNAME_EXT_CHAR = '[-A-Za-z0-9_.]';
const QUALIFIED_NAME_FMT = `(${QNAME_CHAR}${QNAME_EXT_CHAR}*)?${QNAME_CHAR}`;
const QUALIFIED_NAME_ERR =
  "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const LABEL_VALUE_FMT = `(${QUALIFIED_NAME_FMT})?`;
const LABEL_VALUE_ERR =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const DNS1123_LABEL_FMT = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const DNS1123_LABEL_ERR =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character";
const DNS1123_SUBDOMAIN_FMT = `${DNS1123_LABEL_FMT}(\\.${DNS1123_LABEL_FMT})*`;
const DNS1123_SUBDOMAIN_ERR =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
const DNS1035_LABEL_FMT = '[a-z]([-a-z0-9]*[a-z0-9])?';
const DNS1035_LABEL_ERR =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character";

/** Maximum length of a qualified name's name part. */
export const QUALIFIED_NAME_MAX_LENGTH = 63;
/** Maximum length of a label value. */
export const LABEL_VALUE_MAX_LENGTH = 63;
/** Maximum length of an RFC 1123 label. */
export const DNS1123_LABEL_MAX_LENGTH = 63;
/** Maximum length of an RFC 1123 subdomain. */
export const DNS1123_SUBDOMAIN_MAX_LENGTH = 253;
/** Maximum length of an RFC 1035 label. */
export const DNS1035_LABEL_MAX_LENGTH = 63;

const anchored = (fmt: string): RegExp => new RegExp(`^${fmt}$`);
const QUALIFIED_NAME_RE = anchored(QUALIFIED_NAME_FMT);
const LABEL_VALUE_RE = anchored(LABEL_VALUE_FMT);
const DNS1123_LABEL_RE = anchored(DNS1123_LABEL_FMT);
const DNS1123_SUBDOMAIN_RE = anchored(DNS1123_SUBDOMAIN_FMT);
const DNS1035_LABEL_RE = anchored(DNS1035_LABEL_FMT);

const byteLength = (s: string): number => Buffer.byteLength(s, 'utf8');

/** `must be no more than <n> characters`. */
export function maxLenError(length: number): string {
  return `must be no more than ${length} characters`;
}

/** `must be non-empty`. */
export function emptyError(): string {
  return 'must be non-empty';
}

/** A regex failure explanation: `<msg> (e.g. 'a' or 'b', regex used for validation is '<fmt>')`. */
export function regexError(msg: string, fmt: string, ...examples: string[]): string {
  if (examples.length === 0) return `${msg} (regex used for validation is '${fmt}')`;
  const eg = examples.map((e) => `'${e}', `).join(' or ');
  return `${msg} (e.g. ${eg}regex used for validation is '${fmt}')`;
}

function check(value: string, max: number, re: RegExp, err: () => string): string[] {
  const errs: string[] = [];
  if (byteLength(value) > max) errs.push(maxLenError(max));
  if (!re.test(value)) errs.push(err());
  return errs;
}

/** Checks an RFC 1123 label (`IsDNS1123Label`), e.g. a namespace name. */
export function isDNS1123Label(value: string): string[] {
  return check(value, DNS1123_LABEL_MAX_LENGTH, DNS1123_LABEL_RE, () =>
    regexError(DNS1123_LABEL_ERR, DNS1123_LABEL_FMT, 'my-name', '123-abc'),
  );
}

/** Checks an RFC 1123 subdomain (`IsDNS1123Subdomain`), the default object name rule. */
export function isDNS1123Subdomain(value: string): string[] {
  return check(value, DNS1123_SUBDOMAIN_MAX_LENGTH, DNS1123_SUBDOMAIN_RE, () =>
    regexError(DNS1123_SUBDOMAIN_ERR, DNS1123_SUBDOMAIN_FMT, 'example.com'),
  );
}

/** Checks an RFC 1035 label (`IsDNS1035Label`), e.g. a service name. */
export function isDNS1035Label(value: string): string[] {
  return check(value, DNS1035_LABEL_MAX_LENGTH, DNS1035_LABEL_RE, () =>
    regexError(DNS1035_LABEL_ERR, DNS1035_LABEL_FMT, 'my-name', 'abc-123'),
  );
}

/** Checks a label value (`IsValidLabelValue`): empty, or a qualified-name-like string ≤ 63. */
export function isValidLabelValue(value: string): string[] {
  return check(value, LABEL_VALUE_MAX_LENGTH, LABEL_VALUE_RE, () =>
    regexError(LABEL_VALUE_ERR, LABEL_VALUE_FMT, 'MyValue', 'my_value', '12345'),
  );
}

const qualifiedNameRegexError = (): string =>
  regexError(QUALIFIED_NAME_ERR, QUALIFIED_NAME_FMT, 'MyName', 'my.name', '123-abc');

/**
 * Checks a qualified name (`IsQualifiedName`): a name part, optionally prefixed by a DNS
 * subdomain and `/`, as label keys and annotation keys are.
 */
export function isQualifiedName(value: string): string[] {
  const errs: string[] = [];
  const parts = value.split('/');
  if (parts.length > 2) {
    return [
      `a qualified name ${qualifiedNameRegexError()} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`,
    ];
  }
  const name = parts.length === 2 ? parts[1]! : parts[0]!;
  if (parts.length === 2) {
    const prefix = parts[0]!;
    if (prefix.length === 0) errs.push(`prefix part ${emptyError()}`);
    else errs.push(...isDNS1123Subdomain(prefix).map((m) => `prefix part ${m}`));
  }
  if (name.length === 0) errs.push(`name part ${emptyError()}`);
  else if (byteLength(name) > QUALIFIED_NAME_MAX_LENGTH) errs.push(`name part ${maxLenError(QUALIFIED_NAME_MAX_LENGTH)}`);
  if (!QUALIFIED_NAME_RE.test(name)) errs.push(`name part ${qualifiedNameRegexError()}`);
  return errs;
}
