/**
 * Kubernetes' CEL list library (`k8s.io/apiserver/pkg/cel/library/lists.go`): `isSorted`,
 * `sum`, `min`, `max`, `indexOf` and `lastIndexOf` on lists.
 *
 * @module
 */
import { type CelFunc, type CelList, type CelValue, CelScalar, celMethod, listType } from '@bufbuild/cel';
import { celAdd, celEquals, celLess } from './cel-ops.js';

const LIST = listType(CelScalar.DYN);

function isSorted(list: CelList): boolean {
  for (let i = 1; i < list.size; i++) {
    if (celLess(list.get(i) as CelValue, list.get(i - 1) as CelValue) === true) return false;
  }
  return true;
}

function sum(list: CelList): CelValue {
  let total: CelValue | undefined;
  for (const v of list) total = total === undefined ? v : celAdd(total, v);
  return total ?? 0n;
}

function extreme(op: 'min' | 'max', list: CelList): CelValue {
  if (list.size === 0) throw new Error(`${op} called on empty list`);
  let best = list.get(0) as CelValue;
  for (const v of list) {
    const better = op === 'min' ? celLess(v, best) : celLess(best, v);
    if (better === true) best = v;
  }
  return best;
}

function indexOf(list: CelList, value: CelValue, last: boolean): bigint {
  let found = -1;
  for (let i = 0; i < list.size; i++) {
    if (celEquals(list.get(i) as CelValue, value) === true) {
      found = i;
      if (!last) break;
    }
  }
  return BigInt(found);
}

/** The list functions, as `@bufbuild/cel` methods on lists. */
export const listsLibrary: readonly CelFunc[] = [
  celMethod('isSorted', LIST, [], CelScalar.BOOL, function () {
    return isSorted(this);
  }),
  celMethod('sum', LIST, [], CelScalar.DYN, function () {
    return sum(this);
  }),
  celMethod('min', LIST, [], CelScalar.DYN, function () {
    return extreme('min', this);
  }),
  celMethod('max', LIST, [], CelScalar.DYN, function () {
    return extreme('max', this);
  }),
  celMethod('indexOf', LIST, [CelScalar.DYN], CelScalar.INT, function (value) {
    return indexOf(this, value, false);
  }),
  celMethod('lastIndexOf', LIST, [CelScalar.DYN], CelScalar.INT, function (value) {
    return indexOf(this, value, true);
  }),
];
