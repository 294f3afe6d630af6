/**
 * cel-go's sets extension (`ext.Sets`, in Kubernetes' base environment since 1.29):
 * `sets.contains(a, b)` (every element of `b` is in `a`), `sets.equivalent(a, b)` (each contains
 * the other) and `sets.intersects(a, b)` (some element is in both), with CEL's equality
 * (`sets.contains([1], [1.0])` is true).
 *
 * @module
 */
import { type CelFunc, type CelList, type CelValue, CelScalar, celFunc, listType } from '@bufbuild/cel';
import { celEquals } from './cel-ops.js';

const LIST = listType(CelScalar.DYN);

function has(list: CelList, value: CelValue): boolean {
  for (const v of list) if (celEquals(v as CelValue, value) === true) return true;
  return false;
}

function contains(a: CelList, b: CelList): boolean {
  for (const v of b) if (!has(a, v as CelValue)) return false;
  return true;
}

/** The sets functions. */
export const setsLibrary: readonly CelFunc[] = [
  celFunc('sets.contains', [LIST, LIST], CelScalar.BOOL, contains),
  celFunc('sets.equivalent', [LIST, LIST], CelScalar.BOOL, (a, b) => contains(a, b) && contains(b, a)),
  celFunc('sets.intersects', [LIST, LIST], CelScalar.BOOL, (a, b) => {
    for (const v of a) if (has(b, v as CelValue)) return true;
    return false;
  }),
];
