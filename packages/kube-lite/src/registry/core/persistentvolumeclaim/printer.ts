/**
 * kubectl's claim columns (pkg/printers/internalversion `printPersistentVolumeClaim`, 1.32): NAME STATUS VOLUME
 * CAPACITY ACCESS MODES STORAGECLASS VOLUMEATTRIBUTESCLASS AGE, wide VOLUMEMODE. Capacity and access modes come
 * from the status once the claim names a volume; a deleted claim shows Terminating.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { AGE_COLUMN, ageCell, column, NAME_COLUMN, type PrintContext, PrinterTableConvertor, type PrinterOptions } from '../../../printers/index.js';
import { type JSONRecord, recordAt, stringAt, stringsAt } from '../../../object-fields.js';
import { accessModesString } from './access-modes.js';

/** The annotation that named a class before `storageClassName` existed. */
export const BETA_STORAGE_CLASS_ANNOTATION = 'volume.beta.kubernetes.io/storage-class';

const CLAIM_COLUMNS = [
  NAME_COLUMN,
  column('Status', 'string', 'phase represents the current phase of PersistentVolumeClaim.'),
  column('Volume', 'string', 'volumeName is the binding reference to the PersistentVolume backing this claim.'),
  column('Capacity', 'string', 'capacity represents the actual resources of the underlying volume.'),
  column('Access Modes', 'string', 'accessModes contains the actual access modes the volume backing the PVC has.'),
  column('StorageClass', 'string', 'StorageClass of the pvc'),
  column('VolumeAttributesClass', 'string', 'VolumeAttributesClass of the pvc'),
  AGE_COLUMN,
  column('VolumeMode', 'string', 'volumeMode defines what type of volume is required by the claim.', { priority: 1 }),
];

/** The class of a claim or volume: the beta annotation, else `spec.storageClassName`. */
export function storageClassOf(obj: ApiObject): string {
  const annotated = obj.metadata.annotations?.[BETA_STORAGE_CLASS_ANNOTATION];
  return annotated ?? stringAt(recordAt(obj, 'spec'), 'storageClassName');
}

/** `<unset>` for an absent optional string. */
export function orUnset(spec: JSONRecord | undefined, field: string): string {
  const v = spec?.[field];
  return typeof v === 'string' && v !== '' ? v : '<unset>';
}

/** The phase, or Terminating once deletion started. */
export function phaseCell(obj: ApiObject): string {
  return obj.metadata.deletionTimestamp === undefined ? stringAt(recordAt(obj, 'status'), 'phase') : 'Terminating';
}

/** The cells of one claim row. */
export function printPersistentVolumeClaim(pvc: ApiObject, ctx: PrintContext): unknown[] {
  const spec = recordAt(pvc, 'spec');
  const status = recordAt(pvc, 'status');
  const volume = stringAt(spec, 'volumeName');
  const bound = volume !== '';
  const capacity = bound ? stringAt(recordAt(status, 'capacity'), 'storage', '0') : '';
  const modes = bound ? accessModesString(stringsAt(status, 'accessModes')) : '';
  return [pvc.metadata.name ?? '', phaseCell(pvc), volume, capacity, modes, storageClassOf(pvc), orUnset(spec, 'volumeAttributesClassName'), ageCell(pvc, ctx.now), orUnset(spec, 'volumeMode')];
}

/** The claims' TableConvertor. */
export function newPersistentVolumeClaimTableConvertor(options?: PrinterOptions): PrinterTableConvertor {
  return new PrinterTableConvertor(CLAIM_COLUMNS, printPersistentVolumeClaim, options);
}
