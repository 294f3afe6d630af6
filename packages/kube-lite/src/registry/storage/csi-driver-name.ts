/**
 * pkg/apis/core/validation `ValidateCSIDriverName`: a driver name is required, at most 63 characters and, lower
 * cased, a DNS-1123 subdomain (CSINode drivers and VolumeAttachment attachers).
 * @module
 */
import { type FieldError, type FieldPath, fieldInvalid, fieldRequired, fieldTooLong, isDNS1123Subdomain } from '@apiserver/runtime';

const MAX_CSI_DRIVER_NAME = 63;

/** Validates a CSI driver name at `path`. */
export function validateCSIDriverName(name: string, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (name === '') errs.push(fieldRequired(path, ''));
  if (name.length > MAX_CSI_DRIVER_NAME) errs.push(fieldTooLong(path, name, MAX_CSI_DRIVER_NAME));
  for (const msg of isDNS1123Subdomain(name.toLowerCase())) errs.push(fieldInvalid(path, name, msg));
  return errs;
}
