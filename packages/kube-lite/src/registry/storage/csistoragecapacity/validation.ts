/**
 * CSIStorageCapacity validation (pkg/apis/storage/validation `ValidateCSIStorageCapacity`,
 * `ValidateCSIStorageCapacityUpdate`): a valid node topology selector, a storage class name that is a DNS
 * subdomain, a non-negative capacity; nodeTopology and storageClassName immutable.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { type FieldError, fieldInvalid, LabelSelectorSchema, nameIsDNSSubdomain, newPath, semanticEqual } from '@apiserver/runtime';
import { isRecord } from '../../../object-fields.js';
import { validateLabelSelector } from '../../label-selector-validation.js';
import { quantityValue } from '../../core/pod/qos.js';

/** Validates a storage capacity object. */
export function validateCSIStorageCapacity(capacity: ApiObject): FieldError[] {
  const errs = isRecord(capacity.nodeTopology) ? validateLabelSelector(capacity.nodeTopology, newPath('nodeTopology')) : [];
  const className = typeof capacity.storageClassName === 'string' ? capacity.storageClassName : '';
  for (const msg of nameIsDNSSubdomain(className, false)) errs.push(fieldInvalid(newPath('storageClassName'), className, msg));
  const value = quantityValue(capacity.capacity);
  if (value !== undefined && value < 0) errs.push(fieldInvalid(newPath('capacity'), capacity.capacity, 'must be greater than or equal to 0'));
  return errs;
}

/** The update rules (without re-validating the object, as upstream): nodeTopology and storageClassName unchanged. */
export function validateCSIStorageCapacityUpdate(capacity: ApiObject, old: ApiObject): FieldError[] {
  const errs: FieldError[] = [];
  const topology = capacity.nodeTopology ?? null;
  const oldTopology = old.nodeTopology ?? null;
  const same = topology === null || oldTopology === null ? topology === oldTopology : semanticEqual(LabelSelectorSchema, topology, oldTopology);
  if (!same) errs.push(fieldInvalid(newPath('nodeTopology'), topology, 'field is immutable'));
  if (capacity.storageClassName !== old.storageClassName) errs.push(fieldInvalid(newPath('storageClassName'), capacity.storageClassName ?? '', 'field is immutable'));
  return errs;
}
