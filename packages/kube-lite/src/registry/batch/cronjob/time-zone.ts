/**
 * CronJob time zones (pkg/apis/batch/validation `validateTimeZone`): IANA names, checked against the time zone
 * database of Node's ICU where upstream loads the system one (`time.LoadLocation`).
 * @module
 */
import { type FieldError, type FieldPath, fieldInvalid } from '@apiserver/runtime';

// A name component as upstream allows it: ASCII letters, digits, '.', '-', '_', '+', 1 to 14 characters.
const VALID_COMPONENT = /^[A-Za-z.\-_0-9+]{1,14}$/;

/** Whether the time zone database knows `zone` (`UTC` included). */
export function isKnownTimeZone(zone: string): boolean {
  if (zone === 'UTC') return true;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone !== '';
  } catch {
    return false;
  }
}

/** Validates `spec.timeZone` when set: a non-empty, explicit, known IANA name. */
export function validateTimeZone(zone: unknown, path: FieldPath): FieldError[] {
  if (typeof zone !== 'string') return [];
  if (zone === '') return [fieldInvalid(path, zone, 'timeZone must be nil or non-empty string')];
  for (const part of zone.split('/')) {
    if (part === '.' || part === '..' || part.startsWith('-') || !VALID_COMPONENT.test(part)) {
      return [fieldInvalid(path, zone, `unknown time zone ${zone}`)];
    }
  }
  const errs: FieldError[] = [];
  if (zone.toLowerCase() === 'local') errs.push(fieldInvalid(path, zone, 'timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones'));
  // Go loads "Local" (the server's zone); any other unknown name fails.
  if (zone !== 'Local' && !isKnownTimeZone(zone)) errs.push(fieldInvalid(path, zone, `unknown time zone ${zone}`));
  return errs;
}
