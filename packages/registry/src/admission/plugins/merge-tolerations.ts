/**
 * Merging two toleration lists (pkg/util/tolerations `MergeTolerations`, as the `RuntimeClass` admission plugin uses
 * it): a toleration another one already covers is dropped, so the result tolerates exactly what either list did.
 * @module
 */

import { isRecord, type JSONRecord } from '../../quota/json-record.js';


function text(t: JSONRecord, field: string): string {
  const v = t[field];
  return typeof v === 'string' ? v : '';
}

/** `tolerationSeconds`, undefined when unset (Go's nil pointer). */
function seconds(t: JSONRecord): number | undefined {
  const v = t['tolerationSeconds'];
  return typeof v === 'number' ? v : undefined;
}

/** `Semantic.DeepEqual` of two tolerations: the same key, operator, value, effect and tolerationSeconds. */
function tolerationsEqual(a: JSONRecord, b: JSONRecord): boolean {
  return (
    text(a, 'key') === text(b, 'key') &&
    text(a, 'operator') === text(b, 'operator') &&
    text(a, 'value') === text(b, 'value') &&
    text(a, 'effect') === text(b, 'effect') &&
    seconds(a) === seconds(b)
  );
}

/** `isSuperset`: whether `ss` tolerates every taint `t` tolerates (for at least as long, for NoExecute). */
function isSuperset(ss: JSONRecord, t: JSONRecord): boolean {
  if (tolerationsEqual(t, ss)) return true;
  // An empty key with the Exists operator matches every key.
  if (text(t, 'key') !== text(ss, 'key') && (text(ss, 'key') !== '' || text(ss, 'operator') !== 'Exists')) return false;
  // An empty effect matches every effect.
  if (text(t, 'effect') !== text(ss, 'effect') && text(ss, 'effect') !== '') return false;
  const limit = seconds(ss);
  if (text(ss, 'effect') === 'NoExecute' && limit !== undefined) {
    const own = seconds(t);
    if (own === undefined || own > limit) return false;
  }
  switch (text(ss, 'operator')) {
    case 'Equal':
    case '':
      return text(t, 'operator') === 'Equal' && text(t, 'value') === text(ss, 'value');
    case 'Exists':
      return true;
    default:
      return false;
  }
}

/**
 * `MergeTolerations`: `first` then `second`, leaving out each toleration that one already kept, or a different later
 * one, is a superset of (of equal tolerations the first is kept). Entries that are not objects are left out.
 */
export function mergeTolerations(first: readonly unknown[], second: readonly unknown[]): Record<string, unknown>[] {
  const all = [...first, ...second].filter(isRecord);
  const merged: JSONRecord[] = [];
  all.forEach((t, i) => {
    if (merged.some((kept) => isSuperset(kept, t))) return;
    if (all.slice(i + 1).some((later) => !tolerationsEqual(t, later) && isSuperset(later, t))) return;
    merged.push(t);
  });
  return merged;
}
