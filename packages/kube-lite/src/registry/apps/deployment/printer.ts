/**
 * kubectl's deployment columns (pkg/printers/internalversion `printDeployment`): NAME READY UP-TO-DATE
 * AVAILABLE AGE, wide CONTAINERS IMAGES SELECTOR.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { AGE_COLUMN, ageCell, column, NAME_COLUMN, type PrintContext, PrinterTableConvertor, type PrinterOptions } from '../../../printers/index.js';
import { CONTAINERS_DOC, containerCells, count, IMAGES_DOC, selectorCell, WORKLOAD_SELECTOR_DOC } from '../replicaset/printer.js';

const DEPLOYMENT_COLUMNS = [
  NAME_COLUMN,
  column('Ready', 'string', 'Number of the pod with ready state'),
  column('Up-to-date', 'string', 'Total number of non-terminated pods targeted by this deployment that have the desired template spec.'),
  column('Available', 'string', 'Total number of available pods (ready for at least minReadySeconds) targeted by this deployment.'),
  AGE_COLUMN,
  column('Containers', 'string', CONTAINERS_DOC, { priority: 1 }),
  column('Images', 'string', IMAGES_DOC, { priority: 1 }),
  column('Selector', 'string', WORKLOAD_SELECTOR_DOC, { priority: 1 }),
];

/** The cells of one deployment row (`ready/desired`, then updated and available as integers). */
export function printDeployment(d: ApiObject, ctx: PrintContext): unknown[] {
  return [
    d.metadata.name ?? '',
    `${count(d, 'status', 'readyReplicas')}/${count(d, 'spec', 'replicas')}`,
    count(d, 'status', 'updatedReplicas'),
    count(d, 'status', 'availableReplicas'),
    ageCell(d, ctx.now),
    ...containerCells(d),
    selectorCell(d),
  ];
}

/** The deployments' TableConvertor. */
export function newDeploymentTableConvertor(options?: PrinterOptions): PrinterTableConvertor {
  return new PrinterTableConvertor(DEPLOYMENT_COLUMNS, printDeployment, options);
}
