/**
 * kubectl's replicaset columns (pkg/printers/internalversion `printReplicaSet`): NAME DESIRED CURRENT READY
 * AGE, wide CONTAINERS IMAGES SELECTOR; plus the container/image cells deployments share.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { AGE_COLUMN, ageCell, column, NAME_COLUMN, type PrintContext, PrinterTableConvertor, type PrinterOptions } from '../../../printers/index.js';
import { isInteger, recordAt, recordsAt, stringAt } from '../../../object-fields.js';
import { selectorString } from './workload-validation.js';

/** Description of the wide Containers column. */
export const CONTAINERS_DOC = 'Names of each container in the template.';
/** Description of the wide Images column. */
export const IMAGES_DOC = 'Images referenced by each container in the template.';
/** Description of the wide Selector column of workloads. */
export const WORKLOAD_SELECTOR_DOC =
  'Label selector for pods. Existing ReplicaSets whose pods are selected by this will be the ones affected by this deployment.';

/** The CONTAINERS and IMAGES cells of a pod template (`layoutContainerCells`): comma-separated. */
export function containerCells(obj: ApiObject): [string, string] {
  const containers = recordsAt(recordAt(recordAt(recordAt(obj, 'spec'), 'template'), 'spec'), 'containers');
  return [containers.map((c) => stringAt(c, 'name')).join(','), containers.map((c) => stringAt(c, 'image')).join(',')];
}

/** An integer field of `status`/`spec` as an int64 cell (0 when absent). */
export function count(obj: ApiObject, section: 'spec' | 'status', field: string): number {
  const v = recordAt(obj, section)?.[field];
  return isInteger(v) ? v : 0;
}

/** The SELECTOR cell: the selector string, `<invalid>` when it does not parse. */
export function selectorCell(obj: ApiObject): string {
  return selectorString(recordAt(obj, 'spec')?.selector) ?? '<invalid>';
}

const REPLICASET_COLUMNS = [
  NAME_COLUMN,
  column(
    'Desired',
    'integer',
    'Replicas is the number of desired pods. This is a pointer to distinguish between explicit zero and unspecified. Defaults to 1. More info: https://kubernetes.io/docs/concepts/workloads/controllers/replicaset/#how-a-replicaset-works',
  ),
  column(
    'Current',
    'integer',
    'Replicas is the most recently observed number of non-terminating pods. More info: https://kubernetes.io/docs/concepts/workloads/controllers/replicaset/#how-a-replicaset-works',
  ),
  column('Ready', 'integer', 'The number of non-terminating pods targeted by this ReplicaSet with a Ready Condition.'),
  AGE_COLUMN,
  column('Containers', 'string', CONTAINERS_DOC, { priority: 1 }),
  column('Images', 'string', IMAGES_DOC, { priority: 1 }),
  column(
    'Selector',
    'string',
    "Selector is a label query over pods that should match the replica count. Label keys and values that must match in order to be controlled by this replica set. It must match the pod template's labels. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/#label-selectors",
    { priority: 1 },
  ),
];

/** The cells of one replicaset row. */
export function printReplicaSet(rs: ApiObject, ctx: PrintContext): unknown[] {
  return [
    rs.metadata.name ?? '',
    count(rs, 'spec', 'replicas'),
    count(rs, 'status', 'replicas'),
    count(rs, 'status', 'readyReplicas'),
    ageCell(rs, ctx.now),
    ...containerCells(rs),
    selectorCell(rs),
  ];
}

/** The replicasets' TableConvertor. */
export function newReplicaSetTableConvertor(options?: PrinterOptions): PrinterTableConvertor {
  return new PrinterTableConvertor(REPLICASET_COLUMNS, printReplicaSet, options);
}
