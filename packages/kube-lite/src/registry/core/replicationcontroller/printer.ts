/**
 * kubectl's replication controller columns (pkg/printers/internalversion `printReplicationController`): NAME
 * DESIRED CURRENT READY AGE, wide CONTAINERS IMAGES SELECTOR (the map selector as `k=v,…`).
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { AGE_COLUMN, ageCell, column, NAME_COLUMN, type PrintContext, PrinterTableConvertor, type PrinterOptions } from '../../../printers/index.js';
import { recordAt } from '../../../object-fields.js';
import { formatLabels } from '../../apps/daemonset/printer.js';
import { CONTAINERS_DOC, containerCells, count, IMAGES_DOC } from '../../apps/replicaset/printer.js';

const CONTROLLER_COLUMNS = [
  NAME_COLUMN,
  column('Desired', 'integer', 'Replicas is the number of desired replicas.'),
  column('Current', 'integer', 'Replicas is the most recently observed number of replicas.'),
  column('Ready', 'integer', 'The number of ready replicas for this replication controller.'),
  AGE_COLUMN,
  column('Containers', 'string', CONTAINERS_DOC, { priority: 1 }),
  column('Images', 'string', IMAGES_DOC, { priority: 1 }),
  column('Selector', 'string', 'Selector is a label query over pods that should match the Replicas count.', { priority: 1 }),
];

/** The cells of one controller row. */
export function printReplicationController(rc: ApiObject, ctx: PrintContext): unknown[] {
  return [
    rc.metadata.name ?? '',
    count(rc, 'spec', 'replicas'),
    count(rc, 'status', 'replicas'),
    count(rc, 'status', 'readyReplicas'),
    ageCell(rc, ctx.now),
    ...containerCells(rc),
    formatLabels(recordAt(rc, 'spec'), 'selector'),
  ];
}

/** The controllers' TableConvertor. */
export function newReplicationControllerTableConvertor(options?: PrinterOptions): PrinterTableConvertor {
  return new PrinterTableConvertor(CONTROLLER_COLUMNS, printReplicationController, options);
}
