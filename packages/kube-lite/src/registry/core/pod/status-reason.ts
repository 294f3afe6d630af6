/**
 * The READY, STATUS and RESTARTS cells of a pod (pkg/printers/internalversion `printPod`): the phase or
 * reason, overridden by init-container progress, container waiting/terminated reasons, `Completed` turned
 * back to `Running`/`NotReady` while a container still runs, and `Terminating` once deletion started.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { type JSONRecord, numberAt, recordAt, recordsAt, stringAt } from '../../../object-fields.js';

/** The computed status cells of a pod. */
export interface PodStatusSummary {
  /** Ready containers. */
  ready: number;
  /** Containers counted (regular plus restartable init containers). */
  total: number;
  /** The STATUS text. */
  reason: string;
  /** Restarts counted. */
  restarts: number;
  /** Time (epoch ms) of the last restart, when known. */
  lastRestart: number | undefined;
}

interface Restarts {
  count: number;
  last: number | undefined;
}

function addRestarts(acc: Restarts, status: JSONRecord): void {
  acc.count += numberAt(status, 'restartCount') ?? 0;
  const finished = Date.parse(stringAt(recordAt(recordAt(status, 'lastState'), 'terminated'), 'finishedAt'));
  if (!Number.isNaN(finished) && (acc.last === undefined || finished > acc.last)) acc.last = finished;
}

function terminatedReason(terminated: JSONRecord, prefix: string): string {
  const reason = stringAt(terminated, 'reason');
  if (reason !== '') return prefix + reason;
  const signal = numberAt(terminated, 'signal') ?? 0;
  return signal !== 0 ? `${prefix}Signal:${signal}` : `${prefix}ExitCode:${numberAt(terminated, 'exitCode') ?? 0}`;
}

function conditionTrue(status: JSONRecord | undefined, type: string): boolean {
  return recordsAt(status, 'conditions').some((c) => c.type === type && c.status === 'True');
}

interface InitResult {
  reason: string | undefined;
  ready: number;
}

function initContainersReason(spec: JSONRecord | undefined, status: JSONRecord | undefined, all: Restarts, restartable: Restarts): InitResult {
  const inits = recordsAt(spec, 'initContainers');
  const isRestartable = (name: unknown) => inits.some((c) => c.name === name && c.restartPolicy === 'Always');
  const statuses = recordsAt(status, 'initContainerStatuses');
  let ready = 0;
  for (const [i, c] of statuses.entries()) {
    addRestarts(all, c);
    if (isRestartable(c.name)) addRestarts(restartable, c);
    const state = recordAt(c, 'state');
    const terminated = recordAt(state, 'terminated');
    const waitingReason = stringAt(recordAt(state, 'waiting'), 'reason');
    if (terminated !== undefined && (numberAt(terminated, 'exitCode') ?? 0) === 0) continue;
    if (isRestartable(c.name) && c.started === true) {
      if (c.ready === true) ready++;
      continue;
    }
    if (terminated !== undefined) return { reason: terminatedReason(terminated, 'Init:'), ready };
    if (waitingReason !== '' && waitingReason !== 'PodInitializing') return { reason: `Init:${waitingReason}`, ready };
    return { reason: `Init:${i}/${inits.length}`, ready };
  }
  return { reason: undefined, ready };
}

function containersReason(status: JSONRecord | undefined, reason: string): { reason: string; ready: number } {
  let ready = 0;
  let hasRunning = false;
  const statuses = recordsAt(status, 'containerStatuses');
  for (let i = statuses.length - 1; i >= 0; i--) {
    const state = recordAt(statuses[i], 'state');
    const waiting = stringAt(recordAt(state, 'waiting'), 'reason');
    const terminated = recordAt(state, 'terminated');
    if (waiting !== '') reason = waiting;
    else if (terminated !== undefined) reason = terminatedReason(terminated, '');
    else if (statuses[i]?.ready === true && recordAt(state, 'running') !== undefined) {
      hasRunning = true;
      ready++;
    }
  }
  if (reason === 'Completed' && hasRunning) reason = conditionTrue(status, 'Ready') ? 'Running' : 'NotReady';
  return { reason, ready };
}

/** Computes READY, STATUS and RESTARTS of a pod as kubectl prints them. */
export function podStatusSummary(pod: ApiObject): PodStatusSummary {
  const spec = recordAt(pod, 'spec');
  const status = recordAt(pod, 'status');
  const phase = stringAt(status, 'phase');
  let reason = stringAt(status, 'reason') || phase;
  if (recordsAt(status, 'conditions').some((c) => c.type === 'PodScheduled' && c.reason === 'SchedulingGated')) reason = 'SchedulingGated';
  const inits = recordsAt(spec, 'initContainers');
  const total = recordsAt(spec, 'containers').length + inits.filter((c) => c.restartPolicy === 'Always').length;
  const all: Restarts = { count: 0, last: undefined };
  const restartable: Restarts = { count: 0, last: undefined };
  const init = initContainersReason(spec, status, all, restartable);
  let ready = init.ready;
  let restarts = all;
  if (init.reason !== undefined) reason = init.reason;
  if (init.reason === undefined || conditionTrue(status, 'Initialized')) {
    restarts = restartable;
    for (const c of recordsAt(status, 'containerStatuses')) addRestarts(restarts, c);
    const regular = containersReason(status, reason);
    reason = regular.reason;
    ready += regular.ready;
  }
  if (pod.metadata.deletionTimestamp !== undefined) {
    if (stringAt(status, 'reason') === 'NodeLost') reason = 'Unknown';
    else if (phase !== 'Succeeded' && phase !== 'Failed') reason = 'Terminating';
  }
  return { ready, total, reason, restarts: restarts.count, lastRestart: restarts.last };
}
