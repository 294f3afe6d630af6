/**
 * A stable sort as a sliced pass (issue #19): runs of {@link SORTED_RUN} items are sorted by the native sort, then
 * merged pairwise with a yield point after each merged item, so that sorting 160,000 keys never holds the event
 * loop for long. Both sorts are stable, so the order equals `items.slice().sort(compare)` for any consistent
 * comparator.
 */
import { cheapStepDue, type SlicedPass } from './time-slice.js';

/** Items sorted natively in one step before merging. */
const SORTED_RUN = 2048;

function* merge<T>(from: readonly T[], to: T[], lo: number, mid: number, hi: number, compare: (a: T, b: T) => number): SlicedPass<void> {
  let i = lo;
  let j = mid;
  for (let k = lo; k < hi; k++) {
    // Ties take the left run's item first: the merge is stable.
    if (i < mid && (j >= hi || compare(from[i] as T, from[j] as T) <= 0)) to[k] = from[i++] as T;
    else to[k] = from[j++] as T;
    if (cheapStepDue()) yield;
  }
}

/** A sorted copy of `items` (stable, as `Array.prototype.sort`), yielding while it merges. */
export function* sortSteps<T>(items: readonly T[], compare: (a: T, b: T) => number): SlicedPass<T[]> {
  const n = items.length;
  let from: T[] = items.slice();
  if (n <= SORTED_RUN) return from.sort(compare);
  for (let lo = 0; lo < n; lo += SORTED_RUN) {
    const run = from.slice(lo, lo + SORTED_RUN).sort(compare);
    for (let k = 0; k < run.length; k++) from[lo + k] = run[k] as T;
    yield;
  }
  let to: T[] = new Array<T>(n);
  for (let width = SORTED_RUN; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(lo + width, n);
      const hi = Math.min(lo + 2 * width, n);
      yield* merge(from, to, lo, mid, hi, compare);
    }
    [from, to] = [to, from];
  }
  return from;
}
