/**
 * kubectl's daemonset columns (pkg/printers/internalversion `printDaemonSet`): NAME DESIRED CURRENT READY
 * UP-TO-DATE AVAILABLE NODE SELECTOR AGE, wide CONTAINERS IMAGES SELECTOR.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { AGE_COLUMN, ageCell, column, NAME_COLUMN, type PrintContext, PrinterTableConvertor, type PrinterOptions, recordAt, stringEntries } from '../../../printers/index.js';
import { formatLabelSelector } from '../../batch/job/printer.js';
import { CONTAINERS_DOC, containerCells, count, IMAGES_DOC } from '../replicaset/printer.js';

// The descriptions are extensions/v1beta1 DaemonSetStatus/DaemonSetSpec and core/v1 PodSpec swagger docs, as upstream's.
const DAEMONSET_COLUMNS = [
  NAME_COLUMN,
  column(
    'Desired',
    'integer',
    'The total number of nodes that should be running the daemon pod (including nodes correctly running the daemon pod). More info: https://kubernetes.io/docs/concepts/workloads/controllers/daemonset/',
  ),
  column(
    'Current',
    'integer',
    'The number of nodes that are running at least 1 daemon pod and are supposed to run the daemon pod. More info: https://kubernetes.io/docs/concepts/workloads/controllers/daemonset/',
  ),
  column('Ready', 'integer', 'The number of nodes that should be running the daemon pod and have one or more of the daemon pod running and ready.'),
  column('Up-to-date', 'integer', 'The total number of nodes that are running updated daemon pod'),
  column(
    'Available',
    'integer',
    'The number of nodes that should be running the daemon pod and have one or more of the daemon pod running and available (ready for at least spec.minReadySeconds)',
  ),
  column(
    'Node Selector',
    'string',
    "NodeSelector is a selector which must be true for the pod to fit on a node. Selector which must match a node's labels for the pod to be scheduled on that node. More info: https://kubernetes.io/docs/concepts/configuration/assign-pod-node/",
  ),
  AGE_COLUMN,
  column('Containers', 'string', CONTAINERS_DOC, { priority: 1 }),
  column('Images', 'string', IMAGES_DOC, { priority: 1 }),
  column(
    'Selector',
    'string',
    'A label query over pods that are managed by the daemon set. Must match in order to be controlled. If empty, defaulted to labels on Pod template. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/#label-selectors',
    { priority: 1 },
  ),
];

/** `labels.FormatLabels`: `k=v` pairs sorted by key, `<none>` when empty. */
export function formatLabels(parent: unknown, key: string): string {
  const pairs = stringEntries(parent, key).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return pairs.length === 0 ? '<none>' : pairs.map(([k, v]) => `${k}=${v}`).join(',');
}

/** The cells of one daemonset row. */
export function printDaemonSet(ds: ApiObject, ctx: PrintContext): unknown[] {
  const podSpec = recordAt(recordAt(recordAt(ds, 'spec'), 'template'), 'spec');
  return [
    ds.metadata.name ?? '',
    ...['desiredNumberScheduled', 'currentNumberScheduled', 'numberReady', 'updatedNumberScheduled', 'numberAvailable'].map((f) => count(ds, 'status', f)),
    formatLabels(podSpec, 'nodeSelector'),
    ageCell(ds, ctx.now),
    ...containerCells(ds),
    formatLabelSelector(recordAt(ds, 'spec')?.selector),
  ];
}

/** The daemonsets' TableConvertor. */
export function newDaemonSetTableConvertor(options?: PrinterOptions): PrinterTableConvertor {
  return new PrinterTableConvertor(DAEMONSET_COLUMNS, printDaemonSet, options);
}
