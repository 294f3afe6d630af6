/**
 * Port checks shared by pods and services (apimachinery `validation.IsValidPortName`, `IsValidPortNum`).
 * @module
 */
import { type FieldError, type FieldPath, fieldInvalid, maxLenError } from '@apiserver/runtime';

/** Protocols a container or service port may use (sorted, as upstream lists them). */
export const SUPPORTED_PORT_PROTOCOLS: readonly string[] = ['SCTP', 'TCP', 'UDP'];

/** upstream `InclusiveRangeError`. */
export function inclusiveRangeError(lo: number, hi: number): string {
  return `must be between ${lo} and ${hi}, inclusive`;
}

/** Messages for a bad port number (1–65535), empty when valid (`IsValidPortNum`). */
export function isValidPortNum(port: unknown): string[] {
  return typeof port === 'number' && Number.isInteger(port) && port >= 1 && port <= 65535 ? [] : [inclusiveRangeError(1, 65535)];
}

/** Messages for a bad IANA_SVC_NAME (at most 15 of a-z, 0-9, '-', one letter, no '--', no edge '-'). */
export function isValidPortName(name: string): string[] {
  const errs: string[] = [];
  if (name.length > 15) errs.push(maxLenError(15));
  if (!/^[-a-z0-9]+$/.test(name)) errs.push('must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)');
  if (!/[a-z]/.test(name)) errs.push('must contain at least one letter (a-z)');
  if (name.includes('--')) errs.push('must not contain consecutive hyphens');
  if (name.startsWith('-') || name.endsWith('-')) errs.push('must not begin or end with a hyphen');
  return errs;
}

/** Validates an int-or-string port (`ValidatePortNumOrName`): numbers as port numbers, strings as port names. */
export function validatePortNumOrName(port: unknown, path: FieldPath): FieldError[] {
  if (typeof port === 'string') {
    if (port === '') return [fieldInvalid(path, port, 'must contain at least one letter or number (a-z, 0-9)')];
    return isValidPortName(port).map((m) => fieldInvalid(path, port, m));
  }
  return isValidPortNum(port).map((m) => fieldInvalid(path, port, m));
}
