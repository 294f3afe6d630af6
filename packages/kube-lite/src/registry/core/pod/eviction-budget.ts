/**
 * The disruption-budget side of an eviction (pkg/registry/core/pod/storage/eviction.go): which
 * PodDisruptionBudgets cover a pod, whether one allows another disruption, and the budget as the eviction leaves
 * it (`status.disruptionsAllowed` one lower, the pod in `status.disruptedPods`, the `DisruptionAllowed` condition
 * turned False at zero, as `pdbhelper.UpdateDisruptionAllowedCondition`).
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { labelSelectorAsSelector, newForbidden, StatusError } from '@apiserver/runtime';
import { deepCopy } from '@apiserver/storage';
import { ensureRecord, isInteger, recordAt, recordsAt, stringAt } from '../../../object-fields.js';
import { toSelectorSpec } from '../../apps/replicaset/workload-validation.js';
import { metaTime } from '../persistentvolume/strategy.js';

/**
 * The most pods `status.disruptedPods` may list before evictions are refused (`MaxDisruptedPodSize`): that many
 * evictions were granted and the disruption controller has not caught up.
 */
export const MAX_DISRUPTED_POD_SIZE = 2000;

const REFUSAL = "Cannot evict pod as it would violate the pod's disruption budget.";
const BUDGET_RESOURCE = { group: 'policy', resource: 'poddisruptionbudget' };

/** 429 with one `DisruptionBudget` cause (`errors.NewTooManyRequests` plus the budget's cause). */
function refusal(retryAfterSeconds: number, cause: string): StatusError {
  return new StatusError({
    code: 429,
    reason: 'TooManyRequests',
    message: REFUSAL,
    details: { causes: [{ reason: 'DisruptionBudget', message: cause }], ...(retryAfterSeconds > 0 && { retryAfterSeconds }) },
  });
}

/** The 429 of a budget the disruption controller has not processed yet (`createTooManyRequestsError`), retry after 10 s. */
export function budgetNotProcessed(budgetName: string): StatusError {
  return refusal(10, `The disruption budget ${budgetName} is still being processed by the server.`);
}

function counter(status: Record<string, unknown> | undefined, key: string): number {
  const v = status?.[key];
  return isInteger(v) ? v : 0;
}

/** The budgets of `budgets` whose valid, non-empty selector matches the pod's labels (`getPodDisruptionBudgets`). */
export function budgetsCovering(budgets: readonly ApiObject[], pod: ApiObject): ApiObject[] {
  const labels = pod.metadata.labels ?? {};
  return budgets.filter((pdb) => {
    if (pdb.metadata.namespace !== pod.metadata.namespace) return false;
    const selector = recordAt(recordAt(pdb, 'spec'), 'selector');
    let parsed: ReturnType<typeof labelSelectorAsSelector>;
    try {
      parsed = labelSelectorAsSelector(selector === undefined ? undefined : toSelectorSpec(selector));
    } catch {
      return false;
    }
    // An empty selector would select every pod: a budget must name its pods.
    return parsed.requirements()?.length !== 0 && parsed.matches(labels);
  });
}

/**
 * Whether an unready pod may go without spending the budget (1.32's `unhealthyPodEvictionPolicy`): always under
 * `AlwaysAllow`; otherwise (`IfHealthyBudget`, the default) when the budget's healthy pods are enough.
 */
export function unhealthyPodMayGo(pdb: ApiObject): boolean {
  if (stringAt(recordAt(pdb, 'spec'), 'unhealthyPodEvictionPolicy') === 'AlwaysAllow') return true;
  const desired = counter(recordAt(pdb, 'status'), 'desiredHealthy');
  return desired > 0 && counter(recordAt(pdb, 'status'), 'currentHealthy') >= desired;
}

/** Sets the `DisruptionAllowed` condition from `status.disruptionsAllowed` (`apimeta.SetStatusCondition` semantics). */
function updateDisruptionAllowedCondition(status: Record<string, unknown>, now: number): void {
  const allowed = counter(status, 'disruptionsAllowed') > 0;
  const wanted = { type: 'DisruptionAllowed', status: allowed ? 'True' : 'False', reason: allowed ? 'SufficientPods' : 'InsufficientPods', message: '', observedGeneration: counter(status, 'observedGeneration') };
  const conditions = recordsAt(status, 'conditions');
  const existing = conditions.find((c) => stringAt(c, 'type') === 'DisruptionAllowed');
  if (existing === undefined) {
    status.conditions = [...conditions, { ...wanted, lastTransitionTime: metaTime(now) }];
    return;
  }
  if (stringAt(existing, 'status') !== wanted.status) existing.lastTransitionTime = metaTime(now);
  Object.assign(existing, wanted);
}

/**
 * The budget after this eviction (`checkAndDecrement`), or a refusal: 429 while the controller has not observed
 * the budget's generation or when no disruption is left, 403 for a negative allowance or an overfull
 * `disruptedPods`. On a dry run the budget is only checked (`undefined`: nothing to write).
 */
export function spendDisruption(pdb: ApiObject, podName: string, dryRun: boolean, now: number): ApiObject | undefined {
  const name = pdb.metadata.name ?? '';
  const status = recordAt(pdb, 'status') ?? {};
  if (counter(status, 'observedGeneration') < (pdb.metadata.generation ?? 0)) throw budgetNotProcessed(name);
  const allowed = counter(status, 'disruptionsAllowed');
  if (allowed < 0) throw newForbidden(BUDGET_RESOURCE, name, new Error('pdb disruptions allowed is negative'));
  const disrupted = recordAt(status, 'disruptedPods') ?? {};
  if (Object.keys(disrupted).length > MAX_DISRUPTED_POD_SIZE) {
    throw newForbidden(BUDGET_RESOURCE, name, new Error('DisruptedPods map too big - too many evictions not confirmed by PDB controller'));
  }
  if (allowed === 0) {
    throw refusal(0, `The disruption budget ${name} needs ${counter(status, 'desiredHealthy')} healthy pods and has ${counter(status, 'currentHealthy')} currently`);
  }
  if (dryRun) return undefined;
  const next = deepCopy(pdb);
  const nextStatus = ensureRecord(next, 'status');
  nextStatus.disruptionsAllowed = allowed - 1;
  if (allowed - 1 === 0) updateDisruptionAllowedCondition(nextStatus, now);
  nextStatus.disruptedPods = { ...disrupted, [podName]: metaTime(now) };
  return next;
}
