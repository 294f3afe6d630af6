/**
 * kubectl's statefulset columns (pkg/printers/internalversion `printStatefulSet`): NAME READY AGE, wide
 * CONTAINERS IMAGES.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { AGE_COLUMN, ageCell, column, NAME_COLUMN, type PrintContext, PrinterTableConvertor, type PrinterOptions } from '../../../printers/index.js';
import { CONTAINERS_DOC, containerCells, count, IMAGES_DOC } from '../replicaset/printer.js';

const STATEFULSET_COLUMNS = [
  NAME_COLUMN,
  column('Ready', 'string', 'Number of the pod with ready state'),
  AGE_COLUMN,
  column('Containers', 'string', CONTAINERS_DOC, { priority: 1 }),
  column('Images', 'string', IMAGES_DOC, { priority: 1 }),
];

/** The cells of one statefulset row (`ready/desired`). */
export function printStatefulSet(sts: ApiObject, ctx: PrintContext): unknown[] {
  return [sts.metadata.name ?? '', `${count(sts, 'status', 'readyReplicas')}/${count(sts, 'spec', 'replicas')}`, ageCell(sts, ctx.now), ...containerCells(sts)];
}

/** The statefulsets' TableConvertor. */
export function newStatefulSetTableConvertor(options?: PrinterOptions): PrinterTableConvertor {
  return new PrinterTableConvertor(STATEFULSET_COLUMNS, printStatefulSet, options);
}
