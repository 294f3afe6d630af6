/**
 * kubectl's volumeattachment columns (pkg/printers/internalversion `printVolumeAttachment`): NAME ATTACHER PV
 * NODE ATTACHED AGE.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { AGE_COLUMN, ageCell, column, NAME_COLUMN, type PrintContext, PrinterTableConvertor, type PrinterOptions, recordAt, stringAt } from '../../../printers/index.js';

const VOLUME_ATTACHMENT_COLUMNS = [
  NAME_COLUMN,
  column('Attacher', 'string', 'attacher indicates the name of the volume driver that MUST handle this request. This is the name returned by GetPluginName().', { format: 'name' }),
  column('PV', 'string', 'persistentVolumeName represents the name of the persistent volume to attach.'),
  column('Node', 'string', 'nodeName represents the node that the volume should be attached to.'),
  column(
    'Attached',
    'boolean',
    'attached indicates the volume is successfully attached. This field must only be set by the entity completing the attach operation, i.e. the external-attacher.',
  ),
  AGE_COLUMN,
];

/** The cells of one volumeattachment row. */
export function printVolumeAttachment(obj: ApiObject, ctx: PrintContext): unknown[] {
  const spec = recordAt(obj, 'spec');
  return [
    obj.metadata.name ?? '',
    stringAt(spec, 'attacher'),
    stringAt(recordAt(spec, 'source'), 'persistentVolumeName'),
    stringAt(spec, 'nodeName'),
    recordAt(obj, 'status')?.attached === true,
    ageCell(obj, ctx.now),
  ];
}

/** The volumeattachments' TableConvertor. */
export function newVolumeAttachmentTableConvertor(options?: PrinterOptions): PrinterTableConvertor {
  return new PrinterTableConvertor(VOLUME_ATTACHMENT_COLUMNS, printVolumeAttachment, options);
}
