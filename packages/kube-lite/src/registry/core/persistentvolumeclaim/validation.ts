/**
 * PersistentVolumeClaim validation (pkg/apis/core/validation `ValidatePersistentVolumeClaimSpec`,
 * `ValidatePersistentVolumeClaimUpdate`, `ValidatePersistentVolumeClaimStatusUpdate`): access modes, a positive
 * storage request, storage class name, volume mode, selector; on update the spec is immutable except the storage
 * request of a bound claim (which may only grow) and a volumeName set once.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { type FieldError, fieldForbidden, fieldInvalid, fieldRequired, isDNS1123Subdomain, newPath, quantitiesEqual, semanticEqual } from '@apiserver/runtime';
import { coreV1 } from '@apiserver/runtime/apis';
import { type JSONRecord, recordAt, stringAt, stringsAt } from '../../../object-fields.js';
import { validateLabelSelector } from '../../label-selector-validation.js';
import { quantityValue } from '../pod/qos.js';
import { validateAccessModes, validateVolumeMode } from './access-modes.js';
import { validateNonNegativeQuantity, validatePositiveQuantity } from './quantity-validation.js';

const SPEC = newPath('spec');

/** `ValidateClassName` of a storage class name at `path`, when set. */
export function validateStorageClassName(spec: JSONRecord, path = SPEC.child('storageClassName')): FieldError[] {
  const name = stringAt(spec, 'storageClassName');
  return name === '' ? [] : isDNS1123Subdomain(name).map((m) => fieldInvalid(path, name, m));
}

/** Validates a claim spec at `path` (claims and claim templates). */
export function validateClaimSpec(spec: JSONRecord, path = SPEC): FieldError[] {
  const modes = stringsAt(spec, 'accessModes');
  const errs: FieldError[] = [];
  if (modes.length === 0) errs.push(fieldRequired(path.child('accessModes'), 'at least 1 access mode is required'));
  const selector = recordAt(spec, 'selector');
  if (selector !== undefined) errs.push(...validateLabelSelector(selector, path.child('selector')));
  errs.push(...validateAccessModes(modes, path.child('accessModes')));
  const storagePath = path.child('resources').key('storage');
  const requests = recordAt(recordAt(spec, 'resources'), 'requests');
  if (requests === undefined || !Object.hasOwn(requests, 'storage')) errs.push(fieldRequired(storagePath, ''));
  else errs.push(...validatePositiveQuantity(requests.storage, storagePath));
  errs.push(...validateStorageClassName(spec, path.child('storageClassName')), ...validateVolumeMode(spec.volumeMode, path.child('volumeMode')));
  return errs;
}

/** Validates a new claim. */
export function validatePersistentVolumeClaim(obj: ApiObject): FieldError[] {
  return validateClaimSpec(recordAt(obj, 'spec') ?? {});
}

const storageOf = (spec: JSONRecord | undefined): unknown => recordAt(recordAt(spec, 'resources'), 'requests')?.storage;

/** The spec with what may change on update set to the old values (volumeName once, a bound claim's storage). */
function comparableSpec(obj: ApiObject, old: ApiObject): JSONRecord {
  const spec = structuredClone(recordAt(obj, 'spec') ?? {});
  const oldSpec = recordAt(old, 'spec') ?? {};
  if (stringAt(oldSpec, 'volumeName') === '') {
    if (oldSpec.volumeName === undefined) delete spec.volumeName;
    else spec.volumeName = oldSpec.volumeName;
  }
  const requests = recordAt(recordAt(spec, 'resources'), 'requests');
  if (stringAt(recordAt(obj, 'status'), 'phase') === 'Bound' && requests !== undefined) {
    const before = storageOf(oldSpec);
    if (before === undefined) delete requests.storage;
    else requests.storage = before;
  }
  return spec;
}

/** Validates an update: the new claim, the immutable spec, and no shrinking of the storage request. */
export function validatePersistentVolumeClaimUpdate(obj: ApiObject, old: ApiObject): FieldError[] {
  const errs = validatePersistentVolumeClaim(obj);
  if (!semanticEqual(coreV1.PersistentVolumeClaimSpecSchema, comparableSpec(obj, old), recordAt(old, 'spec') ?? {})) {
    errs.push(fieldForbidden(SPEC, 'spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims'));
  }
  const before = quantityValue(storageOf(recordAt(old, 'spec')));
  const now = quantityValue(storageOf(recordAt(obj, 'spec')));
  if (before !== undefined && now !== undefined && now < before && !quantitiesEqual(storageOf(recordAt(obj, 'spec')), storageOf(recordAt(old, 'spec')))) {
    errs.push(fieldForbidden(SPEC.child('resources', 'requests', 'storage'), 'field can not be less than previous value'));
  }
  return errs;
}

/** Validates a status update: the spec still has access modes, capacities are quantities that are not negative. */
export function validatePersistentVolumeClaimStatus(obj: ApiObject): FieldError[] {
  const errs: FieldError[] = [];
  if (stringsAt(recordAt(obj, 'spec'), 'accessModes').length === 0) errs.push(fieldRequired(SPEC.child('accessModes'), 'at least 1 access mode is required'));
  const capacity = recordAt(recordAt(obj, 'status'), 'capacity') ?? {};
  for (const [name, q] of Object.entries(capacity)) errs.push(...validateNonNegativeQuantity(q, newPath('status', 'capacity').key(name)));
  return errs;
}
