/**
 * kubectl's volume columns (pkg/printers/internalversion `printPersistentVolume`, 1.32): NAME CAPACITY ACCESS
 * MODES RECLAIM POLICY STATUS CLAIM STORAGECLASS VOLUMEATTRIBUTESCLASS REASON AGE, wide VOLUMEMODE.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { AGE_COLUMN, ageCell, column, NAME_COLUMN, type PrintContext, PrinterTableConvertor, type PrinterOptions } from '../../../printers/index.js';
import { recordAt, stringAt, stringsAt } from '../../../object-fields.js';
import { accessModesString } from '../persistentvolumeclaim/access-modes.js';
import { orUnset, phaseCell, storageClassOf } from '../persistentvolumeclaim/printer.js';

const VOLUME_COLUMNS = [
  NAME_COLUMN,
  column('Capacity', 'string', "capacity is the description of the persistent volume's resources and capacity."),
  column('Access Modes', 'string', 'accessModes contains all ways the volume can be mounted.'),
  column('Reclaim Policy', 'string', 'persistentVolumeReclaimPolicy defines what happens to a persistent volume when released from its claim.'),
  column('Status', 'string', 'phase indicates if a volume is available, bound to a claim, or released by a claim.'),
  column('Claim', 'string', 'claimRef is part of a bi-directional binding between PersistentVolume and PersistentVolumeClaim.'),
  column('StorageClass', 'string', 'StorageClass of the pv'),
  column('VolumeAttributesClass', 'string', 'VolumeAttributesClass of the pv'),
  column('Reason', 'string', 'reason is a brief CamelCase string that describes any failure and is meant for machine parsing and tidy display in the CLI.'),
  AGE_COLUMN,
  column('VolumeMode', 'string', 'volumeMode defines if a volume is intended to be used with a formatted filesystem or to remain in raw block state.', { priority: 1 }),
];

/** The cells of one volume row. */
export function printPersistentVolume(pv: ApiObject, ctx: PrintContext): unknown[] {
  const spec = recordAt(pv, 'spec');
  const claim = recordAt(spec, 'claimRef');
  const claimCell = claim === undefined ? '' : `${stringAt(claim, 'namespace')}/${stringAt(claim, 'name')}`;
  return [
    pv.metadata.name ?? '',
    stringAt(recordAt(spec, 'capacity'), 'storage', '0'),
    accessModesString(stringsAt(spec, 'accessModes')),
    stringAt(spec, 'persistentVolumeReclaimPolicy'),
    phaseCell(pv),
    claimCell,
    storageClassOf(pv),
    orUnset(spec, 'volumeAttributesClassName'),
    stringAt(recordAt(pv, 'status'), 'reason'),
    ageCell(pv, ctx.now),
    orUnset(spec, 'volumeMode'),
  ];
}

/** The volumes' TableConvertor. */
export function newPersistentVolumeTableConvertor(options?: PrinterOptions): PrinterTableConvertor {
  return new PrinterTableConvertor(VOLUME_COLUMNS, printPersistentVolume, options);
}
