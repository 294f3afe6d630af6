/**
 * kubectl's csidriver columns (pkg/printers/internalversion `printCSIDriver`): NAME ATTACHREQUIRED
 * PODINFOONMOUNT STORAGECAPACITY TOKENREQUESTS REQUIRESREPUBLISH MODES AGE. The column descriptions are the
 * first sentence of the CSIDriverSpec field docs upstream uses.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { AGE_COLUMN, ageCell, column, NAME_COLUMN, type PrintContext, PrinterTableConvertor, type PrinterOptions, recordAt, recordsAt, stringAt } from '../../../printers/index.js';

const CSI_DRIVER_COLUMNS = [
  NAME_COLUMN,
  column('AttachRequired', 'boolean', 'attachRequired indicates this CSI volume driver requires an attach operation (because it implements the CSI ControllerPublishVolume() method), and that the Kubernetes attach detach controller should call the attach volume interface which checks the volumeattachment status and waits until the volume is attached before proceeding to mounting.'),
  column('PodInfoOnMount', 'boolean', 'podInfoOnMount indicates this CSI volume driver requires additional pod information (like podName, podUID, etc.) during mount operations, if set to true.'),
  column('StorageCapacity', 'boolean', 'storageCapacity indicates that the CSI volume driver wants pod scheduling to consider the storage capacity that the driver deployment will report by creating CSIStorageCapacity objects with capacity information, if set to true.'),
  column('TokenRequests', 'string', 'tokenRequests indicates the CSI driver needs pods\' service account tokens it is mounting volume for to do necessary authentication.'),
  column('RequiresRepublish', 'boolean', 'requiresRepublish indicates the CSI driver wants `NodePublishVolume` being periodically called to reflect any possible change in the mounted volume.'),
  column('Modes', 'string', 'volumeLifecycleModes defines what kind of volumes this CSI volume driver supports.'),
  AGE_COLUMN,
];

const flag = (v: unknown, fallback: boolean): boolean => (typeof v === 'boolean' ? v : fallback);

/** The cells of one csidriver row. */
export function printCSIDriver(obj: ApiObject, ctx: PrintContext): unknown[] {
  const spec = recordAt(obj, 'spec');
  const modes = Array.isArray(spec?.volumeLifecycleModes) ? spec.volumeLifecycleModes.map(String).join(',') : '';
  const tokenRequests = Array.isArray(spec?.tokenRequests) ? recordsAt(spec, 'tokenRequests').map((r) => stringAt(r, 'audience')).join(',') : '<unset>';
  return [
    obj.metadata.name ?? '',
    flag(spec?.attachRequired, true),
    flag(spec?.podInfoOnMount, false),
    flag(spec?.storageCapacity, false),
    tokenRequests,
    flag(spec?.requiresRepublish, false),
    modes === '' ? '<none>' : modes,
    ageCell(obj, ctx.now),
  ];
}

/** The csidrivers' TableConvertor. */
export function newCSIDriverTableConvertor(options?: PrinterOptions): PrinterTableConvertor {
  return new PrinterTableConvertor(CSI_DRIVER_COLUMNS, printCSIDriver, options);
}
