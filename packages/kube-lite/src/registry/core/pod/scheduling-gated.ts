/**
 * The SchedulingGated condition of pod create (pkg/registry/core/pod/strategy.go `applySchedulingGatedCondition`): a
 * pod created with scheduling gates starts with `PodScheduled=False`, reason `SchedulingGated`, so that clients see
 * why it waits (kubectl's STATUS column shows `SchedulingGated`).
 * @module
 */
import { ensureRecord, type JSONRecord, recordAt, recordsAt } from '../../../object-fields.js';

/** The reason of the PodScheduled condition of a gated pod. */
export const POD_REASON_SCHEDULING_GATED = 'SchedulingGated';

/** Adds the condition to a new pod with scheduling gates, unless it has a PodScheduled condition already. */
export function applySchedulingGatedCondition(pod: JSONRecord): void {
  if (recordsAt(recordAt(pod, 'spec'), 'schedulingGates').length === 0) return;
  const status = ensureRecord(pod, 'status');
  const conditions = recordsAt(status, 'conditions');
  if (conditions.some((c) => c.type === 'PodScheduled')) return;
  // Go's zero metav1.Time fields encode as null.
  status.conditions = [
    ...conditions,
    {
      type: 'PodScheduled',
      status: 'False',
      lastProbeTime: null,
      lastTransitionTime: null,
      reason: POD_REASON_SCHEDULING_GATED,
      message: 'Scheduling is blocked due to non-empty scheduling gates',
    },
  ];
}
