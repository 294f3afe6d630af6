/**
 * kubectl's pod template columns (pkg/printers/internalversion `printPodTemplate`): NAME CONTAINERS IMAGES
 * POD LABELS.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { column, NAME_COLUMN, PrinterTableConvertor, type PrinterOptions } from '../../../printers/index.js';
import { recordAt, recordsAt, stringAt } from '../../../object-fields.js';
import { formatLabels } from '../../apps/daemonset/printer.js';

const POD_TEMPLATE_COLUMNS = [
  NAME_COLUMN,
  column('Containers', 'string', 'Names of each container in the template.'),
  column('Images', 'string', 'Images referenced by each container in the template.'),
  column('Pod Labels', 'string', 'The labels for the pod template.'),
];

/** The cells of one pod template row. */
export function printPodTemplate(pt: ApiObject): unknown[] {
  const template = recordAt(pt, 'template');
  const containers = recordsAt(recordAt(template, 'spec'), 'containers');
  return [
    pt.metadata.name ?? '',
    containers.map((c) => stringAt(c, 'name')).join(','),
    containers.map((c) => stringAt(c, 'image')).join(','),
    formatLabels(recordAt(template, 'metadata'), 'labels'),
  ];
}

/** The pod templates' TableConvertor. */
export function newPodTemplateTableConvertor(options?: PrinterOptions): PrinterTableConvertor {
  return new PrinterTableConvertor(POD_TEMPLATE_COLUMNS, printPodTemplate, options);
}
