/**
 * Completion index lists of Indexed Jobs (`"1,3-5,7"`, pkg/apis/batch/validation `validateIndexesFormat`,
 * `parseIndexInterval`): intervals in increasing order, each below `completions`.
 * @module
 */
import { goQuote } from '@apiserver/runtime';

/** Go's `strconv.Atoi` on a decimal string: an optional sign and digits, else undefined. */
export function atoi(s: string): number | undefined {
  if (!/^[+-]?\d+$/.test(s)) return undefined;
  const n = Number(s);
  return Number.isSafeInteger(n) ? n : undefined;
}

function parseInterval(interval: string, completions: number): [number, number] {
  const limits = interval.split('-');
  if (limits.length > 2) {
    throw new Error(`the fragment ${goQuote(interval)} violates the requirement that an index interval can have at most two parts separated by '-'`);
  }
  const bound = (s: string): number => {
    const n = atoi(s);
    if (n === undefined) throw new Error(`cannot convert string to integer for index: ${goQuote(s)}`);
    if (n >= completions) throw new Error(`too large index: ${goQuote(s)}`);
    return n;
  };
  const x = bound(limits[0] ?? '');
  if (limits.length === 1) return [x, x];
  const y = bound(limits[1] ?? '');
  if (x >= y) throw new Error(`non-increasing order, previous: ${x}, current: ${y}`);
  return [x, y];
}

/** The number of indexes in `indexes`; throws an Error with upstream's message when the list is malformed. */
export function countIndexes(indexes: string, completions: number): number {
  if (indexes === '') return 0;
  let last: number | undefined;
  let total = 0;
  for (const interval of indexes.split(',')) {
    const [x, y] = parseInterval(interval, completions);
    if (last !== undefined && last >= x) throw new Error(`non-increasing order, previous: ${last}, current: ${x}`);
    total += y - x + 1;
    last = y;
  }
  return total;
}
