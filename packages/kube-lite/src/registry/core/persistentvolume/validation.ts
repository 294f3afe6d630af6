/**
 * PersistentVolume validation (pkg/apis/core/validation `ValidatePersistentVolumeSpec`,
 * `ValidatePersistentVolumeUpdate`): access modes, a storage-only positive capacity, reclaim policy, storage
 * class, volume mode, exactly one volume source, node affinity for local volumes; the source and volumeMode are
 * immutable.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { type FieldError, fieldForbidden, fieldInvalid, fieldNotSupported, fieldRequired, newPath, semanticEqual } from '@apiserver/runtime';
import { coreV1 } from '@apiserver/runtime/apis';
import { recordAt, stringAt, stringsAt } from '../../../object-fields.js';
import { validateAccessModes, validateVolumeMode } from '../persistentvolumeclaim/access-modes.js';
import { validateNonNegativeQuantity, validatePositiveQuantity } from '../persistentvolumeclaim/quantity-validation.js';
import { validateStorageClassName } from '../persistentvolumeclaim/validation.js';
import { sourceOf, validatePersistentVolumeSource } from './sources.js';

const SPEC = newPath('spec');
const RECLAIM_POLICIES = ['Delete', 'Recycle', 'Retain'];

/** Validates a volume's spec. */
export function validatePersistentVolume(obj: ApiObject): FieldError[] {
  const spec = recordAt(obj, 'spec') ?? {};
  const modes = stringsAt(spec, 'accessModes');
  const errs: FieldError[] = [];
  if (modes.length === 0) errs.push(fieldRequired(SPEC.child('accessModes'), ''));
  errs.push(...validateAccessModes(modes, SPEC.child('accessModes')));
  const capacity = recordAt(spec, 'capacity') ?? {};
  const resources = Object.keys(capacity);
  if (resources.length === 0) errs.push(fieldRequired(SPEC.child('capacity'), ''));
  if (!resources.includes('storage') || resources.length > 1) errs.push(fieldNotSupported(SPEC.child('capacity'), capacity, ['storage']));
  for (const r of resources) {
    const at = SPEC.child('capacity').key(r);
    const negative = validateNonNegativeQuantity(capacity[r], at);
    errs.push(...(negative.length > 0 ? negative : validatePositiveQuantity(capacity[r], at)));
  }
  const policy = stringAt(spec, 'persistentVolumeReclaimPolicy');
  if (policy !== '' && !RECLAIM_POLICIES.includes(policy)) errs.push(fieldNotSupported(SPEC.child('persistentVolumeReclaimPolicy'), policy, RECLAIM_POLICIES));
  errs.push(...validateStorageClassName(spec), ...validatePersistentVolumeSource(spec, SPEC));
  if (recordAt(spec, 'local') !== undefined && recordAt(spec, 'nodeAffinity') === undefined) {
    errs.push(fieldRequired(SPEC.child('nodeAffinity'), 'Local volume requires node affinity'));
  }
  errs.push(...validateVolumeMode(spec.volumeMode, SPEC.child('volumeMode')));
  return errs;
}

/** Validates an update: the new volume, then the immutable source and volumeMode. */
export function validatePersistentVolumeUpdate(obj: ApiObject, old: ApiObject): FieldError[] {
  const errs = validatePersistentVolume(obj);
  const spec = recordAt(obj, 'spec');
  const oldSpec = recordAt(old, 'spec');
  if (!semanticEqual(coreV1.PersistentVolumeSourceSchema, sourceOf(spec), sourceOf(oldSpec))) {
    errs.push(fieldForbidden(newPath('spec', 'persistentvolumesource'), 'spec.persistentvolumesource is immutable after creation'));
  }
  if ((spec?.volumeMode ?? null) !== (oldSpec?.volumeMode ?? null)) errs.push(fieldInvalid(newPath('volumeMode'), spec?.volumeMode ?? null, 'field is immutable'));
  return errs;
}
