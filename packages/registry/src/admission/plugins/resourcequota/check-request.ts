/**
 * One request against the quotas of its namespace (plugin/pkg/admission/resourcequota `CheckRequest`): the quotas
 * that select the object, the evaluator's constraints, the usage delta (on UPDATE the growth over the stored
 * object), and for each quota the new `status.used`, or a 403 naming what would exceed.
 * @module
 */
import type { ParsedQuantity } from '@apiserver/runtime';
import type { ApiObject } from '../../../rest/types.js';
import { type QuotaEvaluator, quotaMatches, quotaStatusList } from '../../../quota/evaluator.js';
import {
  addLists,
  formatResourceList,
  isZeroList,
  lessThanOrEqual,
  maskList,
  negativeNames,
  prettyPrint,
  prettyPrintResourceNames,
  subtractWithNonNegativeResult,
} from '../../../quota/resource-list.js';
import { newAdmissionForbidden } from '../../forbidden.js';
import type { Attributes } from '../../interfaces.js';

function quotaName(q: ApiObject): string {
  return q.metadata.name ?? '';
}

/** Whether `status.used` has a value for every limited name in `restricted` (`hasUsageStats`). */
function hasUsageStats(quota: ApiObject, restricted: readonly string[]): boolean {
  const used = quotaStatusList(quota, 'used');
  return [...quotaStatusList(quota, 'hard').keys()].every((name) => !restricted.includes(name) || used.has(name));
}

/** The quotas (by index) that apply to the object, after checking their constraints and that their usage is known. */
function interestingQuotas(quotas: readonly ApiObject[], a: Attributes, evaluator: QuotaEvaluator, obj: ApiObject): number[] {
  const out: number[] = [];
  quotas.forEach((quota, i) => {
    if (!quotaMatches(evaluator, quota, obj)) return;
    const restricted = evaluator.matchingResources([...quotaStatusList(quota, 'hard').keys()]);
    const failure = evaluator.constraints(restricted, obj);
    if (failure !== undefined) throw newAdmissionForbidden(a, `failed quota: ${quotaName(quota)}: ${failure}`);
    if (!hasUsageStats(quota, restricted)) {
      throw newAdmissionForbidden(a, `status unknown for quota: ${quotaName(quota)}, resources: ${prettyPrintResourceNames(restricted)}`);
    }
    out.push(i);
  });
  return out;
}

/** The usage the request adds: the object's, less the stored object's on UPDATE (never negative). */
function deltaUsage(a: Attributes, evaluator: QuotaEvaluator, obj: ApiObject): Map<string, ParsedQuantity> {
  const delta = evaluator.usage(obj);
  const negative = negativeNames(delta);
  if (negative.length > 0) throw newAdmissionForbidden(a, `quota usage is negative for resource(s): ${prettyPrintResourceNames(negative)}`);
  if (a.operation !== 'UPDATE') return delta;
  const prev = a.oldObject;
  if (prev === undefined) throw newAdmissionForbidden(a, 'unable to get previous usage since prior version of object was not found');
  // Without a resourceVersion the old object may be a create-on-update: the whole usage is charged.
  if ((prev.metadata.resourceVersion ?? '') === '') return delta;
  return subtractWithNonNegativeResult(delta, evaluator.usage(prev));
}

/**
 * Checks the request against `quotas` and returns them with the usage they would have once it is admitted (the same
 * array when no quota applies or nothing is charged); throws a 403 StatusError when a quota would be exceeded.
 */
export function checkRequest(quotas: readonly ApiObject[], a: Attributes, evaluator: QuotaEvaluator): readonly ApiObject[] {
  const obj = a.object;
  if (obj === undefined || !evaluator.handles(a)) return quotas;
  const indexes = interestingQuotas(quotas, a, evaluator, obj);
  const delta = deltaUsage(a, evaluator, obj);
  if (isZeroList(delta) || indexes.length === 0) return quotas;
  const out = quotas.map((q) => structuredClone(q));
  for (const i of indexes) {
    const quota = out[i] as ApiObject;
    const hard = quotaStatusList(quota, 'hard');
    const used = quotaStatusList(quota, 'used');
    const requested = maskList(delta, hard.keys());
    const newUsage = addLists(used, requested);
    const { allowed, exceeded } = lessThanOrEqual(maskList(newUsage, requested.keys()), hard);
    if (!allowed) {
      const [r, u, h] = [requested, used, hard].map((list) => prettyPrint(maskList(list, exceeded)));
      throw newAdmissionForbidden(a, `exceeded quota: ${quotaName(quota)}, requested: ${r}, used: ${u}, limited: ${h}`);
    }
    const status = (typeof quota['status'] === 'object' && quota['status'] !== null ? quota['status'] : {}) as Record<string, unknown>;
    quota['status'] = { ...status, used: formatResourceList(newUsage) };
  }
  return out;
}
