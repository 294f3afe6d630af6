/**
 * kubectl's pod columns (pkg/printers/internalversion `podColumnDefinitions`, `printPod`):
 * NAME READY STATUS RESTARTS AGE, wide IP NODE NOMINATED NODE READINESS GATES.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import {
  AGE_COLUMN,
  ageCell,
  column,
  NAME_COLUMN,
  type PrintContext,
  type PrintedRow,
  PrinterTableConvertor,
  type PrinterOptions,
  translateTimestampSince,
} from '../../../printers/index.js';
import { recordAt, recordsAt, stringAt } from '../../../object-fields.js';
import { podStatusSummary } from './status-reason.js';

const POD_COLUMNS = [
  NAME_COLUMN,
  column('Ready', 'string', 'The aggregate readiness state of this pod for accepting traffic.'),
  column('Status', 'string', 'The aggregate status of the containers in this pod.'),
  column(
    'Restarts',
    'string',
    'The number of times the containers in this pod have been restarted and when the last container in this pod has restarted.',
  ),
  AGE_COLUMN,
  column(
    'IP',
    'string',
    'podIP address allocated to the pod. Routable at least within the cluster. Empty if not yet allocated.',
    { priority: 1 },
  ),
  column(
    'Node',
    'string',
    'NodeName indicates in which node this pod is scheduled. If empty, this pod is a candidate for scheduling by the scheduler defined in schedulerName. Once this field is set, the kubelet for this node becomes responsible for the lifecycle of this pod. This field should not be used to express a desire for the pod to be scheduled on a specific node. https://kubernetes.io/docs/concepts/scheduling-eviction/assign-pod-node/#nodename',
    { priority: 1 },
  ),
  column(
    'Nominated Node',
    'string',
    'nominatedNodeName is set only when this pod preempts other pods on the node, but it cannot be scheduled right away as preemption victims receive their graceful termination periods. This field does not guarantee that the pod will be scheduled on this node. Scheduler may decide to place the pod elsewhere if other nodes become available sooner. Scheduler may also decide to give the resources on this node to a higher priority pod that is created after preemption. As a result, this field may be different than PodSpec.nodeName when the pod is scheduled.',
    { priority: 1 },
  ),
  column(
    'Readiness Gates',
    'string',
    'If specified, all readiness gates will be evaluated for pod readiness. A pod is ready when all its containers are ready AND all conditions specified in the readiness gates have status equal to "True" More info: https://git.k8s.io/enhancements/keps/sig-network/580-pod-readiness-gates',
    { priority: 1 },
  ),
];

const COMPLETED = { type: 'Completed', status: 'True' } as const;

function orNone(s: string): string {
  return s === '' ? '<none>' : s;
}

function readinessGates(pod: ApiObject): string {
  const gates = recordsAt(recordAt(pod, 'spec'), 'readinessGates');
  if (gates.length === 0) return '<none>';
  const conditions = recordsAt(recordAt(pod, 'status'), 'conditions');
  const ready = gates.filter((g) => conditions.find((c) => c.type === g.conditionType)?.status === 'True').length;
  return `${ready}/${gates.length}`;
}

/** The cells (and Completed condition for finished pods) of one pod row. */
export function printPod(pod: ApiObject, ctx: PrintContext): PrintedRow {
  const s = podStatusSummary(pod);
  const status = recordAt(pod, 'status');
  const restarts =
    s.restarts !== 0 && s.lastRestart !== undefined
      ? `${s.restarts} (${translateTimestampSince(new Date(s.lastRestart).toISOString(), ctx.now)} ago)`
      : String(s.restarts);
  const podIP = stringAt(recordsAt(status, 'podIPs')[0], 'ip') || stringAt(status, 'podIP');
  const cells = [
    pod.metadata.name ?? '',
    `${s.ready}/${s.total}`,
    s.reason,
    restarts,
    ageCell(pod, ctx.now),
    orNone(podIP),
    orNone(stringAt(recordAt(pod, 'spec'), 'nodeName')),
    orNone(stringAt(status, 'nominatedNodeName')),
    readinessGates(pod),
  ];
  const phase = stringAt(status, 'phase');
  if (phase === 'Succeeded') return { cells, conditions: [{ ...COMPLETED, reason: 'Succeeded', message: 'The pod has completed successfully.' }] };
  if (phase === 'Failed') return { cells, conditions: [{ ...COMPLETED, reason: 'Failed', message: 'The pod failed.' }] };
  return { cells };
}

/** The pods' TableConvertor. */
export function newPodTableConvertor(options?: PrinterOptions): PrinterTableConvertor {
  return new PrinterTableConvertor(POD_COLUMNS, printPod, options);
}
