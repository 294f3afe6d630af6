/**
 * Condition bookkeeping of the CSR subresources (pkg/registry/certificates/certificates/strategy.go):
 * `populateConditionTimestamps` and `preserveConditionInstances`.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { nowTime } from '@apiserver/runtime';
import { isRecord, type JSONRecord, recordAt, recordsAt } from '../../../object-fields.js';

const unsetTime = (v: unknown): boolean => v === undefined || v === null || v === '';

/**
 * Fills a missing lastUpdateTime with now, and a missing lastTransitionTime with that of an old condition of the
 * same type and status, else now.
 */
export function populateConditionTimestamps(csr: ApiObject, old: ApiObject, now: () => number = Date.now): void {
  const oldConditions = recordsAt(recordAt(old, 'status'), 'conditions');
  for (const c of recordsAt(recordAt(csr, 'status'), 'conditions')) {
    if (unsetTime(c.lastUpdateTime)) c.lastUpdateTime = nowTime(now);
    if (!unsetTime(c.lastTransitionTime)) continue;
    const same = oldConditions.find((o) => o.type === c.type && o.status === c.status && !unsetTime(o.lastTransitionTime));
    c.lastTransitionTime = same?.lastTransitionTime ?? nowTime(now);
  }
}

/** Puts the old conditions of `type` back in place of the new ones, when there are as many of them. */
export function preserveConditionInstances(csr: ApiObject, old: ApiObject, type: string): void {
  const conditions = recordAt(csr, 'status')?.conditions;
  if (!Array.isArray(conditions)) return;
  const before = recordsAt(recordAt(old, 'status'), 'conditions').filter((c) => c.type === type);
  const indices = conditions.flatMap((c: unknown, i) => (isRecord(c) && c.type === type ? [i] : []));
  if (indices.length !== before.length) return;
  indices.forEach((index, i) => {
    conditions[index] = structuredClone(before[i] as JSONRecord);
  });
}
