/**
 * kubectl's storageclass columns (pkg/printers/internalversion `printStorageClass`): NAME PROVISIONER
 * RECLAIMPOLICY VOLUMEBINDINGMODE ALLOWVOLUMEEXPANSION AGE, the name marked `(default)` for the default class.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { AGE_COLUMN, ageCell, column, NAME_COLUMN, type PrintContext, PrinterTableConvertor, type PrinterOptions } from '../../../printers/index.js';

/** The annotation marking the default storage class, and its beta form (pkg/apis/storage/util). */
export const IS_DEFAULT_STORAGE_CLASS_ANNOTATION = 'storageclass.kubernetes.io/is-default-class';
const BETA_IS_DEFAULT_STORAGE_CLASS_ANNOTATION = 'storageclass.beta.kubernetes.io/is-default-class';

// The descriptions are storage/v1 StorageClass swagger docs, as upstream's column definitions.
const STORAGE_CLASS_COLUMNS = [
  NAME_COLUMN,
  column('Provisioner', 'string', 'provisioner indicates the type of the provisioner.'),
  column('ReclaimPolicy', 'string', 'reclaimPolicy controls the reclaimPolicy for dynamically provisioned PersistentVolumes of this storage class. Defaults to Delete.'),
  column(
    'VolumeBindingMode',
    'string',
    'volumeBindingMode indicates how PersistentVolumeClaims should be provisioned and bound.  When unset, VolumeBindingImmediate is used. This field is only honored by servers that enable the VolumeScheduling feature.',
  ),
  column('AllowVolumeExpansion', 'string', 'allowVolumeExpansion shows whether the storage class allow volume expand.'),
  AGE_COLUMN,
];

/** `IsDefaultAnnotation`: the GA or beta annotation is `"true"`. */
export function isDefaultStorageClass(obj: ApiObject): boolean {
  const a = obj.metadata.annotations ?? {};
  return a[IS_DEFAULT_STORAGE_CLASS_ANNOTATION] === 'true' || a[BETA_IS_DEFAULT_STORAGE_CLASS_ANNOTATION] === 'true';
}

/** The cells of one storageclass row. */
export function printStorageClass(obj: ApiObject, ctx: PrintContext): unknown[] {
  const name = `${obj.metadata.name ?? ''}${isDefaultStorageClass(obj) ? ' (default)' : ''}`;
  const reclaim = typeof obj.reclaimPolicy === 'string' ? obj.reclaimPolicy : 'Delete';
  const mode = typeof obj.volumeBindingMode === 'string' ? obj.volumeBindingMode : 'Immediate';
  return [name, typeof obj.provisioner === 'string' ? obj.provisioner : '', reclaim, mode, obj.allowVolumeExpansion === true, ageCell(obj, ctx.now)];
}

/** The storageclasses' TableConvertor. */
export function newStorageClassTableConvertor(options?: PrinterOptions): PrinterTableConvertor {
  return new PrinterTableConvertor(STORAGE_CLASS_COLUMNS, printStorageClass, options);
}
